// Whether dist/ was built from the sources as they are: the tests refuse a stale dist/ (vitest's global
// set-up, test/helpers/fresh-dist.ts) and bin/dev.js rebuilds one. What the bundle is made of: src/, the
// patches of dependencies and the build scripts that apply them.
import {readdirSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'

const INPUTS = ['src', 'patches', 'scripts/build.mjs', 'scripts/patches.mjs', 'scripts/trim-manifest.mjs']

/**
 * @param {string} path
 * @returns {{path: string, ms: number}} the file last modified under path (path itself when a file)
 */
function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return {path, ms: stat.mtimeMs}
  let found = {path, ms: 0}
  for (const entry of readdirSync(path)) {
    const candidate = newest(join(path, entry))
    if (candidate.ms > found.ms) found = candidate
  }
  return found
}

/**
 * Why dist/ does not hold what the sources would build, or undefined when it does.
 * @param {string} root the project's root
 * @returns {string | undefined}
 */
export function staleDist(root) {
  let built
  try {
    built = statSync(join(root, 'dist/runtime.cjs')).mtimeMs
  } catch {
    return 'dist/runtime.cjs is missing'
  }
  const source = INPUTS.map(input => newest(join(root, input))).reduce((a, b) => (b.ms > a.ms ? b : a))
  return source.ms > built ? `dist/ is older than ${relative(root, source.path)}` : undefined
}
