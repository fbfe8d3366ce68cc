// Retry-After as RFC 9110 defines it (seconds or an HTTP date) and nothing else, the budget a wait must
// fit in, and when a wait is said off a terminal.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {ApiError} from '../../src/core/base/errors.js'
import {pauseFor} from '../../src/core/http/rate-limit.js'
import {parseRetryAfter, requestBudgetMs, retryWait} from '../../src/core/http/retry.js'
import {SAID_WAIT_MS, sayWait, waitRefused} from '../../src/core/http/retry-notice.js'

const NOW = Date.parse('2026-11-26T00:00:00Z')

describe('Retry-After', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5000],
    ['0', 0],
    ['1.5', 1500],
    ['999999', 999_999_000],
    ['9'.repeat(400), Number.POSITIVE_INFINITY],
    ['Thu, 26 Nov 2026 00:01:00 GMT', 60_000],
    ['Thursday, 26-Nov-26 00:01:00 GMT', 60_000],
    ['Thu Nov 26 00:01:00 2026', 60_000],
    ['Wed, 25 Nov 2026 23:00:00 GMT', 0],
  ])('%j means %d ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms)
  })

  it.each(['', '   ', 'soon', '-5', '1e9', '0x10', 'Infinity', 'NaN', 'Dec 2099', 'foo 2', '2099-10-21', '12abc', 'Thu, 26 Nov 2026 00:01:00'])('%j is not a Retry-After: ignored', value => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined()
    expect(retryWait(1, value, 500, () => 1, NOW)).toEqual({ms: 1000, told: false})
  })

  it.each(['0', '0.5', 'Wed, 25 Nov 2026 23:00:00 GMT'])('%j ("now") is no wait to keep: the backoff decides, and nothing pauses the run', value => {
    expect(retryWait(1, value, 500, () => 1, NOW)).toEqual({ms: 1000, told: false})
    expect(pauseFor(429, value, NOW)).toBeUndefined()
    expect(pauseFor(503, value, NOW)).toBeUndefined()
  })

  it('any text gives a wait of zero or more, or none: never NaN, never negative', () => {
    fc.assert(
      fc.property(fc.string(), value => {
        const ms = parseRetryAfter(value, NOW)
        return ms === undefined || ms >= 0
      }),
    )
  })
})

describe('the wait a request may still make', () => {
  it('is --timeout for each attempt: 30 s × 4 attempts by default', () => {
    expect(requestBudgetMs(30_000, 3)).toBe(120_000)
    expect(requestBudgetMs(10_000, 0)).toBe(10_000)
    // a profile edited by hand to a million retries cannot make a wait that overflows the timer
    expect(requestBudgetMs(86_400_000, 1_000_000)).toBe(2 ** 31 - 1)
  })

  it('a wait beyond it ends the request with the error, its exit code, and both times', () => {
    const error = waitRefused(new ApiError(429, '', 'GET', '/api/v4/projects'), 999_999_000, 119_500, 30_000, 4)
    expect(error.message).toBe('429 Too Many Requests (GET /api/v4/projects): the server asks to wait 11d 13h, more than the 1m 59s left of the time allowed (--timeout 30 s × 4 attempts)')
    expect(error.exitCode).toBe(7)
    expect(waitRefused(new ApiError(503, '', 'GET', '/x'), 60_000, -5, 1000, 1).message).toMatch(/more than the 0 ms left of the time allowed \(--timeout 1 s × 1 attempt\)$/)
    expect(waitRefused(new ApiError(503, '', 'GET', '/x'), 60_000, 0, 1000, 1).exitCode).toBe(1)
  })

  it('is said off a terminal once per run when it is long, always on a terminal or with --verbose', () => {
    const quiet = {verbose: false, terminal: false}
    expect(sayWait(SAID_WAIT_MS - 1, quiet, false)).toBe(false)
    expect(sayWait(SAID_WAIT_MS, quiet, false)).toBe(true)
    expect(sayWait(SAID_WAIT_MS, quiet, true)).toBe(false)
    expect(sayWait(10, {verbose: false, terminal: true}, true)).toBe(true)
    expect(sayWait(10, {verbose: true, terminal: false}, true)).toBe(true)
  })
})
