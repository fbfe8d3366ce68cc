// Redirects are decided here, not by fetch: fetch would follow a 302 to any host with every header,
// PRIVATE-TOKEN included, and replay a DELETE there. The token never leaves the origin it was given
// for (scheme, host and port), and a write is never sent a second time without the user asking.
import {CliError} from '../base/errors.js'
import {isSecretKey, REDACTED, redactUrl} from '../base/redact.js'
import type {ResponseHeaders} from './http-transport.js'
import {locationTarget, pathAsSent} from './request-target.js'
import type {HttpMethod} from './retry.js'

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const MAX_HOPS = 5
/** presigned object-storage URLs carry their credentials in the query */
const SIGNED_QUERY_KEY = /signature|credential|sig$|^x-amz-security-token$|^key$/i

export interface Hop {
  status: number
  headers: ResponseHeaders
  /** an unread streamed body (a Node stream) is destroyed before the next hop, so its connection is freed */
  _data?: unknown
}

/**
 * Where a read may go when redirected to another origin:
 * - `refuse` (API calls): nowhere; the fix is often --host
 * - `suggest` (a file, without --follow-redirects): nowhere, and the refusal names --follow-redirects
 * - `follow` (a file, with --follow-redirects): there, without the token: object storage hands out files
 *   under presigned addresses, which carry their own credentials. Never from https to http.
 */
export type OffsitePolicy = 'refuse' | 'suggest' | 'follow'

/**
 * Sends `send(url, withToken)` and follows same-origin redirects of reads, at most five. Anything else
 * that redirects ends the command: another origin (unless `offsite` is `follow`), or a write. The token
 * goes only to the origin of `url`.
 */
export async function followRedirects<R extends Hop>(
  url: string,
  method: HttpMethod,
  send: (url: string, withToken: boolean) => Promise<R>,
  trace?: (line: string) => void,
  offsite: OffsitePolicy = 'refuse',
): Promise<R> {
  const origin = new URL(url).origin
  let current = url
  for (let hop = 0; ; hop++) {
    const response = await send(current, new URL(current).origin === origin)
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null
    // A 3xx without a Location cannot be followed: it is the answer, and fails as a non-2xx status.
    if (!location) return response
    discard(response._data)
    // the Location's path as the server wrote it: `new URL(...).href` would have removed its dot segments
    const next = locationTarget(location, current)
    const target = new URL(next)
    const shown = redactLocation(next)
    const where = `${method} ${redactUrl(url)}`
    const elsewhere = target.origin !== origin
    const read = method === 'GET'
    if (elsewhere && !(read && offsite === 'follow')) {
      const fix =
        read && offsite === 'suggest'
          ? 'if the file is kept there (object storage), --follow-redirects (or `forgectl config set follow-redirects true`) fetches it from there without the token'
          : `if that is the server, use --host ${target.origin}`
      throw new CliError(`${where} was redirected (${response.status}) to ${shown}, another origin: not followed, so the token stays with ${origin}; ${fix}`)
    }
    if (!read) {
      throw new CliError(`${where} was redirected (${response.status}) to ${shown}: a ${method} is not sent again on a redirect; is --host the server's base URL (without /api/v4)?`)
    }
    if (elsewhere && new URL(current).protocol === 'https:' && target.protocol === 'http:') {
      throw new CliError(`${where} was redirected (${response.status}) to ${shown}: from https to http, not followed`)
    }
    if (hop >= MAX_HOPS) throw new CliError(`${where}: more than ${MAX_HOPS} redirects, the last to ${shown}`)
    trace?.(`< ${response.status} redirect to ${shown}${elsewhere ? ' (another origin: sent without the token)' : ''}`)
    current = next
  }
}

/** a Location as it may be shown: no credentials, no token or signature in the query */
export function redactLocation(href: string): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return redactUrl(href)
  }
  if (url.username || url.password) {
    url.username = REDACTED
    url.password = ''
  }
  for (const key of [...url.searchParams.keys()]) {
    if (isSecretKey(key) || SIGNED_QUERY_KEY.test(key)) url.searchParams.set(key, REDACTED)
  }
  // an http(s) path as it is sent, not the normalised one of `url.pathname`
  const web = url.protocol === 'http:' || url.protocol === 'https:'
  const shown = web ? `${url.protocol}//${url.username ? `${url.username}@` : ''}${url.host}${pathAsSent(href)}${url.search}${url.hash}` : url.href
  return shown.replaceAll(encodeURIComponent(REDACTED), REDACTED)
}

function discard(body: unknown): void {
  if (body && typeof (body as {destroy?: unknown}).destroy === 'function') (body as {destroy(): void}).destroy()
}
