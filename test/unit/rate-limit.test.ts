// The server's rate-limit numbers as read (nonsense ignored), and the pacing arithmetic: a run that
// follows paceDelay never sends more than the budget before the reset, and waits no longer than needed.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {type Budget, climb, lowWater, MAX_PAUSE_MS, MAX_RESET_MS, nextBudget, paceDelay, pauseFor, RESET_MARGIN_MS, readRateLimit, SLOW_START_MAX} from '../../src/core/http/rate-limit.js'
import {clockOffset} from '../../src/core/http/retry.js'

const NOW = Date.parse('2026-11-26T00:00:00Z')
const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null

describe("the server's clock (its Date header)", () => {
  const date = (ms: number) => new Date(ms).toUTCString()
  it('reads a Unix-time reset and a Retry-After date on the clock of the answer that sent them', () => {
    fc.assert(
      // beyond the slack, or none at all: a skew of a second or two is read as ours (below)
      fc.property(
        fc.integer({min: -3600, max: 3600}).filter(s => s === 0 || Math.abs(s) > 2),
        fc.integer({min: 2, max: 600}),
        (skewS, inS) => {
          const server = NOW + skewS * 1000
          const seen = readRateLimit(headers({date: date(server), 'ratelimit-remaining': '0', 'ratelimit-reset': String(server / 1000 + inS)}), NOW)
          expect(seen.resetAt).toBe(NOW + inS * 1000)
          expect(pauseFor(429, date(server + inS * 1000), NOW, date(server))).toBe(Math.min(inS * 1000, MAX_PAUSE_MS))
        },
      ),
    )
  })
  it('takes a Date within two seconds of ours, or none, or nonsense, as ours', () => {
    expect(clockOffset(date(NOW + 2000), NOW)).toBe(0)
    expect(clockOffset(undefined, NOW)).toBe(0)
    expect(clockOffset('yesterday', NOW)).toBe(0)
    expect(clockOffset(date(NOW - 600_000), NOW)).toBe(-600_000)
  })
})

describe('readRateLimit', () => {
  it("reads the platform's headers: a Unix time in seconds, and the same as an HTTP date", () => {
    expect(readRateLimit(headers({'ratelimit-limit': '600', 'ratelimit-remaining': '599', 'ratelimit-reset': String(NOW / 1000 + 60)}), NOW)).toEqual({
      limit: 600,
      remaining: 599,
      resetAt: NOW + 60_000,
    })
    expect(readRateLimit(headers({'ratelimit-remaining': '3', 'ratelimit-resettime': 'Thu, 26 Nov 2026 00:00:30 GMT'}), NOW)).toEqual({remaining: 3, resetAt: NOW + 30_000})
  })

  it("reads the IETF draft's forms: a policy after the limit, a reset in seconds from now", () => {
    expect(readRateLimit(headers({'ratelimit-limit': '60, 60;w=60', 'ratelimit-remaining': '0', 'ratelimit-reset': '12'}), NOW)).toEqual({limit: 60, remaining: 0, resetAt: NOW + 12_000})
    // two layers that each send the headers (a proxy's and the application's): the smaller budget binds
    expect(readRateLimit(headers({'ratelimit-limit': '600, 60', 'ratelimit-remaining': '100, 5'}), NOW)).toEqual({limit: 60, remaining: 5})
    expect(readRateLimit(headers({'ratelimit-remaining': 'soon, 7'}), NOW)).toEqual({remaining: 7})
    expect(readRateLimit(headers({'ratelimit-limit': '100;w=3600'}), NOW)).toEqual({limit: 100})
  })

  it.each([
    ['ratelimit-remaining', '-1'],
    ['ratelimit-remaining', 'many'],
    ['ratelimit-remaining', '1e3'],
    ['ratelimit-remaining', ''],
    ['ratelimit-limit', '0'],
    ['ratelimit-limit', 'Infinity'],
    ['ratelimit-reset', 'soon'],
    ['ratelimit-reset', String(NOW / 1000 - 5)],
    ['ratelimit-reset', String(NOW / 1000 + MAX_RESET_MS / 1000 + 1)],
    ['ratelimit-reset', '99999999'],
    ['ratelimit-resettime', 'Dec 2099'],
    ['ratelimit-resettime', '30'],
    ['ratelimit-resettime', 'Wed, 25 Nov 2026 23:00:00 GMT'],
  ])('%s: %j is nonsense, ignored', (name, value) => {
    expect(readRateLimit(headers({[name]: value}), NOW)).toEqual({})
  })

  it('never throws, and whatever it gives is a count and a reset within the hour', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-resettime'), fc.string()), values => {
        const seen = readRateLimit(headers(values), NOW)
        for (const n of [seen.limit, seen.remaining]) if (n !== undefined) expect(Number.isSafeInteger(n) && n >= 0).toBe(true)
        if (seen.resetAt !== undefined) expect(seen.resetAt >= NOW && seen.resetAt <= NOW + MAX_RESET_MS).toBe(true)
      }),
    )
  })
})

describe('nextBudget', () => {
  const window = {remaining: 40, resetAt: NOW + 30_000, limit: 60}

  it('takes off the requests still in flight, which the server may count after it answered', () => {
    expect(nextBudget(undefined, {remaining: 40, resetAt: NOW + 30_000, limit: 60}, 5, NOW)).toEqual({remaining: 35, resetAt: NOW + 30_000, limit: 60})
  })

  it('an answer of the same window only lowers what is left; a late one of an earlier window changes nothing; a later window starts afresh', () => {
    expect(nextBudget(window, {remaining: 50, resetAt: NOW + 30_000}, 0, NOW)).toEqual(window)
    expect(nextBudget(window, {remaining: 20, resetAt: NOW + 30_000}, 0, NOW)).toEqual({...window, remaining: 20})
    expect(nextBudget(window, {remaining: 0, resetAt: NOW + 10_000}, 0, NOW)).toEqual(window)
    expect(nextBudget(window, {remaining: 59, resetAt: NOW + 90_000, limit: 60}, 0, NOW)).toEqual({remaining: 59, resetAt: NOW + 90_000, limit: 60})
  })

  it('without both numbers an answer keeps the budget, which ends at its reset', () => {
    expect(nextBudget(window, {limit: 60}, 0, NOW)).toEqual(window)
    expect(nextBudget(window, {}, 0, NOW + 30_000)).toBeUndefined()
  })
})

/** when a run that waits as paceDelay says, from NOW, sends its requests before the budget's reset */
function follow(start: Budget): number[] {
  let budget = start
  let now = NOW
  let last = 0
  const times: number[] = []
  for (;;) {
    // as the pacer does: after a wait, it asks again
    for (let wait = paceDelay(budget, last, now); wait > 0; wait = paceDelay(budget, last, now)) now += wait
    if (now >= budget.resetAt) return times
    times.push(now)
    last = now
    budget = {...budget, remaining: budget.remaining - 1}
  }
}

describe('paceDelay', () => {
  it('without a budget, or with plenty left, nothing waits (the behaviour without headers)', () => {
    expect(paceDelay(undefined, NOW, NOW)).toBe(0)
    expect(paceDelay({remaining: 200, resetAt: NOW + 60_000, limit: 600}, NOW, NOW)).toBe(0)
  })

  it('with little left, requests are spaced evenly over the time to the reset', () => {
    expect(paceDelay({remaining: 9, resetAt: NOW + 10_000, limit: 600}, NOW, NOW)).toBe(1000)
    expect(paceDelay({remaining: 9, resetAt: NOW + 10_000, limit: 600}, NOW - 400, NOW)).toBe(600)
    expect(paceDelay({remaining: 9, resetAt: NOW + 10_000, limit: 600}, NOW - 5000, NOW)).toBe(0)
  })

  it('ten left for ten seconds: all ten go before the reset, a second or so apart', () => {
    const times = follow({remaining: 10, resetAt: NOW + 10_000, limit: 600})
    expect(times).toHaveLength(10)
    expect(times[0]).toBe(NOW)
    expect(times.at(-1)!).toBeLessThan(NOW + 10_000)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(800)
  })

  it('with nothing left, until just past the reset', () => {
    expect(paceDelay({remaining: 0, resetAt: NOW + 7000}, NOW, NOW)).toBe(7000 + RESET_MARGIN_MS)
  })

  const budgets = fc.record({remaining: fc.integer({min: 0, max: 2000}), windowMs: fc.integer({min: 1, max: 120_000}), limit: fc.option(fc.integer({min: 1, max: 5000}), {nil: undefined})})

  it('a run that follows it never sends more than the budget before the reset', () => {
    fc.assert(
      fc.property(budgets, ({remaining, windowMs, limit}) => {
        expect(follow({remaining, resetAt: NOW + windowMs, ...(limit === undefined ? {} : {limit})}).length).toBeLessThanOrEqual(remaining)
      }),
    )
  })

  it('never waits past the reset (and its margin), and not at all with more left than the low-water mark', () => {
    fc.assert(
      fc.property(budgets, fc.integer({min: 0, max: 120_000}), ({remaining, windowMs, limit}, sinceLast) => {
        const budget = {remaining, resetAt: NOW + windowMs, limit}
        const wait = paceDelay(budget, NOW - sinceLast, NOW)
        expect(wait).toBeGreaterThanOrEqual(0)
        expect(wait).toBeLessThanOrEqual(windowMs + RESET_MARGIN_MS)
        if (remaining > lowWater(limit)) expect(wait).toBe(0)
      }),
    )
  })
})

describe('pauseFor', () => {
  it.each([
    [429, '2', 2000],
    [503, 'Thu, 26 Nov 2026 00:00:05 GMT', 5000],
    [429, '86400', MAX_PAUSE_MS],
    [429, '9'.repeat(400), MAX_PAUSE_MS],
  ])('%d with Retry-After %j pauses the run %d ms', (status, retryAfter, ms) => {
    expect(pauseFor(status, retryAfter, NOW)).toBe(ms)
  })

  it.each([200, 201, 401, 404, 500, 502])('%d pauses nothing', status => {
    expect(pauseFor(status, '5', NOW)).toBeUndefined()
  })

  it.each([null, 'in a while', '-3', 'Dec 2099'])('a 429 or 503 with Retry-After %j pauses nothing: each request backs off on its own, as without the pacer', retryAfter => {
    expect(pauseFor(429, retryAfter, NOW)).toBeUndefined()
    expect(pauseFor(503, retryAfter, NOW)).toBeUndefined()
  })
})

describe('climb', () => {
  it('after a pause, one request at a time, then one more per answer, then no bound', () => {
    let slots = 1
    for (let answers = 1; answers < SLOW_START_MAX; answers++) slots = climb(slots)
    expect(slots).toBe(SLOW_START_MAX)
    expect(climb(slots)).toBe(Number.POSITIVE_INFINITY)
  })
})
