// Spans of days for audits (`30d`, `6w`, `1y`): how soon an expiry counts as soon, how long without use
// counts as unused. Not durations (duration.ts): those are waits of a second to a day where a plain
// number is seconds; here a plain number is days, the unit an expiry date is counted in.
import {RuleBroken} from './input.js'

const DAY_MS = 86_400_000
const UNIT_DAYS: Record<string, number> = {h: 1 / 24, d: 1, w: 7, y: 365}
/** ten years: past every token lifetime the platform allows */
export const MAX_PERIOD_DAYS = 3650

export const PERIOD_HINT = 'days, or with a unit: 12h, 30d, 6w, 1y'

/** milliseconds; a plain number is days */
export function parsePeriod(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(h|d|w|y)?\s*$/i.exec(text)
  const days = match ? Number(match[1]) * UNIT_DAYS[(match[2] ?? 'd').toLowerCase()]! : Number.NaN
  if (!(days >= 0 && days <= MAX_PERIOD_DAYS)) throw new RuleBroken(`must be a span of time up to 10 years (${PERIOD_HINT})`)
  return Math.round(days * DAY_MS)
}

/**
 * Whole calendar days (UTC) from the day of `now` to a date's day: 0 today, 1 tomorrow, -1 yesterday;
 * NaN for what is no date. A `YYYY-MM-DD` expiry is counted this way wherever it is shown (a table's
 * `in 3 days`, the token audit's `expires in 3 days`), so that one row never says two day counts: the
 * table's hours-based count said `in 2 days` on the evening of a day the audit counted 3.
 */
export function calendarDaysUntil(date: string, now: number): number {
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`)
  return (day - Math.floor(now / DAY_MS) * DAY_MS) / DAY_MS
}
