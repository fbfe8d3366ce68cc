// The retry loop of every request: attempts until one answers, the failure is not worth repeating, or
// the attempts (--retries) or the time allowed (--timeout per attempt, waits included) run out. When and
// how long to wait is retry.ts's; what is said before a wait, retry-notice.ts's; one attempt, request.ts's.
import {setTimeout as sleep} from 'node:timers/promises'
import type {CliError} from '../base/errors.js'
import {clockOffset, type Failure, type HttpMethod, isRetryable, requestBudgetMs, retryWait} from './retry.js'
import {retryNotice, shortReason, waitRefused} from './retry-notice.js'

/** one attempt's outcome: the answer, or why it failed */
/** `date`: the answer's Date header, the server's clock that a Retry-After date is on */
export type Attempt<T> = {answer: T} | {failure: Failure; error: CliError; retryAfter?: string | null; date?: string | null; reason?: string}

export interface RetryPolicy {
  method: HttpMethod
  retries: number
  /** each attempt's limit: with the retries, the time the request may take in all */
  timeoutMs: number
  /** the first wait's scale (retry.ts's backoff) */
  baseMs: number
  /** the answer is no longer wanted: a wait ends at once, and no other attempt is made */
  signal?: AbortSignal
  /** before each wait: its length, and the line that says why (the client decides whether to print it) */
  beforeWait(ms: number, notice: string): void
}

/** `attempt` (counting from 0, with the time the first one started) until it answers, or the last error */
export async function withRetries<T>(policy: RetryPolicy, attempt: (attempt: number, firstStarted: number) => Promise<Attempt<T>>): Promise<T> {
  const {method, retries, timeoutMs} = policy
  const firstStarted = Date.now()
  for (let n = 0; ; n++) {
    const outcome = await attempt(n, firstStarted)
    if ('answer' in outcome) return outcome.answer
    const {failure, error, retryAfter, date, reason} = outcome
    if (n >= retries || !isRetryable(method, failure)) throw mayHaveChanged(error, method, failure)
    const now = Date.now()
    const wait = retryWait(n, retryAfter, policy.baseMs, Math.random, now + clockOffset(date, now))
    // the wait counts against the time the user allowed: one asked for beyond it is not waited
    const leftMs = requestBudgetMs(timeoutMs, retries) - (Date.now() - firstStarted)
    if (wait.told && wait.ms > leftMs) throw waitRefused(error, wait.ms, leftMs, timeoutMs, retries + 1)
    policy.beforeWait(wait.ms, retryNotice(wait.ms, reason ?? shortReason(error), n + 2, retries + 1))
    await sleep(wait.ms, undefined, {signal: policy.signal})
  }
}

/**
 * A change that got no answer may still have been made (a rotated token whose new value was lost, its
 * old one revoked): the last error says so, rather than read as "nothing happened".
 */
function mayHaveChanged(error: CliError, method: HttpMethod, failure: Failure): CliError {
  if (method === 'GET' || failure.kind !== 'network') return error
  error.message += `; the ${method} may have been carried out all the same: check before repeating it`
  return error
}
