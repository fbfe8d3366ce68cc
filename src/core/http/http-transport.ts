// The fetch that forgectl sends through (fetcher.ts): node:http and node:https, or undici's `request` through a proxy.
// Node's own fetch is not used: its first call loads and compiles undici's fetch, WHATWG streams and a
// WebAssembly HTTP parser, which cost more than the request itself in a one-request command (issue 16:
// `labels get` was 2.2-2.5x a bare node:http script), and it hands a download's body back as a WHATWG
// stream that reaches a file only through Readable.fromWeb, a copy per chunk. Here a body is a Node
// stream, and a direct download's is read off its own connection into one reused buffer
// (http1-download.ts). Headers are the small class below: the first read of globalThis.Headers loads
// Node's fetch as well.
import type {Agent, IncomingHttpHeaders, IncomingMessage} from 'node:http'
import type {Readable} from 'node:stream'
import type {ConnectionOptions} from 'node:tls'
import {urlToHttpOptions} from 'node:url'
import type {Dispatcher} from 'undici'
import {AnswerTooLarge} from '../answer/answer-limit.js'
import {beforeUndiciRequest, importModule} from '../base/launcher.js'
import {getForDownload} from './http1-download.js'
import {abortReason} from './network-errors.js'
import type {ProxySettings} from './proxy.js'
import {proxyDispatcher} from './proxy-dispatcher.js'
import {requestTarget} from './request-target.js'

/** a request's JSON body, as the API takes it */
export type JsonBody = Record<string, unknown>
/** the part of an answer's headers that forgectl reads; names are case-insensitive */
export type ResponseHeaders = Pick<HeaderList, 'get'>

/** the part of fetch's Headers that forgectl uses (get, has, set, iteration); names are case-insensitive */
export class HeaderList {
  private readonly values = new Map<string, string>()

  constructor(init?: Iterable<readonly [string, string]> | Record<string, string | string[] | undefined> | HeaderList) {
    if (!init) return
    const entries = Symbol.iterator in init ? (init as Iterable<readonly [string, string]>) : Object.entries(init)
    for (const [name, value] of entries) {
      if (value !== undefined) this.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
  }

  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null
  }

  has(name: string): boolean {
    return this.values.has(name.toLowerCase())
  }

  set(name: string, value: string): void {
    this.values.set(name.toLowerCase(), value)
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.values.entries()
  }
}

/** what this fetch answers: a Response as far as forgectl reads one */
export interface TransportResponse {
  status: number
  statusText: string
  ok: boolean
  headers: HeaderList
  /** unread; whoever receives it reads it to the end or destroys it */
  body: Readable
  text(): Promise<string>
  /** set by fetcher.ts: the text, or the unread body for responseType 'stream' */
  _data?: unknown
}

export interface TransportRequest {
  method?: string
  headers?: HeaderList
  body?: string | FormData
  /** covers the whole answer, body included: aborting it after the head ends the body with its reason */
  signal?: AbortSignal
  /** `stream` marks a download */
  responseType?: string
  /** ms without a byte of the body after which it ends (a download's limit, where the signal is no longer armed) */
  idleTimeout?: number
  /** called when the answer's head has come */
  onHead?: () => void
}

export type TransportFetch = (url: string, init: TransportRequest) => Promise<TransportResponse>

export interface TransportOptions {
  /** --ca-file, --insecure; undefined: Node's default trust */
  tls?: ConnectionOptions
  proxy?: ProxySettings
  /** the most `text()` reads, as sent and decompressed (answer-limit.ts); unbounded if not given */
  maxAnswerBytes?: number
}

/** fetch refuses these ports (https://fetch.spec.whatwg.org/#block-bad-port); forgectl did, and still does */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512,
  513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679,
  6697, 10080,
])

/**
 * How much of an answer that is not a success is read: its status is the news, and its message is cut to
 * a line anyway. Beyond this the text is cut short, never refused: a 503 whose body passes the answer
 * limit is still a 503, retried as one, and a 404 still exits 3.
 */
const ERROR_TEXT_BYTES = 1024 * 1024

/** statuses whose answer has no body, as fetch knows them */
export const NO_BODY = new Set([101, 204, 205, 304])

interface Sent {
  status: number
  statusText: string
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>
  body: Readable
}

/** `path`: the request target as sent (request-target.ts), never `url`'s own, which WHATWG normalised */
type Send = (
  url: URL,
  path: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
  signal: AbortSignal | undefined,
  idleMs: number | undefined,
) => Promise<Sent>

export function createTransport(options: TransportOptions): TransportFetch {
  let send: Promise<Send> | undefined
  return async (url, init) => {
    const target = new URL(url)
    // `new URL` has removed dot segments from its pathname: the path goes out as it was built
    const path = requestTarget(url)
    // worded as fetch words it, so that network-errors.ts explains it the same way
    if (target.port !== '' && BAD_PORTS.has(Number(target.port))) throw new Error('bad port')
    const method = init.method ?? 'GET'
    const headers: Record<string, string> = Object.fromEntries(init.headers ?? [])
    const body = await encodeBody(init.body, headers)
    const sent =
      // a direct GET for a file: on a connection of its own, read into one reused buffer (http1-download.ts)
      !options.proxy && method === 'GET' && body === undefined && init.responseType === 'stream'
        ? await downloadSend(target, path, headers, options.tls, init.signal, init.idleTimeout)
        : await (await (send ??= options.proxy ? proxiedSend(options) : directSend(options.tls)))(target, path, method, headers, body, init.signal, init.idleTimeout)
    init.onHead?.()
    // nothing to read: the connection goes back to the pool at once
    if (NO_BODY.has(sent.status) || method === 'HEAD') sent.body.resume()
    const responseHeaders = new HeaderList(sent.headers)
    return {
      status: sent.status,
      statusText: sent.statusText,
      ok: sent.status >= 200 && sent.status < 300,
      headers: responseHeaders,
      body: sent.body,
      // an error's words are wanted, not all of it: a 404 with 2 GiB of padding is still a 404
      text: () =>
        sent.status >= 200 && sent.status < 300
          ? readText(sent.body, responseHeaders, options.maxAnswerBytes ?? Number.POSITIVE_INFINITY)
          : readText(sent.body, responseHeaders, ERROR_TEXT_BYTES, true),
    }
  }
}

/** a form as multipart/form-data, encoded by fetch's own encoder (only uploads load it); text as it is */
async function encodeBody(body: string | FormData | undefined, headers: Record<string, string>): Promise<string | Uint8Array | undefined> {
  if (body === undefined || typeof body === 'string') return body
  const encoded = new Response(body)
  headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data'
  return new Uint8Array(await encoded.arrayBuffer())
}

async function directSend(tls: ConnectionOptions | undefined): Promise<Send> {
  const http = await importModule<typeof import('node:http')>('node:http')
  let https: typeof import('node:https') | undefined
  // keep-alive: the pages of --all and the requests of a fan-out reuse their connections
  const agents: {http?: Agent; https?: Agent} = {}
  return async (url, path, method, headers, body, signal) => {
    let agent: Agent
    let request: typeof http.request
    if (url.protocol === 'https:') {
      https ??= await importModule<typeof import('node:https')>('node:https')
      agent = agents.https ??= new https.Agent({keepAlive: true, ...tls})
      request = https.request
    } else {
      agent = agents.http ??= new http.Agent({keepAlive: true})
      request = http.request
    }
    signal?.throwIfAborted()
    return new Promise<Sent>((resolve, reject) => {
      const outgoing = request({...urlToHttpOptions(url), path, method, headers, agent})
      const abort = () => outgoing.destroy(abortReason(signal as AbortSignal))
      signal?.addEventListener('abort', abort, {once: true})
      let answer: IncomingMessage | undefined
      // `on`, not `once`: a late error of a finished request must not go unhandled. One in the body
      // (a chunk that is not HTTP) ends the body with it, not with a bare "aborted"
      outgoing.on('error', error => {
        signal?.removeEventListener('abort', abort)
        answer?.destroy(error)
        reject(error)
      })
      outgoing.once('response', response => {
        answer = response
        signal?.removeEventListener('abort', abort)
        // the signal covers the body too, as fetch's does: an answer that stalls after its head is ended
        if (signal) {
          const stop = () => response.destroy(abortReason(signal))
          signal.addEventListener('abort', stop, {once: true})
          response.once('close', () => signal.removeEventListener('abort', stop))
        }
        resolve({status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers, body: guarded(response)})
      })
      outgoing.end(body)
    })
  }
}

async function downloadSend(url: URL, path: string, headers: Record<string, string>, tls: ConnectionOptions | undefined, signal: AbortSignal | undefined, idleMs: number | undefined): Promise<Sent> {
  const answer = await getForDownload(url, path, headers, tls, signal, idleMs)
  return {status: answer.status, statusText: answer.statusText, headers: answer.headers, body: guarded(answer.body)}
}

async function proxiedSend(options: TransportOptions): Promise<Send> {
  beforeUndiciRequest()
  const makeDispatcher = () => proxyDispatcher(options.proxy as ProxySettings, options.tls ?? {})
  const [{STATUS_CODES}, first] = await Promise.all([importModule<typeof import('node:http')>('node:http'), makeDispatcher()])
  let dispatcher: Dispatcher | Promise<Dispatcher> = first
  return async (url, path, method, headers, body, signal, idleMs) => {
    const current = await dispatcher
    // the dispatcher's own request, given origin and path: undici's `request(url)` would parse the URL again;
    // the caller's signal bounds the head (undici's own 300 s must not cut a longer --timeout short); the body has the idle limit
    const asked = current.request({origin: url.origin, path, method: method as Dispatcher.HttpMethod, headers, body, signal, headersTimeout: 0, bodyTimeout: idleMs})
    // undici reads a request's signal only once it has a connection: a proxy that takes the connection
    // and never answers CONNECT would keep it waiting past --timeout and Ctrl-C. The signal ends the
    // wait here, and the dispatcher with its tunnel attempt; the next request gets a new one.
    const response = await untilAborted(asked, signal, () => {
      dispatcher = makeDispatcher()
      current.destroy().catch(() => undefined)
    })
    return {status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', headers: response.headers, body: guarded(response.body)}
  }
}

/** `promise`, or its signal's reason as soon as the signal aborts (then `onAbort` runs, and a later outcome is dropped) */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      promise.then(
        late => (late as {body?: Readable}).body?.destroy(),
        () => undefined,
      )
      onAbort()
      reject(signal.reason)
    }
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, {once: true})
    promise.then(
      value => {
        signal.removeEventListener('abort', abort)
        resolve(value)
      },
      error => {
        signal.removeEventListener('abort', abort)
        reject(error)
      },
    )
  })
}

/**
 * A body that fails before anyone listens (a connection cut while a download's target is prepared)
 * would crash the process with an unhandled 'error': the error stays on the stream for the reader's
 * pipeline, or the size check, to report.
 */
function guarded<S extends Readable>(body: S): S {
  body.on('error', () => undefined)
  return body
}

/**
 * The whole body as text, decoded from gzip, deflate or brotli where a server compressed it unasked; at
 * most `limit` bytes as sent and as decoded: a longer Content-Length is refused before reading, a longer
 * body or a decompression bomb is stopped at the limit (AnswerTooLarge), or, with `cut`, is its first
 * `limit` bytes, the rest left unread. Decoded as a stream, off the main thread and as fast as it is
 * read, so that the limit stops it early and a signal is not kept waiting.
 */
async function readText(body: Readable, headers: HeaderList, limit: number, cut = false): Promise<string> {
  const declared = Number(headers.get('content-length') ?? Number.NaN)
  if (declared > limit && !cut) {
    body.destroy()
    throw new AnswerTooLarge(limit, declared)
  }
  const chunks: Buffer[] = []
  let decoded = 0
  const full = new CutShort()
  const over = () => (cut ? full : new AnswerTooLarge(limit))
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      chunks.push(decoded + chunk.length > limit ? chunk.subarray(0, limit - decoded) : chunk)
      decoded += chunk.length
      // leaving the loop ends the read: nothing more is taken off the connection, nor decompressed
      if (decoded > limit) throw over()
    }
  }
  const text = () => Buffer.concat(chunks).toString('utf8')
  const decoder = await decoderFor(headers.get('content-encoding'))
  let sent = 0
  try {
    if (!decoder) {
      await collect(body)
      return text()
    }
    const counted = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        sent += chunk.length
        if (sent > limit) throw over()
        yield chunk
      }
    }
    const {pipeline} = await importModule<typeof import('node:stream/promises')>('node:stream/promises')
    await pipeline(body, counted, decoder, collect)
  } catch (error) {
    if (error === full) {
      body.destroy()
      return text()
    }
    // a compressed answer with no body at all (a 204 that names its encoding) is empty, not broken
    if (sent === 0 && (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') return ''
    throw error
  }
  return text()
}

/** an answer read as far as it is wanted */
class CutShort extends Error {}

async function decoderFor(encoding: string | null): Promise<import('node:stream').Transform | undefined> {
  const coding = encoding?.trim().toLowerCase()
  if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== 'deflate' && coding !== 'br') return undefined
  const zlib = await importModule<typeof import('node:zlib')>('node:zlib')
  if (coding === 'deflate') return zlib.createInflate()
  return coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip()
}
