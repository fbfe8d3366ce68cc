// How requests reach the wire: ofetch over forgectl's node:http transport (http-transport.ts), with the
// TLS set-up (the profile's CA file beside the system's roots, --insecure) and a proxy variable applied.
// Loaded when the first request is sent: a --dry-run or a local refusal never pays for it.
import type {ConnectionOptions} from 'node:tls'
import {CliError, ExitCode} from '../base/errors.js'
import {importModule} from '../base/launcher.js'
import {readWhole, unreadableReason} from '../base/read-whole.js'
import type {Connection} from '../config/connection.js'
import {createTransport, HeaderList, type TransportResponse} from './http-transport.js'
import {proxySettings} from './proxy.js'

export type Fetcher = (url: string, options: Record<string, unknown>) => Promise<TransportResponse>

/** ofetch over node:http (http-transport.ts), with the CA file, --insecure and a proxy variable applied */
export async function createFetcher(connection: Connection): Promise<Fetcher> {
  const {createFetch} = await import('forgectl:ofetch-core')
  const proxy = proxySettings()
  let tls: ConnectionOptions | undefined
  if (connection.caFile || connection.insecure) {
    let ca: string | undefined
    if (connection.caFile) {
      try {
        ca = (await readWhole(connection.caFile)).toString('utf8')
      } catch (error) {
        throw new CliError(`cannot read the CA file ${connection.caFile}: ${unreadableReason(error)}`, ExitCode.usage)
      }
    }
    const {rootCertificates} = await importModule<typeof import('node:tls')>('node:tls')
    tls = {ca: ca ? [...rootCertificates, ca] : undefined, rejectUnauthorized: !connection.insecure}
  }
  const fetch = createTransport({tls, proxy, maxAnswerBytes: connection.maxAnswerBytes})
  const ofetch = createFetch({fetch: fetch as unknown as typeof globalThis.fetch, Headers: HeaderList as unknown as typeof globalThis.Headers, AbortController})
  return ofetch.raw as unknown as Fetcher
}
