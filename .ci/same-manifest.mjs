// The committed manifest must describe the same commands, flags and args as a fresh build (key
// order and the version field may differ).
import {readFileSync} from 'node:fs'

const canonical = value => Array.isArray(value)
  ? value.map(canonical)
  : value && typeof value === 'object'
    ? Object.fromEntries(Object.keys(value).sort().map(k => [k, canonical(value[k])]))
    : value
const [committed, fresh] = process.argv.slice(2).map(f => canonical(JSON.parse(readFileSync(f, 'utf8')).commands))
if (JSON.stringify(committed) !== JSON.stringify(fresh)) {
  const a = new Set(Object.keys(committed)), b = new Set(Object.keys(fresh))
  console.error(`not in the committed manifest: ${[...b].filter(x => !a.has(x)).join(', ') || '-'}; no longer built: ${[...a].filter(x => !b.has(x)).join(', ') || '-'}; otherwise flags or args differ`)
  process.exit(1)
}
