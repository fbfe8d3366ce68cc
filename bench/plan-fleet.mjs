// `npm run bench`, issues 28 and 37: `forgectl plan` over a fleet of sandbox projects with five sections
// each, every request delayed, against the floor of the same reads made one at a time (the requests the
// plan made × the latency: no sequential run can beat it). Issue 37 names labels, variables, protected
// branches, members and settings: the members section reads the project's direct members (every page),
// the settings section one GET of the project's own record.
// Run alone: `node bench/plan-fleet.mjs [projects]` (after `npm run build`).
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {startSandbox} from '../dist/sandbox/server.js'

const bin = resolve(import.meta.dirname, '../bin/run.js')

const STATE = `version: 1
projects:
  "fleet/*":
    labels:
      bench: {color: red}
    variables:
      BENCH: one
    protected_branches:
      main: {push_access_level: maintainer}
    members:
      bob: developer
    settings:
      only_allow_merge_if_pipeline_succeeds: true
`

/** the sections each project of the fleet has, as the bench's rows name them */
export const FLEET_SECTIONS = ['labels', 'variables', 'protected branches', 'members', 'settings']

/** the plan's figures: time, requests (its own summary line), the floor, and the ratio */
export async function planOverFleet({projects = 1000, latencyMs = 50} = {}) {
  const work = mkdtempSync(join(tmpdir(), 'forgectl-bench-fleet-'))
  const sandbox = await startSandbox({seedProjects: projects, seedProjectsUnder: 'fleet', jobDelayMs: 100})
  try {
    const file = join(work, 'fleet.yaml')
    writeFileSync(file, STATE)
    sandbox.store.options.latencyMs = latencyMs
    const env = {...process.env, FORGECTL_HOST: sandbox.url, FORGECTL_TOKEN: sandbox.tokens.admin, FORGECTL_CONFIG_DIR: work}
    const started = process.hrtime.bigint()
    const {code, stdout, stderr} = await new Promise(done => {
      const child = spawn(process.execPath, [bin, 'plan', '-f', file], {env, stdio: ['ignore', 'pipe', 'pipe']})
      let out = ''
      let err = ''
      child.stdout.on('data', d => (out += d))
      child.stderr.on('data', d => (err += d))
      child.on('close', status => done({code: status, stdout: out, stderr: err}))
    })
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const summary = /^Plan: .*\((\d+) scopes read in (\d+) requests\)\.$/m.exec(stdout)
    const requests = summary ? Number(summary[2]) : Number.NaN
    const floorMs = requests * latencyMs
    return {projects, latencyMs, code, ms, requests, scopes: summary ? Number(summary[1]) : Number.NaN, floorMs, ratio: floorMs / ms, error: code === 0 ? '' : stderr.slice(0, 300)}
  } finally {
    await sandbox.close()
    rmSync(work, {recursive: true, force: true})
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await planOverFleet({projects: Number(process.argv[2] ?? 1000)})
  console.log(JSON.stringify(figures, null, 2))
}
