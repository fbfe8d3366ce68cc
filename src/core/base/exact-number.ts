// A number from the server that a double cannot hold: an ID beyond 2^53 (9007199254740993 would become
// ...992, and `list -q | xargs … delete` would hit another record), or 1e400 (Infinity, which
// JSON.stringify writes as null). Such a number is read (exact-json.ts) and carried as the server's own
// text, and every output format prints that text (jsonText below, format.ts, output.ts, jq.ts). A
// number a double holds exactly stays a plain JS number, so ordinary answers are untouched.

/** set only while jsonText() runs: then toJSON marks the text so that it can be written as a bare number */
let rawMarker: string | undefined

export class ExactNumber {
  constructor(
    /** the number token exactly as the server sent it */
    readonly text: string,
  ) {}

  /** `${id}`, String(id), a path segment, a `-q` line: the server's digits */
  toString(): string {
    return this.text
  }

  /** JSON.stringify outside jsonText() (a trace, an error line) shows the digits, quoted but exact */
  toJSON(): string {
    return rawMarker === undefined ? this.text : rawMarker + this.text
  }
}

/** a plain number or one kept as the server's text */
export type ApiNumber = number | ExactNumber

export function isApiNumber(value: unknown): value is ApiNumber {
  return typeof value === 'number' || value instanceof ExactNumber
}

/**
 * An ID the server sent (`id`, `iid`, `*_id` of every record type in src/api): beyond 2^53 it arrives as
 * an ExactNumber, so the type says it is no plain number. Put it in a path or a line with String() or
 * apiPath, compare it with sameId, never with `===`, `Number()` or arithmetic.
 */
export type ApiId = ApiNumber

/** whether two IDs, as the server sent them or as typed (digits), name the same record: compared as the server's digits */
export function sameId(a: string | ApiId, b: string | ApiId): boolean {
  return String(a) === String(b)
}

/**
 * `value` as JSON text, as JSON.stringify writes it, with every ExactNumber written as its bare token.
 * The marker holds a random part, so that no string from the server can pass for a number.
 */
export function jsonText(value: unknown, indent?: number): string {
  const {text: mark, pattern} = (marker ??= newMarker())
  rawMarker = mark
  let text: string | undefined
  try {
    text = JSON.stringify(value, null, indent)
  } finally {
    rawMarker = undefined
  }
  // undefined (JSON.stringify's answer for undefined) never reaches here: callers pass `data ?? null`
  return text?.includes(mark) ? text.replace(pattern, '$1') : (text as string)
}

let marker: {text: string; pattern: RegExp} | undefined

function newMarker(): {text: string; pattern: RegExp} {
  const text = `forgectl-exact-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}:`
  return {text, pattern: new RegExp(`"${text}([-+.0-9eE]+)"`, 'g')}
}

/**
 * Whether a JSON number token keeps its value as a double: an integer token only if the double prints
 * the same digits (so `-q` and a path show what the server sent); any other token if the double has the
 * same decimal value (`1.50` is 1.5; `0.10000000000000001` and `1e400` are not kept).
 */
export function fitsDouble(token: string): boolean {
  const value = Number(token)
  if (!Number.isFinite(value)) return false
  // -0 is JSON.parse's value too, and prints as 0 like any zero
  if (/^-?\d+$/.test(token)) return String(value) === token || token === '-0'
  return decimalValue(token) === decimalValue(String(value))
}

/** a number's decimal value in one spelling, `<sign><digits>e<exponent>` without leading or trailing zeros */
export function decimalValue(token: string): string {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(token)
  if (!match) return token
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  const digits = (whole + fraction).replace(/^0+/, '')
  const significant = digits.replace(/0+$/, '')
  if (significant === '') return '0'
  // as a BigInt, an exponent of any length compares exactly
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - significant.length)
  return `${sign === '-' ? '-' : ''}${significant}e${power}`
}

/** `a - b` in sign for numbers of either kind: `--sort id` orders 9007199254740993 after ...992 */
export function compareNumbers(a: ApiNumber, b: ApiNumber): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = Number(a)
  const y = Number(b)
  if (x !== y) return x < y ? -1 : 1
  return compareDecimals(decimalValue(String(a)), decimalValue(String(b)))
}

/** two decimalValue() spellings compared by sign, then the place of the first digit, then the digits: no arithmetic, so 1e999999999 costs nothing */
function compareDecimals(x: string, y: string): number {
  const sx = signOf(x)
  const sy = signOf(y)
  if (sx !== sy || sx === 0) return sx - sy
  const [dx, ex] = x.replace('-', '').split('e') as [string, string]
  const [dy, ey] = y.replace('-', '').split('e') as [string, string]
  const tx = BigInt(ex) + BigInt(dx.length)
  const ty = BigInt(ey) + BigInt(dy.length)
  const width = Math.max(dx.length, dy.length)
  const px = dx.padEnd(width, '0')
  const py = dy.padEnd(width, '0')
  const order = tx !== ty ? (tx < ty ? -1 : 1) : px === py ? 0 : px < py ? -1 : 1
  return order === 0 ? 0 : order * sx
}

function signOf(value: string): number {
  return value === '0' ? 0 : value.startsWith('-') ? -1 : 1
}
