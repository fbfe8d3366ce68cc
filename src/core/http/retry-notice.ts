// The one line printed before a retry: on a terminal always (a silent pause of seconds looks like a
// hang), elsewhere with --verbose, and once per run for a wait of more than a few seconds (a CI log
// that stops for a minute says why). `retrying in 2 s: 503 Service Unavailable (attempt 2 of 4)`.
// The pacer's waits (pacer.ts) are said in the same voice and under the same rule.
import {STATUS_CODES} from 'node:http'
import {formatDuration} from '../base/duration.js'
import {ApiError, CliError, ExitCode} from '../base/errors.js'

/** off a terminal, a wait from this long on is said (once) even without --verbose */
export const SAID_WAIT_MS = 3000

/** `next` counts attempts from 1, the first request included, as does `of` */
export function retryNotice(delayMs: number, reason: string, next: number, of: number): string {
  return `retrying in ${formatDuration(delayMs)}: ${reason} (attempt ${next} of ${of})`
}

/** the retry notice of the request that met a pause of the whole run (a 429 or 503 with Retry-After): said once for all */
export function runPauseNotice(notice: string): string {
  return `${notice}; every request of this run waits, then they resume slowly`
}

/** the server's budget is used up until its window resets */
export function budgetNotice(delayMs: number, limit: number | undefined): string {
  const of = limit === undefined ? '' : ` of ${limit} requests`
  return `waiting ${formatDuration(delayMs)}: the server's rate limit${of} is used up until it resets (RateLimit-Remaining: 0)`
}

/** little is left of the server's budget: the requests are spaced until the reset */
export function spacingNotice(remaining: number, untilResetMs: number): string {
  return `pacing to the server's rate limit: ${remaining} request${remaining === 1 ? '' : 's'} left for the next ${formatDuration(untilResetMs)} (RateLimit-Remaining)`
}

/** the status alone for a server's error ("503 Service Unavailable"), else the message without "GET url: " */
export function shortReason(error: CliError): string {
  if (error instanceof ApiError) return `${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`
  return error.message.replace(/^[A-Z]+ \S+: /, '')
}

/** whether to print the notice of a wait: `said` is whether a wait was already said off a terminal in this run */
export function sayWait(delayMs: number, watched: {verbose: boolean; terminal: boolean}, said: boolean): boolean {
  return watched.verbose || watched.terminal || (delayMs >= SAID_WAIT_MS && !said)
}

/**
 * The server asked for a wait longer than the request may still take: the request ends now, with the
 * error's own exit code (7 for a 429) and both times, instead of sleeping past the user's limit.
 */
export function waitRefused(error: CliError, waitMs: number, leftMs: number, timeoutMs: number, attempts: number): CliError {
  return new CliError(`${error.message}: the server asks to wait ${beyondAllowed(waitMs, leftMs, timeoutMs, attempts)}`, error.exitCode)
}

/**
 * The run's pacing (pacer.ts: a pause after another request's 429, a budget used up until its reset)
 * would hold a request longer than it may still take: it ends unsent, exit 7, rather than sleep past
 * the user's limit (a server that says `RateLimit-Remaining: 0` with a reset an hour away).
 */
export function paceRefused(method: string, path: string, waitMs: number, leftMs: number, timeoutMs: number, attempts: number): CliError {
  return new CliError(`${method} ${path} not sent: the server's rate limit asks to wait ${beyondAllowed(waitMs, leftMs, timeoutMs, attempts)}`, ExitCode.rateLimited)
}

function beyondAllowed(waitMs: number, leftMs: number, timeoutMs: number, attempts: number): string {
  const allowed = `--timeout ${formatDuration(timeoutMs)} × ${attempts} attempt${attempts === 1 ? '' : 's'}`
  // in whole seconds, down: "wait 2m, more than the 2m left" would read as no reason at all
  const left = formatDuration(Math.max(0, Math.floor(leftMs / 1000) * 1000))
  return `${formatDuration(waitMs)}, more than the ${left} left of the time allowed (${allowed})`
}
