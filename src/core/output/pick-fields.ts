// `--columns` in the data formats (json, ndjson, yaml): a script asked for some fields and must get
// those, not the whole record. The record keeps its shape, pruned: `user.username` gives
// {"user": {"username": …}} (the path a jq filter or a script already uses), through lists too
// (`gates.key` gives {"gates": [{"key": …}, …]}). Pure, unit-tested.

import {ExactNumber} from '../base/exact-number.js'

/**
 * The record with only the fields `columns` name, in the order first named; a nested field keeps its
 * parent object (or list of objects). A field the record lacks stays absent, as it was; a value that
 * is not a record (a number, a list of names) is returned as it is.
 */
export function pickFields(record: unknown, columns: readonly string[]): unknown {
  if (Array.isArray(record)) return record.map(item => pickFields(item, columns))
  if (!isRecord(record)) return record
  // the paths grouped by their first field, in the order the user named them
  const groups = new Map<string, string[] | 'whole'>()
  for (const column of columns) {
    const [head, ...rest] = column.split('.')
    const known = groups.get(head!)
    if (rest.length === 0 || known === 'whole') groups.set(head!, 'whole')
    else groups.set(head!, [...(known ?? []), rest.join('.')])
  }
  // fromEntries: a field named __proto__ (the server's JSON may hold one) stays a field
  return Object.fromEntries([...groups].filter(([field]) => Object.hasOwn(record, field)).map(([field, inner]) => [field, inner === 'whole' ? record[field] : pickFields(record[field], inner)]))
}

/** the records of a page, each pruned to `columns` */
export function pickPage(page: unknown[], columns: readonly string[]): unknown[] {
  return page.map(record => pickFields(record, columns))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof ExactNumber)
}
