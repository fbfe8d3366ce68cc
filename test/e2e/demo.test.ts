// The README's first command, `npm run demo`, as a newcomer meets it on a headless machine (over SSH, in a
// container): no CI variable, no D-Bus session bus and so no system keyring, a home of its own, none of
// forgectl's variables. The tour keeps its token in its own settings folder's file and needs none of it
// (issue 36). `npm run demo` is the build (predemo), which fresh-dist.ts has checked, then this script.
import {execFile} from 'node:child_process'
import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {afterAll, expect, it} from 'vitest'

const home = mkdtempSync(join(tmpdir(), 'forgectl-demo-home-'))
const tmp = mkdtempSync(join(tmpdir(), 'forgectl-demo-tmp-'))
afterAll(() => {
  rmSync(home, {recursive: true, force: true})
  rmSync(tmp, {recursive: true, force: true})
})

it('npm run demo passes on a headless machine with a fresh home, and leaves nothing behind', async () => {
  const env: Record<string, string> = {PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), TMPDIR: tmp}
  const {code, stdout, stderr} = await new Promise<{code: number; stdout: string; stderr: string}>(done =>
    execFile(process.execPath, [resolve(import.meta.dirname, '../../scripts/demo.mjs')], {env}, (error, out, err) => done({code: error ? Number(error.code) : 0, stdout: out, stderr: err})),
  )
  expect(stdout, stderr).toContain('Tour complete.')
  expect(stdout).not.toMatch(/keyring|D-?Bus/i)
  expect(stdout).toContain('"token_store": "file"')
  expect(code).toBe(0)
  // its settings folder went with it; nothing was written to the home
  expect(readdirSync(tmp)).toEqual([])
  expect(readdirSync(home)).toEqual([])
}, 60_000)
