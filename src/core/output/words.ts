// Words, not codes: where the API answers a state as a number, a table shows the spec's word for it.
// Data formats (json, ndjson, yaml, csv) and -q keep the API's value, which is what scripts compare.
// A command declares its mapping (`static words`); the printer asks here for each table cell.

/** per field name, the word for each code the API returns */
export type FieldWords = Readonly<Record<string, Readonly<Record<string, string>>>>

/** the word for `value` in `field`, or the value itself when the field has no words or the code is unknown */
export function wordFor(words: FieldWords | undefined, field: string, value: unknown): unknown {
  const codes = words?.[field]
  // a dotted column through an array (`push_access_levels.access_level`) holds one code per element
  if (codes && Array.isArray(value)) return value.map(item => wordFor(words, field, item))
  if (!codes || (typeof value !== 'number' && typeof value !== 'string')) return value
  // an unknown code stays visible as itself: a newer server may add states
  return codes[String(value)] ?? value
}

/**
 * A record's rows in a table (one record shown as field/value rows): a field whose codes sit inside it
 * (a protected branch's `push_access_levels`, a list of rules) is shown by its worded parts
 * (`push_access_levels.access_level`: `maintainer`), as a list's table column shows them, not as its JSON.
 */
export function recordRows(record: object, words: FieldWords | undefined): string[] {
  return Object.entries(record).flatMap(([field, value]) => {
    const parts = words && value !== null && typeof value === 'object' ? Object.keys(words).filter(key => key.startsWith(`${field}.`)) : []
    return parts.length > 0 ? parts : [field]
  })
}
