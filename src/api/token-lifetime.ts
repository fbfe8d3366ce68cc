// The expiry of a rotated token. Without expires_at the platform makes the new token "valid one week",
// whatever the old one's lifetime was: a job that rotates a week before expiry would then rotate every
// day. So every rotate command sends expires_at itself: today plus the old token's lifetime (its
// expires_at minus its created_at), within the platform's maximum, and says what it chose.
import {CliError, Interrupted} from '../core/base/errors.js'
import type {PersonalAccessToken, TokenRotation} from './tokens.js'

/** "expires_at: if undefined, set to the maximum allowed lifetime": a year on the platform (an administrator may set less) */
export const MAX_TOKEN_LIFETIME_DAYS = 365
/**
 * The longest lifetime sent: the platform counts its year from its own day, in the instance's time
 * zone, which west of UTC is still yesterday for hours after UTC midnight; a year from UTC's today
 * would then be refused (400), so a day less is sent, which every time zone accepts.
 */
export const SENT_MAX_LIFETIME_DAYS = MAX_TOKEN_LIFETIME_DAYS - 1
const DAY_MS = 86_400_000

export interface RotationExpiry {
  /** the body of the rotate request */
  input: TokenRotation
  /** how the expiry was chosen, for the note after the rotation */
  because: string
  /** the old record gave no usable lifetime: the server chooses, and the note is a warning */
  serverChooses?: boolean
  /** a dry run: the old token was not read, so expires_at is not in the request shown */
  notRead?: boolean
}

/** the platform's forms: a date, or an ISO 8601 date-time with its offset */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$)/

/**
 * Midnight UTC of the day of a date (`YYYY-MM-DD`) or a date-time; NaN for anything else. Date.parse
 * alone would take "1" for 2001 and roll 2026-02-30 over into March: an odd record gives no lifetime.
 */
export function utcDay(value: unknown): number {
  const date = typeof value === 'string' ? ISO_DATE.exec(value) : null
  if (!date) return Number.NaN
  const [year, month, day] = date.slice(1, 4).map(Number) as [number, number, number]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return Number.NaN
  const time = Date.parse(date[0].length === 10 ? `${value}T00:00:00Z` : (value as string))
  return Math.floor(time / DAY_MS) * DAY_MS
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/**
 * The expiry that gives the new token the old one's lifetime, counted from `now`'s UTC day: at least
 * a day, at most the platform's maximum (also for an old token that never expired). A record whose
 * dates do not make a lifetime (missing, unparsable, expiring before it was created) leaves the choice
 * to the server.
 */
export function keptExpiry(old: Partial<Pick<PersonalAccessToken, 'created_at' | 'expires_at'>>, now = Date.now()): RotationExpiry {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const from = (n: number): TokenRotation => ({expires_at: new Date(today + n * DAY_MS).toISOString().slice(0, 10)})
  const max = SENT_MAX_LIFETIME_DAYS
  const longest = `the longest lifetime the platform surely takes, ${days(max)} (its maximum of ${days(MAX_TOKEN_LIFETIME_DAYS)} counts from its own day)`
  if (old.expires_at === null) return {input: from(max), because: `${longest}, as the old token never expired`}
  const lifetime = (utcDay(old.expires_at) - utcDay(old.created_at)) / DAY_MS
  if (!(lifetime >= 0)) {
    const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : String(v))
    return {input: {}, serverChooses: true, because: `the old token's record gives no lifetime (created_at ${shown(old.created_at)}, expires_at ${shown(old.expires_at)})`}
  }
  if (lifetime > max) return {input: from(max), because: `${longest}; the old token's was ${days(lifetime)}`}
  const kept = Math.max(1, lifetime)
  return {input: from(kept), because: `the old token's lifetime of ${days(kept)}`}
}

/**
 * What a rotate command sends: --expires-at as given; else the old token's lifetime, from its record
 * (`readOld`). A dry run reads nothing, so its request shows no expires_at (`notRead`).
 */
export async function rotationExpiry(given: TokenRotation, readOld: () => Promise<Partial<PersonalAccessToken>>, dryRun: boolean): Promise<RotationExpiry> {
  if (given.expires_at !== undefined) return {input: given, because: 'as --expires-at asked'}
  if (dryRun) return {input: given, because: '', notRead: true}
  let old: Partial<PersonalAccessToken>
  try {
    old = await readOld()
  } catch (error) {
    // nothing is rotated yet: say so, and the way round a server that will not show the token
    if (!(error instanceof CliError) || error instanceof Interrupted) throw error
    throw new CliError(`${error.message}: nothing was rotated; forgectl reads the old token to keep its lifetime (--expires-at chooses the new expiry without reading it)`, error.exitCode)
  }
  return keptExpiry(old)
}
