// Every file forgectl saves goes through one writer (src/core/transfer/no-overwrite.ts), which replaces
// only a regular file (issue 35, item 6e): a rename puts the new file in place of whatever has the name,
// and run as root, `--download /dev/stdout --clobber` replaced /dev/stdout's symlink with a regular file.
// Here a symlink (to /dev/null, as /dev/stdout is one to /proc/self/fd/1) or a FIFO stands at the
// name: each is refused before any request and left as it was; and plan --out writes through no symlink.
import {execFileSync} from 'node:child_process'
import {chmodSync, chownSync, existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

type Kind = 'symlink' | 'FIFO'
/** a name in a fresh folder with a `kind` at it, and how to tell it is still there, untouched */
function standing(kind: Kind): {path: string; intact(): boolean} {
  const path = join(mkdtempSync(join(tmpdir(), 'forgectl-writer-')), 'out')
  if (kind === 'symlink') symlinkSync('/dev/null', path)
  if (kind === 'FIFO') execFileSync('mkfifo', [path])
  return {
    path,
    intact: () => {
      const stats = lstatSync(path)
      return kind === 'symlink' ? stats.isSymbolicLink() && readlinkSync(path) === '/dev/null' : stats.isFIFO()
    },
  }
}

describe('the one file writer', () => {
  it.each(['symlink', 'FIFO'] as const)('never replaces a %s with a download, --clobber or not: refused before any request (exit 2)', async kind => {
    const target = standing(kind)
    const {result, requests} = await sb.runCounted(['api', 'GET', '/sandbox/blobs/100', '--download', target.path, '--clobber'])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toBe(`Error: ${target.path} is a ${kind}, not a regular file: only a regular file is replaced (- writes to standard output)\n`)
    expect(requests).toBe(0)
    expect(target.intact()).toBe(true)
  })

  it('never writes a saved plan through a symlink, even to a saved plan', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-writer-'))
    const state = join(folder, 'state.yaml')
    writeFileSync(state, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      writer: {color: "#ff0000"}\n')
    const real = join(folder, 'elsewhere.json')
    expect((await sb.run(['plan', '-f', state, '--out', real], {as: 'admin'})).code).toBe(0)
    const before = readFileSync(real, 'utf8')
    const link = join(folder, 'plan.json')
    symlinkSync(real, link)
    const result = await sb.run(['plan', '-f', state, '--out', link], {as: 'admin'})
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: ${link} is a symlink, not a regular file: only a regular file is replaced (- writes to standard output)\n`)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readFileSync(real, 'utf8')).toBe(before)
  })

  // issue 35: the temporary file goes beside the target, then takes its name; in a folder any user may
  // write in without the sticky bit, another user could put a file of theirs in its place meanwhile.
  // Root makes the folders of another user (uid 4242) here; as any other user the test cannot.
  const asRoot = process.geteuid?.() === 0
  /** a fresh folder of another user's with `mode` */
  const othersFolder = (mode: number) => {
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-writer-'))
    chownSync(folder, 4242, 4242)
    chmodSync(folder, mode)
    return folder
  }

  it.skipIf(!asRoot)("never writes in another user's folder that anyone may write in without the sticky bit: refused before any request (exit 2)", async () => {
    const folder = othersFolder(0o777)
    const {result, requests} = await sb.runCounted(['api', 'GET', '/sandbox/blobs/100', '--download', join(folder, 'blob.bin')])
    expect(result.stderr).toBe(
      `Error: refusing to write in the folder ${folder}: any user may write in it (no sticky bit) and could swap the temporary file for one of their own; write into a folder of your own\n`,
    )
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(existsSync(join(folder, 'blob.bin'))).toBe(false)
    const planned = await sb.run(['plan', '-f', join(mkdtempSync(join(tmpdir(), 'forgectl-writer-')), 'none.yaml'), '--out', join(folder, 'plan.json')], {as: 'admin'})
    expect(planned.stderr).toMatch(/^Error: refusing to write in the folder .*any user may write in it/)
  })

  it.skipIf(!asRoot)("writes in another user's folder shared with a group, or with the sticky bit (/tmp)", async () => {
    for (const mode of [0o2775, 0o1777]) {
      const folder = othersFolder(mode)
      const result = await sb.run(['api', 'GET', '/sandbox/blobs/100', '--download', join(folder, 'blob.bin')])
      expect(result.code, result.stderr).toBe(0)
      expect(existsSync(join(folder, 'blob.bin'))).toBe(true)
    }
  })
})
