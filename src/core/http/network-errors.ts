// A request that got no answer, told in words a person can act on. fetch reports "fetch failed" with
// the real reason in a chain of causes: a system error code, an OpenSSL code with a raw
// "error:0A00010B:SSL routines:..." message (never shown), or one of undici's own messages.
import {formatDuration} from '../base/duration.js'

export interface NetworkFailure {
  reason: string
  /**
   * refused: nothing reached the server, any request may be repeated; network: the request may have
   * reached it; permanent: repeating cannot help (a name that does not exist, a certificate, a port)
   */
  kind: 'refused' | 'network' | 'permanent'
}

const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
])

/** the code of a tunnel the proxy closed before opening it (proxy-dispatcher.ts) */
export const TUNNEL_CLOSED = 'FORGECTL_PROXY_TUNNEL_CLOSED'

/** `url` is the request's; `proxy` the proxy it went through, if any */
export function describeNetworkFailure(error: unknown, url: string, proxy?: string): NetworkFailure {
  const causes = causeChain(error)
  const code = causes.map(e => e.code).find(c => c !== undefined)
  const text = causes.map(e => e.message).join('\n')
  const target = new URL(url)
  const where = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`
  const viaProxy = proxy ? new URL(proxy) : undefined

  if (code === 'ECONNREFUSED') {
    if (viaProxy && causes.some(e => e.port === Number(viaProxy.port || 80))) {
      return {kind: 'refused', reason: `the proxy ${viaProxy.host} refused the connection (check HTTPS_PROXY/HTTP_PROXY)`}
    }
    return {kind: 'refused', reason: `connection refused by ${where} (is the server running, and on this port?)`}
  }
  if (code === 'ENOTFOUND') return {kind: 'permanent', reason: `host name "${target.hostname}" not found (check the spelling of --host)`}
  if (code === 'EAI_AGAIN') return {kind: 'refused', reason: `could not look up "${target.hostname}": the name server did not answer (check the network)`}
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return {kind: 'refused', reason: `no route to ${where} (check the network or VPN)`}
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return {kind: 'refused', reason: `could not connect to ${where}: no answer to the connection attempt`}
  if (/\bbad port\b/i.test(text)) {
    return {kind: 'permanent', reason: `port ${target.port} is on fetch's list of blocked ports (as in browsers, for safety), so no request was sent: run the server on another port`}
  }
  if (code === TUNNEL_CLOSED) return {kind: 'network', reason: `the proxy ${viaProxy?.host ?? ''} closed the connection instead of opening a tunnel to ${where} (check HTTPS_PROXY/HTTP_PROXY)`}
  const tunnel = /Proxy response \((\d+)\)/.exec(text)
  if (tunnel) {
    const status = tunnel[1]
    return status === '407'
      ? {kind: 'permanent', reason: 'the proxy asks for a user name and password (407): give them in the proxy variable, as http://user:password@proxy:port'}
      : {kind: 'permanent', reason: `the proxy would not open a tunnel to ${where} (it answered ${status})`}
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number|packet length too long/i.test(text)) {
    return {kind: 'permanent', reason: `${where} does not speak TLS; if it serves plain HTTP, use http://${target.host}`}
  }
  if (code && UNTRUSTED.has(code)) {
    return {
      kind: 'permanent',
      reason: 'the server certificate is not trusted (self-signed or from an unknown authority): pass --ca-file with the CA certificate (PEM), or --insecure to skip the check',
    }
  }
  if (code === 'CERT_HAS_EXPIRED') return {kind: 'permanent', reason: 'the server certificate has expired'}
  if (code === 'CERT_NOT_YET_VALID') return {kind: 'permanent', reason: "the server certificate is not valid yet (check this machine's clock)"}
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return {kind: 'permanent', reason: `the server certificate is not for ${target.hostname}`}
  // an answer that is not HTTP as Node's parser (llhttp, native in node:http, WebAssembly in undici)
  // reads it: its own words ("Parse Error: Header overflow") said as the download's parser says them
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'UND_ERR_HEADERS_OVERFLOW') return {kind: 'network', reason: "the answer's head is longer than 16 KiB"}
  if (code?.startsWith('HPE_'))
    return {kind: 'network', reason: `the answer is not HTTP as it should be (${(causes.find(e => e.code === code)?.message ?? code).replace(/^Parse Error: /, '').toLowerCase()})`}
  // zlib's words for a body that does not unpack as its Content-Encoding says (broken, or garbage after it)
  if (code?.startsWith('Z_')) return {kind: 'network', reason: `the answer does not unpack as its Content-Encoding says (${causes.find(e => e.code === code)?.message ?? code})`}
  // node:http's words (and http1-download's) for a connection that closed before the answer began: what
  // a TLS port does with a plain-HTTP request, the usual cause when --host says http:// by mistake
  if (/socket hang up/i.test(text)) {
    const hint = target.protocol === 'http:' ? ` (if it serves https on this port, use https://${target.host})` : ''
    return {kind: 'network', reason: `${where} closed the connection without answering${hint}`}
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || /terminated|other side closed|premature close/i.test(text)) {
    return {kind: 'network', reason: 'the connection closed before the answer was complete'}
  }
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL_') || /SSL routines|:error:[0-9A-F]{8}:/i.test(text)) {
    return {kind: 'permanent', reason: `the TLS handshake with ${where} failed`}
  }
  const deepest = causes.at(-1)?.message.split('\n')[0] ?? 'unknown error'
  return {kind: 'network', reason: `${deepest}${code ? ` (${code})` : ''}`}
}

/** why a request was stopped: the signal's reason (the deadline's TimeoutError, an interrupt), as fetch rejects with it */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : Object.assign(new Error('This operation was aborted'), {name: 'AbortError'})
}

/**
 * The last words of a request that timed out, once or every time it was tried: how long in all, how
 * many attempts and how long each could take, and what to do. `begun`: the last answer's head had
 * come, and its body did not end in time (a server that stalls, or sends a byte a second).
 */
export function noAnswerMessage(totalMs: number, attempts: number, perAttemptMs: number, begun = false): string {
  const each = formatDuration(perAttemptMs)
  const tried = attempts === 1 ? `1 attempt of ${each}` : `${attempts} attempts, ${each} each`
  if (begun) return `the answer was not complete after ${formatDuration(totalMs)} in all (${tried}); the server may be stalled or --timeout too short`
  return `no answer after ${formatDuration(totalMs)} in all (${tried}); the server may be down or --timeout too short`
}

/**
 * A limit on one attempt, body included (curl's --max-time): its signal aborts with a TimeoutError,
 * as fetch's timeout does, until `clear()`, which the caller calls when it has the whole answer, or
 * hands a download's body on (which then has an idle limit instead, see `StalledAnswer`).
 */
export function deadline(ms: number): {signal: AbortSignal; clear(): void} {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(Object.assign(new Error('The operation was aborted due to timeout'), {name: 'TimeoutError'})), ms)
  return {signal: controller.signal, clear: () => clearTimeout(timer)}
}

/** a body that stopped arriving: no byte for `idleMs` (wget's --read-timeout); what downloads have instead of a deadline */
export class StalledAnswer extends Error {
  constructor(readonly idleMs: number) {
    super(`no data for ${formatDuration(idleMs)}`)
    this.name = 'StalledAnswer'
  }
}

/** the idle limit ended it: ours (a direct download, StalledAnswer) or undici's bodyTimeout (through a proxy) */
export function isStalled(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof StalledAnswer || (e as {code?: unknown}).code === 'UND_ERR_BODY_TIMEOUT') return true
  }
  return false
}

interface Cause {
  message: string
  code?: string
  port?: number
}

function causeChain(error: unknown): Cause[] {
  const out: Cause[] = []
  for (let e: unknown = error; e instanceof Error && out.length < 10; e = e.cause) {
    const {code, port} = e as Error & {code?: unknown; port?: unknown}
    out.push({message: e.message, code: typeof code === 'string' ? code : undefined, port: typeof port === 'number' ? port : undefined})
  }
  if (out.length === 0) out.push({message: String(error)})
  return out
}
