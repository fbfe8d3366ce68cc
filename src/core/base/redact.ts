// Secrets never reach --verbose, --dry-run or error output: the access token, secrets inside request
// bodies (a hook's token, a cluster's orchestrator token, passwords), credentials inside URLs.

import {ExactNumber} from './exact-number.js'
import {isSecret} from './secret.js'

export const REDACTED = '[REDACTED]'

const SECRET_KEY = /(^|_|\[)(token|password|secret|private_key)(\]|_|$)|^token$/i

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/** an object whose fields are walked: not a number kept exactly as the server sent it (exact-number.ts) */
/** a record to walk; a Secret (core/base/secret.ts) is a value, shown as its marker, not an empty record */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !(value instanceof ExactNumber) && !isSecret(value)
}

/** a deep copy with secret-looking fields replaced */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, isSecretKey(key) && typeof v === 'string' && v !== '' ? REDACTED : redactValue(v)]))
  }
  if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/\s]*@/i.test(value)) return redactUrl(value)
  return value
}

/**
 * A deep copy with the values of `fields` replaced by REDACTED, at any depth (a record, a list of
 * them, a bulk report's `result`, a body that nests the field): the fields of the inputs an endpoint
 * declares secret (a CI/CD variable's `value`, a hook's `url`), whose names alone tell nothing. An
 * empty or absent value is kept: it hides nothing, and a script can tell "no value" from "hidden".
 */
export function hideFields(value: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0) return value
  if (Array.isArray(value)) return value.map(item => hideFields(item, fields))
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, fields.includes(key) && v !== null && v !== undefined && v !== '' ? REDACTED : hideFields(v, fields)]))
  }
  return value
}

/** a deep copy with the known secrets taken out of every text: a record whose server echoed one elsewhere */
export function scrubStrings(value: unknown, secrets: Array<string | undefined>): unknown {
  if (typeof value === 'string') return scrubText(value, secrets)
  if (Array.isArray(value)) return value.map(item => scrubStrings(item, secrets))
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, scrubStrings(v, secrets)]))
  return value
}

/** the text values held under `fields` at any depth: what an error or an answer must not echo */
export function valuesUnder(value: unknown, fields: readonly string[]): string[] {
  if (fields.length === 0 || !(Array.isArray(value) || isRecord(value))) return []
  return Object.entries(value).flatMap(([key, v]) => (fields.includes(key) && typeof v === 'string' ? [v] : valuesUnder(v, fields)))
}

/**
 * A URL's user and password: they run to the authority's last `@` (a URL parser takes
 * `https://bot:p@ss@host/` as password `p@ss`), so a cut at the first one left the rest of the password.
 * `$1` is the scheme. Every name or redaction of a URL's credentials cuts here.
 */
export const URL_USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i

/** user:password@ in a URL, and a private_token query parameter */
export function redactUrl(url: string): string {
  return url.replace(URL_USERINFO, `$1${REDACTED}@`).replace(/([?&]private_token=)[^&#]*/i, `$1${REDACTED}`)
}

/**
 * A host or URL typed by a person (--host, FORGECTL_HOST, the settings file, `config set host`) as it
 * may be shown: everything before its last `@` goes, whatever it holds. Parse-independent on purpose:
 * a password with `/`, `?`, `#`, `@` or a space ends the authority early for a URL parser (`http://admin:
 * Hunter2/Passw0rd@host` is host `admin`, port `Hunter2`), and a pattern that stops at the first `@` or
 * space leaves the rest of the password. Cut at the last `@`, no part of any userinfo can remain; a path
 * holding `@` loses more than it needs to, which is the safe way to be wrong. Only `http://` and
 * `https://` are kept in front: any other "scheme" may be the user name itself (`admin:pw@host`).
 */
export function shownHost(raw: string): string {
  const at = raw.lastIndexOf('@')
  if (at === -1) return raw
  const scheme = /^https?:\/\//i.exec(raw)?.[0] ?? ''
  return `${scheme}${REDACTED}@${raw.slice(at + 1)}`
}

/**
 * Every occurrence of the known secrets in free text (messages from servers or libraries), in the
 * forms a server echoes a value in (escaped in a JSON text, URL- or form-encoded, HTML-escaped,
 * base64), and the credentials of every URL in it (a server's normalised copy of a mirror's URL).
 */
export function scrubText(text: string, secrets: Array<string | undefined>): string {
  let out = hideUrlCredentials(text)
  for (const secret of secrets) if (secret && secret.length >= 4) for (const form of echoedForms(secret)) out = out.split(form).join(REDACTED)
  return out
}

/**
 * user:password@ of any URL inside a text, not only of a text that is one URL (redactUrl); the
 * platform's own mask (`*****:*****@`) is left as it reads. The userinfo runs to the authority's last
 * `@`: a password may hold one, and stopping at the first left the rest of it.
 */
export function hideUrlCredentials(text: string): string {
  if (!text.includes('@')) return text
  // the scheme starts where no scheme character precedes it and is at most 32 long: with `\b` and `*`,
  // a hostile error text of 100,000 `a-` took 17 s (every letter a start, each scanning to the end)
  return text.replace(/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/)([^\s/?#"'<>]+)@/gi, (whole, scheme: string, userinfo: string) => (/^[*:]+$/.test(userinfo) ? whole : `${scheme}${REDACTED}@`))
}

const formsOf = new Map<string, string[]>()

/** the secret as sent and as a server may quote it; longest first, so that no form is cut by a shorter one */
function echoedForms(secret: string): string[] {
  let forms = formsOf.get(secret)
  if (forms) return forms
  const base64 = Buffer.from(secret).toString('base64')
  const html = secret.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')
  let uri: string[] = []
  try {
    const encoded = encodeURIComponent(secret)
    uri = [encoded, encoded.replaceAll('%20', '+')]
  } catch {
    // a lone surrogate has no URL form
  }
  forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1), html, ...uri, base64, base64.replace(/=+$/, ''), base64.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_')])]
  forms.sort((a, b) => b.length - a.length)
  formsOf.set(secret, forms)
  return forms
}

/** shows only the last four characters: enough to tell tokens apart, not enough to use one */
export function maskToken(token: string | undefined): string {
  if (!token) return '(none)'
  return token.length <= 8 ? '****' : `****${token.slice(-4)}`
}
