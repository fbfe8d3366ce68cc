// The server's own numbers about how much room a token has left (issue 29, point 1), and the pacing
// arithmetic built on them: how long the next request of a run waits so that the remaining budget lasts
// until the window resets, and how long the whole run pauses after a 429 or a 503. Pure functions,
// unit-tested; the state they are applied to is pacer.ts's.
//
// The platform answers `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (the Unix time, in
// seconds, at which the window resets), `RateLimit-ResetTime` (the same as an HTTP date) and, on a 429,
// `Retry-After`. The IETF draft's `RateLimit-Reset` is a number of seconds from now instead: a value
// too small to be a Unix time is read so. Anything else is nonsense, and ignored.
import {clockOffset, parseRetryAfter, toldWait} from './retry.js'

export interface RateLimitSeen {
  limit?: number
  remaining?: number
  /** when the window resets (ms since the epoch) */
  resetAt?: number
}

/** what is left of the current window, as far as this run knows */
export interface Budget {
  remaining: number
  resetAt: number
  limit?: number
}

/** a reset farther away than this is not a rate-limit window anyone paces for: ignored */
export const MAX_RESET_MS = 60 * 60_000
/** the longest the whole run pauses for one 429 or 503, whatever Retry-After says */
export const MAX_PAUSE_MS = 5 * 60_000
/** past the reset, so that a clock a little apart from the server's does not meet the old window */
export const RESET_MARGIN_MS = 50
/** after a pause, requests resume one at a time; each answer that is not a refusal allows one more, up to this, then no bound */
export const SLOW_START_MAX = 32
/** answers whose reset differs by less than this describe the same window (the Unix time has whole seconds) */
const SAME_WINDOW_MS = 1000
/** a Unix time in seconds is beyond this (2001); a smaller RateLimit-Reset is seconds from now */
const UNIX_TIME_FROM = 1_000_000_000

/** the numbers an answer's headers give; each one absent when missing or nonsense */
export function readRateLimit(get: (name: string) => string | null | undefined, now: number): RateLimitSeen {
  const seen: RateLimitSeen = {}
  // the IETF draft allows a policy after the number (`60, 60;w=60`, `60;w=60`), and two layers that each
  // send the header (a proxy's limit and the application's) arrive joined, `100, 5`: the smallest binds
  const limit = smallest(get('ratelimit-limit'))
  if (limit !== undefined && limit > 0) seen.limit = limit
  const remaining = smallest(get('ratelimit-remaining'))
  if (remaining !== undefined) seen.remaining = remaining
  // the reset is read on the server's clock (its Date), then brought to ours
  const offset = clockOffset(get('date'), now)
  const resetAt = resetTime(get('ratelimit-reset'), get('ratelimit-resettime'), now + offset)
  if (resetAt !== undefined) seen.resetAt = resetAt - offset
  return seen
}

/** the least of the counts a header holds, each maybe followed by `;parameters`; undefined when none reads */
function smallest(value: string | null | undefined): number | undefined {
  const counts = (value ?? '').split(',').flatMap(part => {
    const n = count(part.split(';')[0])
    return n === undefined ? [] : [n]
  })
  return counts.length > 0 ? Math.min(...counts) : undefined
}

function count(value: string | null | undefined): number | undefined {
  const text = value?.trim() ?? ''
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined
}

function resetTime(reset: string | null | undefined, resetTimeDate: string | null | undefined, now: number): number | undefined {
  const number = count(reset)
  const at = number === undefined ? dateFromNow(resetTimeDate, now) : number >= UNIX_TIME_FROM ? number * 1000 : now + number * 1000
  // a reset in the past says nothing about the window to come; one hours away is not a window either
  return at === undefined || at <= now || at - now > MAX_RESET_MS ? undefined : at
}

function dateFromNow(value: string | null | undefined, now: number): number | undefined {
  // a date only: a number in RateLimit-ResetTime is not what the platform sends
  if (value === null || value === undefined || /^\s*\d/.test(value)) return undefined
  const ms = parseRetryAfter(value, now)
  return ms === undefined ? undefined : now + ms
}

/**
 * The budget after an answer: `inFlight` other requests may have been counted by the server after it
 * answered, so they are taken off. An answer of an earlier window (late, out of order) changes
 * nothing; one of the same window can only lower what is left; one of a later window starts afresh.
 */
export function nextBudget(current: Budget | undefined, seen: RateLimitSeen, inFlight: number, now: number): Budget | undefined {
  const live = current !== undefined && now < current.resetAt ? current : undefined
  if (seen.remaining === undefined || seen.resetAt === undefined) return live
  const fresh: Budget = {remaining: Math.max(0, seen.remaining - inFlight), resetAt: seen.resetAt, ...(seen.limit === undefined ? {} : {limit: seen.limit})}
  if (live === undefined || seen.resetAt >= live.resetAt + SAME_WINDOW_MS) return fresh
  if (seen.resetAt <= live.resetAt - SAME_WINDOW_MS) return live
  return {...live, remaining: Math.min(live.remaining, fresh.remaining)}
}

/** from this many requests left, they are spaced over the time to the reset */
export function lowWater(limit: number | undefined): number {
  return limit === undefined ? 10 : Math.max(1, Math.ceil(limit / 4))
}

/**
 * How long the next request waits (0: it goes now). With plenty left, none; with little left, the
 * requests are spaced evenly over the time to the reset, the last one a space before it; with none
 * left, until the reset.
 * Without a budget (no headers), none: today's behaviour.
 */
export function paceDelay(budget: Budget | undefined, lastStart: number, now: number): number {
  if (budget === undefined || now >= budget.resetAt) return 0
  if (budget.remaining <= 0) return budget.resetAt - now + RESET_MARGIN_MS
  if (budget.remaining > lowWater(budget.limit)) return 0
  const spacing = (budget.resetAt - now) / (budget.remaining + 1)
  return Math.max(0, Math.ceil(lastStart + spacing - now))
}

/**
 * After an answer with `status`: how long the whole run pauses, for a 429 or a 503 that says when to
 * come back (Retry-After, capped; a date read against the answer's own `Date`). Without a usable Retry-After, undefined: each request backs off on
 * its own, as without the pacer (a proxy's lone 503 says nothing about the server's limit).
 */
export function pauseFor(status: number, retryAfter: string | null | undefined, now: number, date?: string | null): number | undefined {
  if (status !== 429 && status !== 503) return undefined
  const told = toldWait(retryAfter, now + clockOffset(date, now))
  return told === undefined ? undefined : Math.min(told, MAX_PAUSE_MS)
}

/** whether an answer slows the run down to one request at a time, climbing back: a refusal for load */
export function slowsDown(status: number, pause: number | undefined): boolean {
  return status === 429 || pause !== undefined
}

/** how many requests may be under way after one more answer that was not a refusal */
export function climb(slots: number): number {
  return slots + 1 > SLOW_START_MAX ? Number.POSITIVE_INFINITY : slots + 1
}
