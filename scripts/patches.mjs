// Applies the reviewable patches under patches/<package>+<version>/ to a package's files as the build
// bundles them (scripts/build.mjs), without patch-package or a patch binary: unified diffs as `diff -u`
// and `git diff` write them, each opening with the reasons for its edit. A patch applies exactly (its
// context and removed lines as they are, a hunk moved by some lines at most) or the build fails naming
// the patch and its hunk: an upgrade of the package that moves the code must be reviewed, not guessed at.
import {readdirSync, readFileSync, realpathSync} from 'node:fs'
import {join} from 'node:path'

/**
 * The hunks of one unified diff, each for the file its `+++ b/…` line names (relative to the package).
 * @param {string} text
 * @param {string} name the patch's file name, for errors
 * @returns {{file: string, hunks: {oldStart: number, lines: string[]}[]}[]}
 */
export function parsePatch(text, name) {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  /** @type {{file: string, hunks: {oldStart: number, lines: string[]}[]}[]} */
  const files = []
  let i = 0
  while (i < lines.length) {
    if (!(lines[i].startsWith('--- ') && lines[i + 1]?.startsWith('+++ '))) {
      i++ // the explanation above the diff, or a `diff --git` line
      continue
    }
    const file = lines[i + 1].slice(4).split('\t')[0].replace(/^b\//, '')
    const entry = {file, hunks: []}
    files.push(entry)
    i += 2
    while (i < lines.length && lines[i].startsWith('@@ ')) {
      const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(lines[i])
      if (!header) throw new Error(`${name}: unreadable hunk header: ${lines[i]}`)
      const [oldCount, newCount] = [Number(header[2] ?? 1), Number(header[3] ?? 1)]
      const hunk = {oldStart: Number(header[1]), lines: []}
      let [seenOld, seenNew] = [0, 0]
      i++
      while (i < lines.length && (seenOld < oldCount || seenNew < newCount || lines[i].startsWith('\\'))) {
        const line = lines[i]
        if (line.startsWith('\\')) {
          // "\ No newline at end of file": none of the patched files needs it
          throw new Error(`${name}: patches of a file without a final newline are not supported (${file})`)
        } else if (line[0] === ' ' || line === '') {
          seenOld++
          seenNew++
          hunk.lines.push(` ${line.slice(1)}`)
        } else if (line[0] === '-' || line[0] === '+') {
          if (line[0] === '-') seenOld++
          else seenNew++
          hunk.lines.push(line)
        } else {
          break
        }
        i++
      }
      if (seenOld !== oldCount || seenNew !== newCount)
        throw new Error(`${name}: hunk ${entry.hunks.length + 1} of ${file} has ${seenOld}/${seenNew} lines where its header says ${oldCount}/${newCount}`)
      entry.hunks.push(hunk)
    }
    if (entry.hunks.length === 0) throw new Error(`${name}: no hunks for ${file}`)
  }
  if (files.length === 0) throw new Error(`${name}: not a unified diff (no ---/+++ lines)`)
  return files
}

/** how far from its stated line a hunk may have moved and still apply (patch(1) searches the whole file) */
const MAX_OFFSET = 200

/**
 * source with the hunks applied, or an error naming the patch, the file and the hunk that does not apply
 * @param {string} source
 * @param {{oldStart: number, lines: string[]}[]} hunks
 * @param {string} where `<patch> (<file>)`, for errors
 */
export function applyHunks(source, hunks, where) {
  const noFinalNewline = !source.endsWith('\n')
  const lines = source.split('\n')
  if (!noFinalNewline) lines.pop()
  let offset = 0
  hunks.forEach((hunk, n) => {
    const old = hunk.lines.filter(l => l[0] !== '+').map(l => l.slice(1))
    const added = hunk.lines.filter(l => l[0] !== '-').map(l => l.slice(1))
    // a hunk without old lines inserts after its line; any other starts at it
    const stated = hunk.oldStart - (old.length === 0 ? 0 : 1)
    const expected = stated + offset
    const matches = at => old.every((line, k) => lines[at + k] === line)
    let at
    for (let d = 0; d <= MAX_OFFSET && at === undefined; d++) {
      if (expected - d >= 0 && matches(expected - d)) at = expected - d
      else if (matches(expected + d) && expected + d + old.length <= lines.length) at = expected + d
    }
    if (at === undefined) {
      throw new Error(`${where}: hunk ${n + 1} of ${hunks.length} (at line ${hunk.oldStart}) no longer applies: its lines are not in the file. Review the patch against the installed package`)
    }
    lines.splice(at, old.length, ...added)
    offset = at - stated + added.length - old.length
  })
  return lines.join('\n') + (noFinalNewline ? '' : '\n')
}

/**
 * Every patch of patches/<package>+<version>/, applied in the order of their names: absolute path of
 * each patched file → its patched contents, and the patches that touched it. Fails when the installed
 * version is not the one the patches were written for, or when a patch does not apply.
 * @param {string} root the project's root
 * @param {string} packageName e.g. '@oclif/core'
 * @returns {Map<string, {contents: string, patches: string[]}>}
 */
export function patchedFiles(root, packageName) {
  // the path esbuild loads it by, through any symbolic link
  const packageDir = realpathSync(join(root, 'node_modules', packageName))
  const {version} = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  const prefix = `${packageName.replace('/', '+')}+`
  const dirs = readdirSync(join(root, 'patches')).filter(d => d.startsWith(prefix))
  const dir = `${prefix}${version}`
  if (!dirs.includes(dir)) {
    throw new Error(
      `patches/ holds ${dirs.join(', ') || 'no patches'} for ${packageName}, and ${version} is installed: port the patches to ${version} (patches/README.md) or install the version they were written for`,
    )
  }
  /** @type {Map<string, {contents: string, patches: string[]}>} */
  const files = new Map()
  for (const name of readdirSync(join(root, 'patches', dir))
    .filter(f => f.endsWith('.patch'))
    .sort()) {
    const label = `patches/${dir}/${name}`
    for (const {file, hunks} of parsePatch(readFileSync(join(root, 'patches', dir, name), 'utf8'), label)) {
      const path = join(packageDir, file)
      const before = files.get(path) ?? {contents: readFileSync(path, 'utf8'), patches: []}
      files.set(path, {contents: applyHunks(before.contents, hunks, `${label} (${file})`), patches: [...before.patches, label]})
    }
  }
  return files
}
