// When a failed request is tried again, and after how long. Pure functions, unit-tested.
import type {HttpMethod} from '../base/http-method.js'

export type {HttpMethod}

const RETRY_STATUSES = new Set([429, 502, 503, 504])
const MAX_DELAY_MS = 30_000
const MAX_TIMER_MS = 2 ** 31 - 1

/** GET, PUT and DELETE may be repeated: doing them twice leaves the server as doing them once */
export function isIdempotent(method: HttpMethod): boolean {
  return method === 'GET' || method === 'PUT' || method === 'DELETE'
}

export type Failure =
  | {kind: 'status'; status: number}
  /** the connection was refused: nothing reached the server */
  | {kind: 'refused'}
  /** the connection broke, or the body was cut short or unreadable: the request may have taken effect */
  | {kind: 'network'}
  /** no answer can come by trying again: a host name that does not exist, an untrusted certificate, a blocked port */
  | {kind: 'permanent'}

export function isRetryable(method: HttpMethod, failure: Failure): boolean {
  if (failure.kind === 'refused') return true
  if (failure.kind === 'permanent') return false
  if (failure.kind === 'network') return isIdempotent(method)
  if (!RETRY_STATUSES.has(failure.status)) return false
  // A 429 means the server refused the request before acting on it, so even a POST is safe to repeat.
  return isIdempotent(method) || failure.status === 429
}

/** how long to wait before the next attempt, and whether the server asked for it (Retry-After) */
export interface RetryWait {
  ms: number
  told: boolean
}

/**
 * Exponential backoff with full jitter (a random delay up to base·2^attempt), unless the server said
 * when to come back (toldWait): Retry-After as seconds or as an HTTP date, however far (the request's budget,
 * `requestBudgetMs`, decides whether that is too far). A value that is neither is ignored, as curl does.
 */
export function retryWait(attempt: number, retryAfter: string | null | undefined, baseMs: number, random = Math.random, now = Date.now()): RetryWait {
  // `now` is the server's (clockOffset): a Retry-After date is on its clock
  const told = toldWait(retryAfter, now)
  if (told !== undefined) return {ms: told, told: true}
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** attempt)
  return {ms: Math.round(ceiling / 2 + random() * (ceiling / 2)), told: false}
}

/** a told wait shorter than this (`Retry-After: 0`, a date past) says "now" to a refusal: not a wait to keep */
const MIN_TOLD_MS = 1000

/**
 * The wait a Retry-After asks for, in milliseconds; undefined when there is none to keep. A refusal
 * (a 429, a 503) that says to come back at once would have every retry sent at once, a storm of our
 * own: the backoff decides instead (a proxy's `Retry-After: 0`; the platform's is a whole second at
 * least, the time to its window's end).
 */
export function toldWait(retryAfter: string | null | undefined, now = Date.now()): number | undefined {
  const told = parseRetryAfter(retryAfter, now)
  return told === undefined || told < MIN_TOLD_MS ? undefined : told
}

/** milliseconds, possibly Infinity for a number of seconds too large to hold; undefined for anything else */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim() ?? ''
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = httpDate(text)
  return date === undefined ? undefined : Math.max(0, date - now)
}

/** a server's clock this close to ours is ours: its Date has whole seconds, and the answer took time to come */
const CLOCK_SLACK_MS = 2000

/**
 * How far the server's clock is ahead of ours (negative: behind), from an answer's `Date` header; 0
 * without one, or within the slack. The absolute times a server sends (`RateLimit-Reset` as a Unix time,
 * `RateLimit-ResetTime` and `Retry-After` as dates) are on its clock: a server ten minutes ahead, read on
 * ours, asks for a ten-minute wait where it meant two seconds, and the run gives up or crawls.
 */
export function clockOffset(date: string | null | undefined, now = Date.now()): number {
  const server = httpDate(date?.trim() ?? '')
  return server === undefined || Math.abs(server - now) <= CLOCK_SLACK_MS ? 0 : server - now
}

// RFC 9110 5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept.
// Date.parse alone takes far more ("Dec 2099", "foo 2"), which would turn nonsense into a wait.
const IMF_FIXDATE = /^[a-z]{3}, \d{2} [a-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/i
const RFC850_DATE = /^[a-z]{6,9}, \d{2}-[a-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/i
const ASCTIME_DATE = /^[a-z]{3} [a-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/i

function httpDate(text: string): number | undefined {
  const date = IMF_FIXDATE.test(text) || RFC850_DATE.test(text) ? Date.parse(text) : ASCTIME_DATE.test(text) ? Date.parse(`${text} GMT`) : Number.NaN
  return Number.isNaN(date) ? undefined : date
}

/**
 * The time one request may take in all, its waits included: --timeout for each attempt. A wait the
 * server asks for that does not fit in what is left of it ends the request instead of being waited.
 */
export function requestBudgetMs(timeoutMs: number, retries: number): number {
  // never past what a timer holds (24.8 days): beyond it Node fires at once, and a long wait would become none
  return Math.min(timeoutMs * (retries + 1), MAX_TIMER_MS)
}
