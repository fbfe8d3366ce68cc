// The committed manifest must list the same commands, flags and args as a fresh build (the version
// field may differ).
import {readFileSync} from 'node:fs'

const [committed, fresh] = process.argv.slice(2).map(f => JSON.parse(readFileSync(f, 'utf8')))
const same = JSON.stringify(committed.commands) === JSON.stringify(fresh.commands)
if (!same) {
  const a = new Set(Object.keys(committed.commands)), b = new Set(Object.keys(fresh.commands))
  console.error(`missing in committed: ${[...b].filter(x => !a.has(x)).join(', ') || '-'}; extra: ${[...a].filter(x => !b.has(x)).join(', ') || '-'}; or flags differ`)
}
process.exit(same ? 0 : 1)
