// Running forgectl from the sources (bin/dev.js, `npm run dev`): in a copy of the checkout (its own
// dist/, so that this checkout's bundle, which the other tests run, is never rebuilt under them),
// a missing or stale dist/ is built first, with the build's words on stderr, and a fresh one is not.
import {execFile} from 'node:child_process'
import {cpSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, describe, expect, it} from 'vitest'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const copy = mkdtempSync(join(tmpdir(), 'forgectl-dev-'))
afterAll(() => rmSync(copy, {recursive: true, force: true}))

const dev = (...args: string[]) => run(process.execPath, [join(copy, 'bin/dev.js'), ...args], {cwd: copy, env: {PATH: process.env.PATH ?? '', FORGECTL_CONFIG_DIR: join(copy, 'config')}})

describe('bin/dev.js', () => {
  it('builds a checkout without dist/, runs the command, and does not build again until a source changes', async () => {
    for (const path of ['bin', 'src', 'scripts', 'patches', 'package.json', 'tsconfig.json']) cpSync(join(root, path), join(copy, path), {recursive: true})
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'))

    const first = await dev('--version')
    expect(first.stdout).toMatch(/^forgectl\/0\.1\.0 /)
    expect(first.stderr).toContain('forgectl dev: dist/runtime.cjs is missing: npm run build')
    const built = statSync(join(copy, 'dist/runtime.cjs')).mtimeMs

    const second = await dev('labels', 'list', '--help')
    expect(second).toMatchObject({stderr: ''})
    expect(second.stdout).toContain('$ forgectl labels list')
    expect(statSync(join(copy, 'dist/runtime.cjs')).mtimeMs).toBe(built)

    const later = new Date(Date.now() + 5000)
    utimesSync(join(copy, 'src/commands/labels/list.ts'), later, later)
    const third = await dev('--version')
    expect(third.stderr).toContain('forgectl dev: dist/ is older than src/commands/labels/list.ts: npm run build')
    expect(third.stdout).toBe(first.stdout)
    expect(statSync(join(copy, 'dist/runtime.cjs')).mtimeMs).toBeGreaterThan(built)
    // two whole builds: 15 s on a quiet machine, past 60 s on two cores busy with other work (issue 36)
  }, 240_000)
})
