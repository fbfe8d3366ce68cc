// Turning API values into cells: pure functions, unit-tested.
import {compareNumbers, ExactNumber, isApiNumber, jsonText} from '../base/exact-number.js'
import {calendarDaysUntil} from '../input/period.js'

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** "3 hours ago", "in 6 days": how people read dates at a terminal */
export function relativeTime(value: string, now = Date.now()): string {
  const time = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value)
  if (Number.isNaN(time)) return value
  const seconds = Math.round((time - now) / 1000)
  const abs = Math.abs(seconds)
  const units: Array<[string, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ]
  // a date is a day: counted in calendar days, as the token audit counts an expiry (period.ts)
  if (ISO_DATE.test(value)) return relativeDays(calendarDaysUntil(value, now))
  if (abs < 60) return seconds <= 0 ? 'just now' : 'in a moment'
  const [unit, size] = units.find(([, s]) => abs >= s)!
  const n = Math.floor(abs / size)
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`
  return seconds < 0 ? `${text} ago` : `in ${text}`
}

function relativeDays(days: number): string {
  if (days === 0) return 'today'
  if (days === -1) return 'yesterday'
  const abs = Math.abs(days)
  // the units relativeTime uses: a year of 365 days, a month of 30
  const [n, unit] = abs >= 365 ? [Math.floor(abs / 365), 'year'] : abs >= 30 ? [Math.floor(abs / 30), 'month'] : [abs, 'day']
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`
  return days < 0 ? `${text} ago` : `in ${text}`
}

export function isDateLike(value: unknown): value is string {
  return typeof value === 'string' && (ISO_DATETIME.test(value) || ISO_DATE.test(value))
}

/** one cell of a table or CSV: scalars as text (a number as the server wrote it), arrays of scalars comma-joined, objects as JSON */
export function cellText(value: unknown, options: {relativeDates?: boolean; now?: number} = {}): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return options.relativeDates && isDateLike(value) ? relativeTime(value, options.now) : value
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof ExactNumber) return String(value)
  if (Array.isArray(value) && value.every(isScalar)) return value.join(', ')
  return jsonText(value)
}

/** a value a cell shows as text: not an object or a list (a number kept as the server's text is a number) */
export function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object' || value instanceof ExactNumber
}

/** RFC 4180: quote a field holding a comma, a quote or a line break; double inner quotes */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(fields: string[]): string {
  return fields.map(csvField).join(',')
}

/** value of a dotted column name: `user.username`, `link.url`; through an array, each element's (`gates.key`) */
export function columnValue(record: unknown, column: string): unknown {
  let value: unknown = record
  const parts = column.split('.')
  for (const [at, part] of parts.entries()) {
    if (Array.isArray(value)) return value.map(item => columnValue(item, parts.slice(at).join('.')))
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

/** `--sort name` ascending, `--sort -created_at` descending; numbers compare as numbers */
export function sortRecords<T>(records: T[], field: string): T[] {
  const descending = field.startsWith('-')
  const key = descending ? field.slice(1) : field
  const sorted = [...records].sort((a, b) => {
    const x = columnValue(a, key)
    const y = columnValue(b, key)
    if (x === y) return 0
    if (x === undefined || x === null) return 1
    if (y === undefined || y === null) return -1
    if (isApiNumber(x) && isApiNumber(y)) return compareNumbers(x, y)
    return String(x).localeCompare(String(y), undefined, {numeric: true})
  })
  return descending ? sorted.reverse() : sorted
}

/**
 * The identifying value of a record, for --quiet: `handle` when the command names the field its
 * records are addressed by (feature flag user lists by IID), else the first of the usual fields.
 */
export function recordId(record: unknown, handle?: string): string | undefined {
  if (isScalar(record)) return record === undefined ? undefined : String(record)
  const r = record as Record<string, unknown>
  const id = handle === undefined ? (r.id ?? r.iid ?? r.key ?? r.name ?? r.relation ?? r.slug) : columnValue(record, handle)
  return id === undefined || id === null ? undefined : String(id)
}

/** the columns a table shows when the command names none: the scalar fields of the first record */
export function inferColumns(records: unknown[], max = 8): string[] {
  const first = records.find(r => !isScalar(r)) as Record<string, unknown> | undefined
  if (!first) return []
  return Object.keys(first)
    .filter(k => isScalar(first[k]) || Array.isArray(first[k]))
    .slice(0, max)
}
