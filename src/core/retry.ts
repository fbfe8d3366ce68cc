// When a failed request is tried again, and after how long. Pure functions, unit-tested.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const RETRY_STATUSES = new Set([429, 502, 503, 504])
const MAX_DELAY_MS = 30_000
const MAX_RETRY_AFTER_MS = 120_000

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

/**
 * Exponential backoff with full jitter (a random delay up to base·2^attempt), unless the server
 * said when to come back: Retry-After as seconds or as an HTTP date.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null | undefined, baseMs: number, random = Math.random, now = Date.now()): number {
  const told = parseRetryAfter(retryAfter, now)
  if (told !== undefined) return Math.min(told, MAX_RETRY_AFTER_MS)
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** attempt)
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
