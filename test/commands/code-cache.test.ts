// bin/run.js loads dist/runtime.cjs through V8's code cache (dist/runtime.cjs.cache). A cache that is
// missing, damaged or older than the bundle must never break or mislead a run: forgectl runs uncached
// and writes a new one. Each test works on its own copy of the installed files.
import {copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {RunResult} from '../helpers/cli.js'
import {startForwardProxy} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const root = resolve(import.meta.dirname, '../..')
const sb = useSandbox()

type Run = (...args: string[]) => Promise<RunResult>

/** bin, dist/runtime.cjs (without its cache), package.json and the manifest with its help part, as npm would install them */
function install(): {bundle: string; cache: string; run: Run; runWith: (env: Record<string, string>) => Run} {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-install-'))
  cpSync(join(root, 'bin'), join(dir, 'bin'), {recursive: true})
  mkdirSync(join(dir, 'dist'))
  for (const file of ['dist/runtime.cjs', 'package.json', 'oclif.manifest.json', 'oclif.help.json']) copyFileSync(join(root, file), join(dir, file))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  const runWith =
    (env: Record<string, string>): Run =>
    (...args) =>
      sb.run(args, {bin: join(dir, 'bin/run.js'), env})
  return {bundle: join(dir, 'dist/runtime.cjs'), cache: join(dir, 'dist/runtime.cjs.cache'), run: runWith({}), runWith}
}

/** in whole milliseconds, as bin/run.js compares them */
const mtime = (file: string) => Math.trunc(statSync(file).mtimeMs)

describe('the code cache', () => {
  it('is written by the first run and used, not rewritten, by the next', async () => {
    const {cache, run} = install()
    const first = await run('labels', 'list', '--help')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('USAGE')
    const written = mtime(cache)
    const second = await run('labels', 'list', '--help')
    expect({...second, json: undefined}).toEqual({...first, json: undefined})
    expect(mtime(cache)).toBe(written)
  })

  it('replaces a damaged cache and still runs', async () => {
    const {cache, run} = install()
    const garbage = Buffer.alloc(4096, 7)
    writeFileSync(cache, garbage)
    const result = await run('--version')
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(result.stdout).toMatch(/^forgectl\/\d/)
    expect(readFileSync(cache).equals(garbage)).toBe(false)
    const rewritten = mtime(cache)
    expect((await run('--version')).code).toBe(0)
    expect(mtime(cache)).toBe(rewritten)
  })

  it('ignores a cache older than the bundle, even when the new bundle has the same length', async () => {
    const {bundle, cache, run} = install()
    // compiles the message into the cache
    const before = await run('mirrors', 'get', '-p', 'a/b', 'abc')
    expect(before.stderr).toContain('MIRROR_ID "abc": must be a positive whole number')
    // an update that keeps the file's length: V8 alone would take the old cache for it
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replaceAll('must be a positive whole number', 'MUST BE A POSITIVE WHOLE NUMBER'))
    utimesSync(bundle, new Date(), new Date(mtime(cache) + 2000))
    const after = await run('mirrors', 'get', '-p', 'a/b', 'abc')
    expect(after.code).toBe(2)
    expect(after.stderr).toContain('MIRROR_ID "abc": MUST BE A POSITIVE WHOLE NUMBER')
    expect(mtime(cache)).toBeGreaterThanOrEqual(mtime(bundle))
  })

  it('loads packages on demand from a cached run', async () => {
    const {cache, run} = install()
    await run('labels', 'list', '--help')
    const written = mtime(cache)
    // yaml is outside the bundle: imported through the launcher's importModule (bin/run.js)
    const result = await run('labels', 'get', 'bug', '-p', 'acme/platform/api', '-o', 'yaml')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^name: bug$/m)
    expect(result.stderr).not.toMatch(/ERR_VM|callback|\n\s+at /)
    expect(mtime(cache)).toBe(written)
  })

  it('runs the not-found hook from a cached run: a mistyped command exits 2 with the near miss', async () => {
    const {cache, run} = install()
    await run('labels', 'list', '--help')
    const written = mtime(cache)
    const result = await run('lables', 'list')
    expect(result).toMatchObject({code: 2, stdout: ''})
    expect(result.stderr).toBe('Error: unknown command "lables list"\nDid you mean: forgectl labels list\n')
    expect(mtime(cache)).toBe(written)
  })

  it('is written by a run that sends a request through a proxy, and the next run takes it', async () => {
    // bin/run.js changes a V8 flag before a run's first request through undici, that is a proxied one
    // (its launcher's beforeUndiciRequest); a cache written after the change would be refused by every
    // later run
    const {cache, run, runWith} = install()
    const proxy = await startForwardProxy()
    try {
      const first = await runWith({HTTP_PROXY: proxy.url})('labels', 'get', 'bug', '-p', 'acme/platform/api', '--json')
      expect(first.code, first.stderr).toBe(0)
      expect(first.json()).toMatchObject({name: 'bug'})
      expect(proxy.seen.length).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
    const written = mtime(cache)
    for (const args of [
      ['labels', 'list', '--help'],
      ['labels', 'get', 'bug', '-p', 'acme/platform/api', '--json'],
    ]) {
      expect((await run(...args)).code).toBe(0)
      expect(mtime(cache)).toBe(written)
    }
  })

  it('is rewritten after a run with FORGECTL_CODE_CACHE=refresh, as the build does to add a command run', async () => {
    const {cache, run, runWith} = install()
    await run('labels', 'list', '--help')
    const first = readFileSync(cache)
    // a run that compiles more than help: its cache holds both runs' code
    expect((await runWith({FORGECTL_CODE_CACHE: 'refresh'})('labels', 'get', 'bug', '-p', 'acme/platform/api', '--dry-run')).code).toBe(0)
    const refreshed = readFileSync(cache)
    expect(refreshed.length).toBeGreaterThan(first.length)
    const written = mtime(cache)
    expect((await run('labels', 'list', '--help')).code).toBe(0)
    expect(mtime(cache)).toBe(written)
  })
})
