// How requests reach the wire: forgectl's node:http transport (http-transport.ts), with the TLS set-up
// (the profile's CA file beside the system's roots, --insecure) and a proxy variable applied, and the
// answer read as the request asks (its text, or its body unread for a download). This was ofetch's part
// until issue 38: of it forgectl used the JSON headers of a body and the reading of the answer, and
// reaching its createFetch without its entry module (whose top level reads globalThis.Headers, the
// read that loads Node's fetch) took a regular expression over its bundle in the build.
// Loaded when the first request is sent: a --dry-run or a local refusal never pays for it.
import type {ConnectionOptions} from 'node:tls'
import {CliError, ExitCode} from '../base/errors.js'
import type {IO} from '../base/io.js'
import {importModule} from '../base/launcher.js'
import {readWhole, unreadableReason} from '../base/read-whole.js'
import type {Connection} from '../config/connection.js'
import {createTransport, HeaderList, NO_BODY, type TransportFetch, type TransportRequest, type TransportResponse} from './http-transport.js'
import {proxySettings} from './proxy.js'

export interface FetchOptions extends Omit<TransportRequest, 'headers'> {
  headers: Record<string, string>
  /** `text`: the answer's text in `_data`; `stream`: its body unread in `_data` (a download) */
  responseType: 'text' | 'stream'
}

export type Fetcher = (url: string, options: FetchOptions) => Promise<TransportResponse>

const PAYLOAD_METHODS = new Set(['PATCH', 'POST', 'PUT', 'DELETE'])

/** node:http (http-transport.ts), with the CA file, --insecure and a proxy variable applied */
export async function createFetcher(connection: Connection, io: Pick<IO, 'env' | 'stdin'>): Promise<Fetcher> {
  const proxy = proxySettings(io.env)
  let tls: ConnectionOptions | undefined
  if (connection.caFile || connection.insecure) {
    let ca: string | undefined
    if (connection.caFile) {
      try {
        ca = (await readWhole(connection.caFile, io.stdin)).toString('utf8')
      } catch (error) {
        throw new CliError(`cannot read the CA file ${connection.caFile}: ${unreadableReason(error)}`, ExitCode.usage)
      }
    }
    const {rootCertificates} = await importModule<typeof import('node:tls')>('node:tls')
    tls = {ca: ca ? [...rootCertificates, ca] : undefined, rejectUnauthorized: !connection.insecure}
  }
  const fetch = createTransport({tls, proxy, maxAnswerBytes: connection.maxAnswerBytes})
  return (url, options) => send(fetch, url, options)
}

async function send(fetch: TransportFetch, url: string, {headers: given, responseType, ...options}: FetchOptions): Promise<TransportResponse> {
  const headers = new HeaderList(given)
  const method = (options.method ?? 'GET').toUpperCase()
  // a body in text is JSON (request.ts writes it); a form's own type is set where it is encoded
  if (typeof options.body === 'string' && PAYLOAD_METHODS.has(method)) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    if (!headers.has('accept')) headers.set('accept', 'application/json')
  }
  const response = await fetch(url, {...options, method, headers, responseType})
  if (NO_BODY.has(response.status) || method === 'HEAD') return response
  response._data = responseType === 'stream' ? response.body : await response.text()
  return response
}
