// vitest's global set-up: the command tests run the built bundle (dist/), so a dist/ older than src/
// would test yesterday's code and pass or fail for the wrong reason. `npm test` builds first (pretest);
// a bare `npx vitest run` after an edit is refused here with the way out, before any test runs.
import {resolve} from 'node:path'
import {staleDist} from '../../scripts/dist-freshness.mjs'

export default function checkDistIsFresh(): void {
  const stale = staleDist(resolve(import.meta.dirname, '../..'))
  if (stale !== undefined) throw new Error(`${stale}: run \`npm run build\` (or \`npm test\`, which builds first), or the tests would run the code as it was`)
}
