// The package as users get it: `npm pack`, installed into an empty project from the tarball (its
// dependencies from the registry, through npm's cache), then `forgectl sandbox` from node_modules/.bin
// and a command against it. A checkout has files a tarball may lack (dist/sandbox is built by a second
// compiler); only an installed copy shows that the sandbox ships and loads outside the checkout.
import {execFile} from 'node:child_process'
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative, resolve} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {isListening, startSandboxProcess} from '../helpers/sandbox-process.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'forgectl-pack-'))
const project = join(work, 'project')
/** the node running the tests, first on PATH: the installed bin's `#!/usr/bin/env node` finds it */
const env = {...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false'}
/** npm's own words for a registry it could not reach (its "npm error code …" line) */
const UNREACHABLE = /^npm error (code (ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)|network )/m

let packed: string[] = []
let installed: {ok: true} | {ok: false; unreachable: string | undefined; output: string} = {ok: false, unreachable: undefined, output: 'not run'}

beforeAll(async () => {
  const {stdout} = await run('npm', ['pack', '--json', '--pack-destination', work], {cwd: root, env})
  const [tarball] = JSON.parse(stdout) as Array<{filename: string; files: Array<{path: string}>}>
  packed = tarball!.files.map(f => f.path)
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), '{"name": "forgectl-pack-check", "private": true}\n')
  try {
    // --prefer-offline: whatever npm's cache holds is not asked for again (CI reuses the cache)
    await run('npm', ['install', join(work, tarball!.filename), '--no-audit', '--no-fund', '--omit=dev', '--prefer-offline', '--no-package-lock'], {cwd: project, env})
    installed = {ok: true}
  } catch (error) {
    const output = `${(error as {stdout?: string}).stdout ?? ''}${(error as {stderr?: string}).stderr ?? ''}`
    installed = {ok: false, unreachable: UNREACHABLE.exec(output)?.[0], output}
  }
}, 120_000)

afterAll(() => rmSync(work, {recursive: true, force: true}))

describe('the packed tarball', () => {
  it('holds every compiled sandbox file and no sources or tests', () => {
    const sandboxDir = join(root, 'dist/sandbox')
    const walk = (dir: string): string[] => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
    const built = walk(sandboxDir).map(f => `dist/sandbox/${relative(sandboxDir, f)}`)
    expect(built).toContain('dist/sandbox/server.js')
    expect(built.filter(f => f.startsWith('dist/sandbox/routes/')).length).toBeGreaterThan(10)
    // the source map: FORGECTL_DEBUG's stack traces name src/ files in an installed copy too (bin/run.js)
    expect(packed).toEqual(expect.arrayContaining(['bin/run.js', 'dist/runtime.cjs', 'dist/runtime.cjs.map', 'oclif.manifest.json', 'oclif.help.json', 'package.json', ...built]))
    // nor bin/dev.js, which builds from the sources
    expect(packed.filter(f => /^(src|test|scripts|patches|bench|\.ci)\//.test(f) || f.endsWith('.ts') || f === 'bin/dev.js')).toEqual([])
  })

  it('installed into an empty project, runs forgectl sandbox from node_modules/.bin and serves forgectl', async ctx => {
    if (!installed.ok && installed.unreachable) {
      const note = `the npm registry is unreachable (${installed.unreachable.trim()}): the installed tarball was not tested`
      console.warn(`SKIPPED: ${note}`)
      ctx.skip(note)
    }
    if (!installed.ok) throw new Error(`npm install of the tarball failed:\n${installed.output}`)

    const sandbox = await startSandboxProcess(['--port', '0', '--json'], {command: [join(project, 'node_modules/.bin/forgectl')], env: {PATH: env.PATH}})
    try {
      const {url, tokens} = JSON.parse(sandbox.firstLine) as {url: string; tokens: Record<string, string>}
      const listed = await runCli(['labels', 'list', '-p', 'acme/website', '--json'], {
        bin: join(project, 'node_modules/forgectl/bin/run.js'),
        env: {FORGECTL_HOST: url, FORGECTL_TOKEN: tokens.developer, FORGECTL_CONFIG_DIR: freshConfigDir()},
      })
      expect(listed.stderr).toBe('')
      expect(listed.code).toBe(0)
      expect(listed.json<Array<{name: string}>>().length).toBeGreaterThan(0)
      const ended = await sandbox.stop('SIGTERM')
      expect(ended).toMatchObject({code: 0, signal: null})
      expect(await isListening(url)).toBe(false)
    } finally {
      await sandbox.stop('SIGKILL')
    }
  }, 30_000)
})
