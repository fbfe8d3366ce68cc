// The package as users install a CLI (the README's first lines): `npm pack`, then the tarball installed
// globally into an empty prefix with no dev dependencies (`npm install -g --prefix … --omit=dev`; its
// dependencies from the registry, through npm's cache), then `forgectl` from the prefix's bin/ on PATH:
// --version, `forgectl sandbox` and a command against it. A checkout has files a tarball may lack
// (dist/sandbox is built by a second compiler) and dev dependencies a run might load without saying; only
// an installed copy shows that what the package ships is all it needs.
import {execFile} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative, resolve} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir} from '../helpers/cli.js'
import {isListening, startSandboxProcess} from '../helpers/sandbox-process.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'forgectl-pack-'))
/** the empty prefix `npm install -g` writes to: bin/forgectl and lib/node_modules/forgectl */
const prefix = join(work, 'prefix')
const installedBin = join(prefix, 'bin')
const installedPackage = join(prefix, 'lib/node_modules/forgectl')
/** the node running the tests, first on PATH: the installed bin's `#!/usr/bin/env node` finds it */
const env = {...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false'}
/** a user's PATH after the install: the prefix's bin, node, and the system's own; no checkout tools */
const userPath = `${installedBin}:${dirname(process.execPath)}:/usr/bin:/bin`
/** npm's own words for a registry it could not reach (its "npm error code …" line) */
const UNREACHABLE = /^npm error (code (ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)|network )/m

let packed: string[] = []
let installed: {ok: true} | {ok: false; unreachable: string | undefined; output: string} = {ok: false, unreachable: undefined, output: 'not run'}

beforeAll(async () => {
  const {
    stdout,
  } = // --ignore-scripts: prepack's build is what fresh-dist.ts has checked already (dist/ is not older than src/)
    await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {cwd: root, env})
  const [tarball] = JSON.parse(stdout) as Array<{filename: string; files: Array<{path: string}>}>
  packed = tarball!.files.map(f => f.path)
  mkdirSync(prefix)
  try {
    // --prefer-offline: whatever npm's cache holds is not asked for again (CI reuses the cache)
    await run('npm', ['install', '--global', '--prefix', prefix, join(work, tarball!.filename), '--no-audit', '--no-fund', '--omit=dev', '--prefer-offline'], {cwd: work, env})
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

  it('installed globally into an empty prefix without dev dependencies: forgectl --version, forgectl sandbox, and a command against it', async ctx => {
    if (!installed.ok && installed.unreachable) {
      const note = `the npm registry is unreachable (${installed.unreachable.trim()}): the installed tarball was not tested`
      // CI installed its node_modules from the registry: there it is reachable, and a skip would hide a failure
      if (process.env.CI) throw new Error(note)
      console.warn(`SKIPPED: ${note}`)
      ctx.skip(note)
    }
    if (!installed.ok) throw new Error(`npm install of the tarball failed:\n${installed.output}`)
    // what --omit=dev left out is not there to be loaded by accident
    expect(existsSync(join(installedPackage, 'node_modules/@oclif/core'))).toBe(true)
    const devDependencies = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies as Record<string, string>)
    expect(devDependencies.filter(name => existsSync(join(installedPackage, 'node_modules', name)))).toEqual([])

    const forgectl = (args: string[], extra: Record<string, string> = {}) =>
      run('forgectl', args, {cwd: work, env: {PATH: userPath, HOME: work, FORGECTL_CONFIG_DIR: freshConfigDir(), ...extra}}).catch(error => error as {code: number; stdout: string; stderr: string})
    const version = await forgectl(['--version'])
    expect(version.stdout).toMatch(/^forgectl\/0\.1\.0 /)

    const sandbox = await startSandboxProcess(['--port', '0', '--json'], {command: [join(installedBin, 'forgectl')], env: {PATH: userPath, HOME: work}})
    try {
      const {url, tokens} = JSON.parse(sandbox.firstLine) as {url: string; tokens: Record<string, string>}
      const listed = await forgectl(['labels', 'list', '-p', 'acme/website', '--json'], {FORGECTL_HOST: url, FORGECTL_TOKEN: tokens.developer!})
      expect(listed.stderr).toBe('')
      expect((JSON.parse(listed.stdout) as Array<{name: string}>).length).toBeGreaterThan(0)
      const ended = await sandbox.stop('SIGTERM')
      expect(ended).toMatchObject({code: 0, signal: null})
      expect(await isListening(url)).toBe(false)
    } finally {
      await sandbox.stop('SIGKILL')
    }
  })
})
