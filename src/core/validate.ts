// Rules the spec states, checked before any request. Each returns the value or throws a UsageError
// naming the flag, so a command can run them on parsed flags or use them inside flag parsers.
import {UsageError} from './errors.js'
import {redactUrl} from './redact.js'

const DATE = /^\d{4}-\d{2}-\d{2}$/
// ISO 8601 as the platform accepts it: a date, or a date and time with optional seconds, fraction and zone.
const DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/

export function validDate(value: string, flag: string): string {
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--${flag} must be a date as YYYY-MM-DD, got "${value}"`)
  }
  return value
}

export function validDateTime(value: string, flag: string): string {
  if (!DATETIME.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T')))) {
    throw new UsageError(`--${flag} must be an ISO 8601 date-time such as 2026-12-31T23:59:00Z, got "${value}"`)
  }
  return value
}

/** an absolute http(s) URL naming a host; a refused value is echoed without its credentials */
export function validHttpUrl(value: string, flag: string, example: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    // reported below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') {
    throw new UsageError(`--${flag} must be an absolute http or https URL such as ${example}, got "${redactUrl(value)}"`)
  }
  return value
}

export function maxLength(value: string, max: number, flag: string): string {
  if ([...value].length > max) throw new UsageError(`--${flag} is ${[...value].length} characters long; the limit is ${max}`)
  return value
}

export function matches(value: string, pattern: RegExp, flag: string, rule: string): string {
  if (!pattern.test(value)) throw new UsageError(`--${flag} ${rule}, got "${value}"`)
  return value
}

export function intInRange(value: string, min: number, max: number, flag: string): number {
  const n = Number(value)
  if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${value}"`)
  return n
}

export function oneOfValues<T extends string | number>(value: T, allowed: readonly T[], flag: string): T {
  if (!allowed.includes(value)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`)
  return value
}

/** flags that go together: all or none (`--start-date` with `--end-date`) */
export function together(flags: Record<string, unknown>, names: string[]): void {
  const given = names.filter(n => flags[n] !== undefined)
  if (given.length > 0 && given.length < names.length) {
    throw new UsageError(`${names.map(n => `--${n}`).join(' and ')} go together: ${names.filter(n => !given.includes(n)).map(n => `--${n}`).join(', ')} is missing`)
  }
}

/** at least one of these must be given (an update with nothing to change) */
export function atLeastOne(flags: Record<string, unknown>, names: string[]): void {
  if (names.every(n => flags[n] === undefined)) throw new UsageError(`nothing to change: give at least one of ${names.map(n => `--${n}`).join(', ')}`)
}
