// The platform's rate limit, when a test or a benchmark switches it on (SandboxOptions.rateLimit): a
// window of fixed length per token, aligned to the clock, every answer carrying RateLimit-Limit,
// -Remaining, -Reset (the Unix time of the reset, in seconds) and -ResetTime (the same as an HTTP
// date), and 429 with Retry-After once the window's requests are used up (issue 29).

export interface RateLimitOption {
  /** requests allowed per window and token */
  limit: number
  /** the window's length: whole seconds, so that its reset is a Unix time in seconds */
  windowMs: number
}

export interface Counted {
  headers: Record<string, string>
  /** the window's requests were used up: the answer is 429 */
  refused: boolean
}

const limiters = new WeakMap<RateLimitOption, RateLimiter>()

/** the limiter of an option: a new option (a test switching the limit on) starts with fresh windows */
export function limiterFor(option: RateLimitOption): RateLimiter {
  let limiter = limiters.get(option)
  if (!limiter) limiters.set(option, (limiter = new RateLimiter(option)))
  return limiter
}

export class RateLimiter {
  private readonly used = new Map<string, {window: number; count: number}>()
  /** how many requests were refused (429) so far */
  refusals = 0

  constructor(private readonly option: RateLimitOption) {}

  count(token: string | undefined, now = Date.now()): Counted {
    const {limit, windowMs} = this.option
    const window = Math.floor(now / windowMs)
    const key = token ?? ''
    const mine = this.used.get(key)?.window === window ? this.used.get(key)! : {window, count: 0}
    this.used.set(key, mine)
    mine.count++
    const resetAt = (window + 1) * windowMs
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - mine.count)),
      'RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
      'RateLimit-ResetTime': new Date(resetAt).toUTCString(),
    }
    if (mine.count <= limit) return {headers, refused: false}
    this.refusals++
    return {headers: {...headers, 'Retry-After': String(Math.ceil((resetAt - now) / 1000))}, refused: true}
  }
}
