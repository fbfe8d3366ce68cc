// What a host and a token may be, wherever they come from (a flag, the environment, a stored profile,
// `config set`): the rules alone, so that the settings file (config-store.ts) checks a stored value by the
// same rule as the connection (connection.ts) without the two importing each other.
import {isIP} from 'node:net'
import {UsageError} from '../base/errors.js'
import {shownHost} from '../base/redact.js'

/**
 * The rule of an access token, wherever it comes from: the platform's tokens are printable ASCII
 * without spaces. A line break or a space copied along (`echo` into a file, a hand edit) could never
 * be sent as a header, or would be another token; the message names the character, never the token.
 */
export function checkToken(token: string, what: string): string {
  const odd = [...token].find(char => !/^[\x21-\x7e]$/.test(char))
  if (odd === undefined) return token
  const code = `U+${odd.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  const name = odd === '\n' || odd === '\r' ? 'a line break' : odd === ' ' ? 'a space' : odd === '\t' ? 'a tab' : `the character ${code}`
  throw new UsageError(`${what}: an access token is printable ASCII without spaces, and this one holds ${name}`)
}

/**
 * `forge.example.com` → `https://forge.example.com`, but a bare loopback host (`localhost:3000`,
 * `127.0.0.1:8080`, `[::1]:8080`) → `http://`: a server on one's own machine is a development server,
 * which rarely speaks TLS. A trailing `/api/v4` or slash is dropped.
 */
export function normalizeHost(raw: string): string {
  // before anything else reads it: any `@` may end a user name or password, which no message may quote
  // (a URL parser would have taken part of such a password for a host or a port, and quoted it as one)
  if (raw.includes('@')) throw new UsageError(`the host "${shownHost(raw)}" must not carry credentials (a user or password before "@"): use --token or \`auth login\``)
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw)
  assertValidPort(raw, hasScheme)
  let url: URL
  try {
    url = new URL(hasScheme ? raw : `https://${raw}`)
    if (!hasScheme && isLoopback(url.hostname)) url = new URL(`http://${raw}`)
  } catch {
    throw new UsageError(`invalid host "${raw}": expected a URL such as https://forge.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`invalid host "${raw}": only http and https are supported`)
  // `@` was refused above; a URL parser may still find a user in what it decodes
  if (url.username || url.password) throw new UsageError('the host URL must not carry credentials: use --token or `auth login`')
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')
  return `${url.protocol}//${url.host}${path}`
}

/** URL's own refusal of port 70000 reads "Invalid URL"; say which part is wrong */
function assertValidPort(raw: string, hasScheme: boolean): void {
  const authority = (hasScheme ? raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '') : raw).split(/[/?#]/)[0]!.replace(/^.*@/, '')
  const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(authority)?.[1]
  if (port === undefined || port === '') return
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new UsageError(`invalid port "${port}" in host "${raw}": a port is a number from 1 to 65535`)
  }
}

export function isLoopback(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (isIP(name) === 4) return name.startsWith('127.')
  return name === '::1'
}
