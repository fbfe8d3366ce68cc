// vitest's global set-up: the command tests run the built bundle (dist/), so a dist/ older than src/
// would test yesterday's code and pass or fail for the wrong reason. `npm test` builds first (pretest);
// a bare `npx vitest run` after an edit is refused here with the way out, before any test runs.
import {readdirSync, statSync} from 'node:fs'
import {join, resolve} from 'node:path'

const root = resolve(import.meta.dirname, '../..')

function newest(dir: string): {path: string; ms: number} {
  let found = {path: dir, ms: 0}
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name)
    const candidate = entry.isDirectory() ? newest(path) : {path, ms: statSync(path).mtimeMs}
    if (candidate.ms > found.ms) found = candidate
  }
  return found
}

export default function checkDistIsFresh(): void {
  const bundle = join(root, 'dist/runtime.cjs')
  let built: number
  try {
    built = statSync(bundle).mtimeMs
  } catch {
    throw new Error('dist/runtime.cjs is missing: run `npm run build` (or `npm test`, which builds first)')
  }
  const source = newest(join(root, 'src'))
  if (source.ms > built) {
    throw new Error(`dist/ is older than ${source.path.slice(root.length + 1)}: the tests would run the code as it was. Run \`npm run build\` (or \`npm test\`, which builds first)`)
  }
}
