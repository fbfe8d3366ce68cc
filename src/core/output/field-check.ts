// `--columns` and `--sort` name fields of the records. A name the records do not have used to print
// blank cells (or sort nothing) and exit 0; a script then ships blanks. Here such a name is a usage
// error, raised before anything is printed, that lists the fields there are.

import {UsageError} from '../base/errors.js'
import {quoted} from '../base/escape.js'
import {ExactNumber} from '../base/exact-number.js'

/** the fields of the records in the order first seen: the union of their keys */
export function recordFields(records: readonly unknown[]): string[] {
  const seen = new Set<string>()
  for (const record of records) if (isObject(record)) for (const key of Object.keys(record)) seen.add(key)
  return [...seen]
}

/**
 * Why `path` (`name`, `user.username`, `gates.key`) names nothing in these records, or undefined when
 * it does. The first segment must be a field: of the records when there are some, else of the record
 * type (`declared`); with neither, any name passes. Deeper segments are checked where the records
 * show the nested object (inside arrays too: `gates.key` is the key of each gate); where no record
 * holds it (all null), the nested object is not known and the path passes.
 */
export function unknownField(path: string, records: readonly unknown[], declared?: readonly string[]): string | undefined {
  const segments = path.split('.')
  const top = records.some(isObject) ? recordFields(records) : declared
  if (!top) return undefined
  if (!top.includes(segments[0]!)) return `no field ${quoted(segments[0]!)}; available: ${top.join(', ')}`
  let values = records.flatMap(r => (isObject(r) && segments[0]! in r ? [r[segments[0]!]] : []))
  for (let depth = 1; depth < segments.length; depth++) {
    const objects = values.flatMap(v => (Array.isArray(v) ? v : [v])).filter(isObject)
    const prefix = segments.slice(0, depth).join('.')
    if (objects.length === 0) {
      if (values.every(v => v === null || v === undefined)) return undefined
      return `${quoted(prefix)} has no fields`
    }
    const keys = recordFields(objects)
    const segment = segments[depth]!
    if (!keys.includes(segment)) return `no field ${quoted(segments.slice(0, depth + 1).join('.'))}; available: ${keys.map(k => `${prefix}.${k}`).join(', ')}`
    values = objects.flatMap(o => (segment in o ? [o[segment]] : []))
  }
  return undefined
}

/** an unknown field name: a usage error, unless the command already changed something (see ApiCommand) */
export class FieldError extends UsageError {}

/** refuses the first unknown name of a flag's list (exit 2): `--columns: no field "x"; available: id, name` */
export function checkFieldNames(flag: string, names: readonly string[], records: readonly unknown[], declared?: readonly string[]): void {
  for (const name of names) {
    const problem = unknownField(name, records, declared)
    if (problem) throw new FieldError(`${flag}: ${problem}`)
  }
}

/** `-created_at` sorts by created_at, descending */
export function sortField(sort: string): string {
  return sort.startsWith('-') ? sort.slice(1) : sort
}

/**
 * The pages, with the names checked against the first one before it is handed on: a streamed list
 * (`--json --all`) keeps streaming, and still prints nothing when a name is wrong. An empty first
 * page (an empty list) is checked against the record type.
 */
export async function* checkedPages(pages: AsyncIterable<unknown[]>, check: (records: readonly unknown[]) => void): AsyncGenerator<unknown[]> {
  let first = true
  for await (const page of pages) {
    if (first) check(page)
    first = false
    yield page
  }
  if (first) check([])
}

/** a record with fields: not a list, and not a number kept as the server's text */
function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof ExactNumber)
}
