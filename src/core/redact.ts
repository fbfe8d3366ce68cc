// Secrets never reach --verbose, --dry-run or error output: the access token, secrets inside request
// bodies (a hook's token, a cluster's orchestrator token, passwords), credentials inside URLs.
import {ExactNumber} from './exact-number.js'

export const REDACTED = '[REDACTED]'

const SECRET_KEY = /(^|_|\[)(token|password|secret|private_key)(\]|_|$)|^token$/i

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/** a deep copy with secret-looking fields replaced */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value && typeof value === 'object' && !(value instanceof ExactNumber)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, isSecretKey(key) && typeof v === 'string' && v !== '' ? REDACTED : redactValue(v)]))
  }
  if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/\s]*@/i.test(value)) return redactUrl(value)
  return value
}

/** user:password@ in a URL, and a private_token query parameter */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/i, `$1${REDACTED}@`).replace(/([?&]private_token=)[^&#]*/i, `$1${REDACTED}`)
}

/** every occurrence of the known secrets in free text (messages from servers or libraries) */
export function scrubText(text: string, secrets: Array<string | undefined>): string {
  let out = text
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED)
  return out
}

/** shows only the last four characters: enough to tell tokens apart, not enough to use one */
export function maskToken(token: string | undefined): string {
  if (!token) return '(none)'
  return token.length <= 8 ? '****' : `****${token.slice(-4)}`
}
