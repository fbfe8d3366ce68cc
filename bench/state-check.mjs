// `npm run bench`, issue 35: the check of a large state file, 50,000 and 100,000 projects (a label and a
// variable each, about 130 bytes a project), and its growth: time(100k) / time(50k) is 2 for a linear
// check (it was about 4.5, the square of the size, while the parser compared every key with every
// earlier one). The file's last project holds a bad colour, so that forgectl reads and checks it whole,
// refuses it in one line (exit 2), and sends nothing: the time is the check's, start-up included. The
// baseline is the yaml package's own parse of the same text in a bare Node script, the floor of any
// check that reads YAML with it: a large text is read by js-yaml first (parse-core.ts), several times
// faster, so that the check is now below that floor.
// Run alone: `node bench/state-check.mjs [projects]` (after `npm run build`).
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

const bin = resolve(import.meta.dirname, '../bin/run.js')
const yaml = createRequire(import.meta.url).resolve('yaml')

/** a state file of `projects` projects, its last one refused */
export function fleetState(projects) {
  const lines = ['version: 1', 'projects:']
  for (let i = 0; i < projects; i++) lines.push(`  fleet/p${i}:`, '    labels:', '      bug: {color: "#d9534f", description: "Something broken"}', '    variables:', '      DEPLOY_ENV: production')
  lines.push('  fleet/last:', '    labels:', '      bug: {color: nope}')
  return `${lines.join('\n')}\n`
}

function timed(args, env = process.env) {
  return new Promise(done => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, args, {env, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', d => (stderr += d))
    child.on('close', code => done({code, ms: Number(process.hrtime.bigint() - started) / 1e6, stderr}))
  })
}

/** forgectl's check of `projects` projects and the bare parse of the same file, in ms */
export async function checkState(projects) {
  const work = mkdtempSync(join(tmpdir(), 'forgectl-bench-state-'))
  try {
    const file = join(work, 'fleet.yaml')
    const text = fleetState(projects)
    writeFileSync(file, text)
    const env = {...process.env, FORGECTL_HOST: 'http://127.0.0.1:9', FORGECTL_TOKEN: 'glpat-bench-0123456789', FORGECTL_CONFIG_DIR: work}
    const check = await timed([bin, 'plan', '-f', file], env)
    const refused = check.code === 2 && /fleet\/last.*nope/.test(check.stderr)
    const parse = await timed(['-e', `require(${JSON.stringify(yaml)}).parseDocument(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'), {uniqueKeys: false}).toJS()`])
    return {projects, mb: text.length / 1e6, ms: check.ms, parseMs: parse.ms, error: refused ? '' : `exit ${check.code}: ${check.stderr.slice(0, 300)}`}
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}

/** the two sizes and the growth between them */
export async function stateCheckGrowth(quick = false) {
  const small = await checkState(quick ? 25_000 : 50_000)
  const large = await checkState(quick ? 50_000 : 100_000)
  return {small, large, growth: large.ms / small.ms, parseGrowth: large.parseMs / small.parseMs}
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const projects = process.argv[2] ? Number(process.argv[2]) : undefined
  console.log(JSON.stringify(projects ? await checkState(projects) : await stateCheckGrowth(), null, 2))
}
