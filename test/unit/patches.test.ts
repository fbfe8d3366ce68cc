// The build's patch applier (scripts/patches.mjs), which bundles @oclif/core with the edits under
// patches/: a patch applies exactly as written, or the build stops naming it, never half or elsewhere.
import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {describe, expect, it} from 'vitest'
import {applyHunks, parsePatch, patchedFiles} from '../../scripts/patches.mjs'

const root = resolve(import.meta.dirname, '../..')
const FILE = `${['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n')}\n`
const PATCH = `Why: an explanation above the diff, as each patch has.

--- a/lib/numbers.js
+++ b/lib/numbers.js
@@ -3,3 +3,4 @@
 three
-four
+FOUR
+four and a half
 five
`

const apply = (source: string, patch = PATCH) => {
  const [{file, hunks}] = parsePatch(patch, 'test.patch') as [{file: string; hunks: Parameters<typeof applyHunks>[1]}]
  return applyHunks(source, hunks, `test.patch (${file})`)
}

describe('a unified diff', () => {
  it('names its file relative to the package and applies where it says', () => {
    expect(parsePatch(PATCH, 'test.patch').map(p => p.file)).toEqual(['lib/numbers.js'])
    expect(apply(FILE)).toBe('one\ntwo\nthree\nFOUR\nfour and a half\nfive\nsix\nseven\n')
  })

  it('applies to its lines moved by a few lines, as patch(1) does', () => {
    expect(apply(`zero\nminus one\n${FILE}`)).toBe('zero\nminus one\none\ntwo\nthree\nFOUR\nfour and a half\nfive\nsix\nseven\n')
  })

  it('applies a second hunk after a first that added lines', () => {
    const patch = `--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n one\n+one and a half\n two\n@@ -6,2 +7,2 @@\n six\n-seven\n+SEVEN\n`
    expect(apply(FILE, patch)).toBe('one\none and a half\ntwo\nthree\nfour\nfive\nsix\nSEVEN\n')
  })

  it('fails, naming the patch, the file and the hunk, when its lines are no longer there', () => {
    expect(() => apply(FILE.replace('four', 'FOUR'))).toThrow('test.patch (lib/numbers.js): hunk 1 of 1 (at line 3) no longer applies')
    expect(() => apply(FILE.replace('five', 'fifth'))).toThrow(/no longer applies/)
  })

  it('is refused when a hunk holds other than the lines its header counts', () => {
    expect(() => parsePatch(PATCH.replace('@@ -3,3 +3,4 @@', '@@ -3,4 +3,4 @@'), 'test.patch')).toThrow('test.patch: hunk 1 of lib/numbers.js has 3/4 lines where its header says 4/4')
    expect(() => parsePatch('only words', 'test.patch')).toThrow('test.patch: not a unified diff')
  })
})

describe('the patches of @oclif/core (patches/@oclif+core+<version>/)', () => {
  const patched = patchedFiles(root, '@oclif/core')

  it('apply to the installed package, each to the file it names, and change it', () => {
    const files = [...patched.keys()].map(path => path.slice(path.indexOf('/lib/') + 1)).sort()
    expect(files).toEqual(['lib/config/config.js', 'lib/config/plugin.js', 'lib/help/util.js', 'lib/logger.js', 'lib/util/fs.js', 'lib/util/os.js'])
    for (const [path, {contents, patches}] of patched) {
      expect(contents, path).not.toBe(readFileSync(path, 'utf8'))
      expect(patches.length).toBeGreaterThan(0)
    }
  })

  it('each open with why the edit exists', () => {
    for (const name of new Set([...patched.values()].flatMap(p => p.patches))) {
      const text = readFileSync(join(root, name), 'utf8')
      expect(text.slice(0, text.indexOf('\n--- a/')).trim().length, name).toBeGreaterThan(100)
    }
  })
})
