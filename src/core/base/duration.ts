// Durations as people write them (`90`, `90s`, `1500ms`, `5m`, `2h`) for --timeout, --interval and
// `config set timeout`: one parser, one range, one message, so a flag and a stored setting agree.
import {refused} from './input-error.js'

/** the shortest wait worth asking for; below it every request would time out */
export const MIN_DURATION_SECONDS = 1
/** a day: far below setTimeout's 2^31-1 ms (24.8 days), past which Node fires at once with a TimeoutOverflowWarning */
export const MAX_DURATION_SECONDS = 24 * 60 * 60

const DAY_MS = 86_400_000

const UNIT_SECONDS: Record<string, number> = {ms: 0.001, s: 1, m: 60, h: 3600}

export const DURATION_HELP = 'seconds, or with a unit: 1500ms, 90s, 5m, 2h; from 1s to 24h'

/** seconds (possibly fractional); a plain number is seconds; out of range or unreadable: a usage error naming `what` */
export function parseDuration(input: string, what: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?\s*$/i.exec(input)
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[(match[2] ?? 's').toLowerCase()]! : Number.NaN
  if (!(seconds >= MIN_DURATION_SECONDS && seconds <= MAX_DURATION_SECONDS)) {
    throw refused(what, input, 'must be a duration from 1s to 24h (a number of seconds, or with a unit: 1500ms, 90s, 5m, 2h)')
  }
  return seconds
}

/** `1m 30s`, `2h 5m`, `30 s`, `2.5 s`, `40 ms`: long waits in units a person reads, short ones to a tenth of a second; past a day, `11d 13h` */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  // a wait a server asks for (Retry-After) may be any length; a year is already an answer to "how long?"
  if (ms > 365 * DAY_MS) return 'more than a year'
  if (ms > DAY_MS) {
    const hours = Math.floor(ms / 3_600_000)
    const d = Math.floor(hours / 24)
    return hours % 24 > 0 ? `${d}d ${hours % 24}h` : `${d}d`
  }
  const seconds = ms / 1000
  if (seconds < 10) return `${Number(seconds.toFixed(1))} s`
  if (seconds < 60) return `${Math.round(seconds)} s`
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return m > 0 ? `${h}h ${m}m` : `${h}h`
  return s > 0 ? `${m}m ${s}s` : `${m}m`
}
