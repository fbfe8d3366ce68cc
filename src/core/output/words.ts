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
