// The one way forgectl talks to the server: base URL + /api/v4, PRIVATE-TOKEN, encoded paths, JSON
// and multipart bodies, timeouts, TLS options, retries with backoff, --verbose and --dry-run traces.
import {readFileSync} from 'node:fs'
import type {Readable} from 'node:stream'
import {setTimeout as sleep} from 'node:timers/promises'
import type {ConnectionOptions} from 'node:tls'
import {checkAnswer, defaultExpectation, type Expectation, pageInsteadOfApi} from './answer.js'
import {AnswerTooLarge} from './answer-limit.js'
import type {Connection} from './connection.js'
import {formatDuration} from './duration.js'
import {ApiError, CliError, ExitCode, serverMessage} from './errors.js'
import {visibleText} from './escape.js'
import {createTransport, HeaderList, type TransportResponse} from './http-transport.js'
import {importModule} from './launcher.js'
import {deadline, describeNetworkFailure, noAnswerMessage} from './network-errors.js'
import {proxyFor, proxySettings} from './proxy.js'
import {isSecretKey, REDACTED, redactUrl, redactValue, scrubText} from './redact.js'
import {followRedirects, type OffsitePolicy} from './redirect.js'
import {type Failure, type HttpMethod, isRetryable, retryDelayMs} from './retry.js'
import {retryNotice, shortReason} from './retry-notice.js'

export type {HttpMethod}
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
export type Query = Record<string, QueryValue>
export type JsonBody = Record<string, unknown>
/** the part of an answer's headers that forgectl reads; names are case-insensitive */
export type ResponseHeaders = Pick<HeaderList, 'get'>

export interface RequestSpec {
  method: HttpMethod
  /** an API path below /api/v4, already encoded (build it with `apiPath`) */
  path: string
  query?: Query
  body?: JsonBody | FormData
  /** statuses to hand back instead of throwing (for example 304 on a repeated subscribe) */
  accept?: readonly number[]
  /** `stream` leaves the body unread, for downloads */
  responseType?: 'json' | 'stream'
  /** a GET redirected to another origin (redirect.ts); refused by default */
  offsite?: OffsitePolicy
  /**
   * what a success must be (see answer.ts); by default a record, `none` for DELETE, `file` for a
   * stream; lists read through `followPages` ask for `list`
   */
  expect?: Expectation
  /**
   * body fields holding a secret under a name the shared redaction cannot recognise (a hook's URL
   * variable `value`): redacted in traces, and their values scrubbed from responses and errors
   */
  secretFields?: readonly string[]
}

export interface ApiResponse<T> {
  status: number
  headers: ResponseHeaders
  data: T
}

export interface ClientOptions {
  dryRun?: boolean
  verbose?: boolean
  /** where traces go; stderr by default */
  log?: (line: string) => void
  /** the first retry waits about this long (doubling after); FORGECTL_RETRY_BASE_MS overrides */
  retryBaseMs?: number
}

/** thrown instead of sending when --dry-run is on; the command ends with exit 0 */
export class DryRunStop extends Error {
  constructor() {
    super('dry run: request not sent')
    this.name = 'DryRunStop'
  }
}

/**
 * `apiPath\`/projects/${id}/labels/${name}\`` encodes every interpolated value as one path segment,
 * so `group/sub/project` becomes `group%2Fsub%2Fproject` as the API requires.
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '')
}

/** the platform's query form: arrays as repeated `key[]=`, booleans as true/false, absent values dropped */
export function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item))
    else params.append(key, String(value))
  }
  return params
}

type Fetcher = (url: string, options: Record<string, unknown>) => Promise<TransportResponse>

export class ApiClient {
  private readonly log: (line: string) => void
  private readonly retryBaseMs: number
  private fetcher?: Promise<Fetcher>
  /** how many requests actually went out (bulk summaries, tests of retries) */
  sent = 0
  /** requests that may have changed something (all but GET): after one, a refused output is no longer "nothing was done" */
  changes = 0

  constructor(
    readonly connection: Connection,
    private readonly options: ClientOptions = {},
  ) {
    this.log = options.log ?? (line => process.stderr.write(visibleText(line) + '\n'))
    this.retryBaseMs = Number(process.env.FORGECTL_RETRY_BASE_MS ?? options.retryBaseMs ?? 500)
  }

  get baseUrl(): string {
    return `${this.connection.host}/api/v4`
  }

  url(path: string, query?: Query): string {
    const search = toSearchParams(query).toString()
    return `${this.baseUrl}${path}${search ? `?${search}` : ''}`
  }

  async get<T>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({method: 'GET', path, query})).data
  }

  async post<T>(path: string, body?: JsonBody | FormData, query?: Query): Promise<T> {
    return (await this.request<T>({method: 'POST', path, body, query})).data
  }

  async put<T>(path: string, body?: JsonBody, query?: Query): Promise<T> {
    return (await this.request<T>({method: 'PUT', path, body, query})).data
  }

  async patch<T>(path: string, body?: JsonBody, query?: Query): Promise<T> {
    return (await this.request<T>({method: 'PATCH', path, body, query})).data
  }

  async delete<T = void>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({method: 'DELETE', path, query})).data
  }

  async request<T>(spec: RequestSpec): Promise<ApiResponse<T>> {
    const url = this.url(spec.path, spec.query)
    const body = spec.body === undefined || isForm(spec.body) ? spec.body : dropUndefined(spec.body)
    const secretFields = spec.secretFields ?? []
    const secrets = [this.connection.token, ...secretValues(body, secretFields)]
    if (this.options.dryRun) {
      this.traceRequest('DRY RUN', spec.method, url, body, secretFields)
      throw new DryRunStop()
    }
    if (spec.method !== 'GET') this.changes++
    const fetcher = await (this.fetcher ??= createFetcher(this.connection))
    const firstStarted = Date.now()
    for (let attempt = 0; ; attempt++) {
      if (this.options.verbose) this.traceRequest('>', spec.method, url, body, secretFields)
      const started = Date.now()
      let failure: Failure
      let retryAfter: string | null = null
      let error: CliError
      let reason: string | undefined
      // --timeout bounds the attempt, body included; a download's body then has an idle limit of the same length
      const timer = deadline(this.connection.timeoutMs)
      // the head of the answer came, and the time ran out while its body did not
      let begun = false
      try {
        this.sent++
        // the address that gave the answer: another host's when a file was followed there
        let answeredBy = url
        const response = await followRedirects(
          url,
          spec.method,
          (target, withToken) => {
            answeredBy = target
            begun = false
            return fetcher(target, {
              method: spec.method,
              // compressed answers as fetch asked for them; a download as stored, so that its size can be checked
              headers: spec.responseType === 'stream' ? this.headers(withToken) : {...this.headers(withToken), 'accept-encoding': 'gzip, deflate, br'},
              // JSON as text: ofetch would otherwise ask `instanceof FormData`, and that global loads Node's fetch
              body: body === undefined || isForm(body) ? body : JSON.stringify(body),
              signal: timer.signal,
              idleTimeout: this.connection.timeoutMs,
              onHead: () => (begun = true),
              retry: 0,
              ignoreResponseError: true,
              responseType: spec.responseType === 'stream' ? 'stream' : 'text',
              redirect: 'manual',
            })
          },
          this.options.verbose ? this.log : undefined,
          spec.offsite,
        )
        if (this.options.verbose) this.traceResponse(response, Date.now() - started, spec.responseType === 'stream', secrets)
        const ok = response.ok || (spec.accept ?? []).includes(response.status)
        const expect = spec.expect ?? (spec.responseType === 'stream' ? 'file' : defaultExpectation(spec.method))
        const context = {host: this.connection.host, method: spec.method, path: `/api/v4${spec.path}`}
        const streamed = ok && expect === 'file'
        const text = streamed ? '' : spec.responseType === 'stream' ? await unreadText(response) : ((response._data as string | undefined) ?? '')
        if (ok) {
          const checked = checkAnswer({status: response.status, contentType: response.headers.get('content-type'), text}, expect, context)
          if (checked.ok) return {status: response.status, headers: response.headers, data: (streamed ? response._data : checked.data) as T}
          if (streamed) (response._data as Readable | undefined)?.destroy()
          if (!checked.retry) throw checked.error
          failure = {kind: 'network'}
          error = checked.error
        } else {
          const data = parseBody(text, response.headers.get('content-type'))
          failure = {kind: 'status', status: response.status}
          retryAfter = response.headers.get('retry-after')
          const message = data instanceof MalformedBody ? data.text.slice(0, 200) : data
          const elsewhere = answeredBy === url || new URL(answeredBy).origin === new URL(url).origin ? '' : `, answered by ${new URL(answeredBy).host}`
          error = pageInsteadOfApi(new ApiError(response.status, scrubText(serverMessage(message), secrets), spec.method, `/api/v4${spec.path}${elsewhere}`), text)
        }
      } catch (caught) {
        if (caught instanceof CliError) throw caught
        ;[failure, error, reason] = this.networkFailure(caught, spec.method, url, attempt + 1, Date.now() - firstStarted, begun)
      } finally {
        timer.clear()
      }
      if (attempt >= this.connection.retries || !isRetryable(spec.method, failure)) throw error
      const delay = retryDelayMs(attempt, retryAfter, this.retryBaseMs)
      // A person watching a silent pause deserves to know why; a script's log only when asked (--verbose).
      if (this.options.verbose || process.stderr.isTTY) this.log(retryNotice(delay, reason ?? shortReason(error), attempt + 2, this.connection.retries + 1))
      await sleep(delay)
    }
  }

  private headers(withToken: boolean): Record<string, string> {
    const headers: Record<string, string> = {accept: 'application/json', 'user-agent': 'forgectl'}
    if (withToken && this.connection.token) headers['PRIVATE-TOKEN'] = this.connection.token
    return headers
  }

  /** the failure's kind, the error to end with, and the reason in a few words for a retry notice */
  private networkFailure(caught: unknown, method: HttpMethod, url: string, attempts: number, elapsedMs: number, begun: boolean): [Failure, CliError, string] {
    const where = `${method} ${redactUrl(url)}`
    // the same answer would come again: not retried
    if (caught instanceof AnswerTooLarge) return [{kind: 'permanent'}, new CliError(`${where}: ${caught.explain()}`, ExitCode.error), caught.message]
    if (isTimeout(caught)) {
      const message = noAnswerMessage(elapsedMs, attempts, this.connection.timeoutMs, begun)
      const within = formatDuration(this.connection.timeoutMs)
      return [{kind: 'network'}, new CliError(`${where}: ${message}`, ExitCode.timeout), begun ? `answer not complete within ${within}` : `no answer within ${within}`]
    }
    const described = describeNetworkFailure(caught, url, proxyFor(url, proxySettings()))
    const reason = scrubText(described.reason, [this.connection.token])
    return [{kind: described.kind}, new CliError(`${where}: ${reason}`, ExitCode.error), reason]
  }

  private traceRequest(prefix: string, method: string, url: string, body: JsonBody | FormData | undefined, secretFields: readonly string[]): void {
    this.log(`${prefix} ${method} ${redactUrl(url)}`)
    if (this.connection.token) this.log(`${prefix} PRIVATE-TOKEN: ${REDACTED}`)
    if (isForm(body)) {
      for (const [key, value] of body) {
        const shown = typeof value !== 'string' ? `<file ${value.name}, ${value.size} bytes>` : isSecretKey(key) || secretFields.includes(key) ? REDACTED : JSON.stringify(value)
        this.log(`${prefix} form ${key}=${shown}`)
      }
    } else if (body !== undefined) {
      const hidden = Object.fromEntries(Object.entries(body).map(([key, v]) => [key, secretFields.includes(key) && v !== '' ? REDACTED : v]))
      this.log(`${prefix} ${JSON.stringify(redactValue(hidden))}`)
    }
  }

  private traceResponse(response: TransportResponse, ms: number, streamed: boolean, secrets: Array<string | undefined>): void {
    this.log(`< ${response.status} ${response.statusText} (${ms} ms)`)
    for (const name of ['content-type', 'content-length', 'x-total', 'x-total-pages', 'x-page', 'x-next-page', 'retry-after']) {
      const value = response.headers.get(name)
      if (value) this.log(`< ${name}: ${value}`)
    }
    if (streamed || typeof response._data !== 'string' || response._data === '') return
    let shown: string = response._data
    try {
      shown = JSON.stringify(redactValue(JSON.parse(shown)))
    } catch {
      // not JSON: shown as it came, with known secrets scrubbed
    }
    shown = scrubText(shown, secrets)
    this.log(`< ${shown.length > 2000 ? shown.slice(0, 2000) + ` … (${shown.length} characters)` : shown}`)
  }
}

class MalformedBody {
  constructor(readonly text: string) {}
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined
  if (contentType && !contentType.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return new MalformedBody(text)
  }
}

/** the text of a streamed answer that is not a file after all (an error, a page): read by the transport */
function unreadText(response: TransportResponse): Promise<string> {
  return response._data === undefined ? Promise.resolve('') : response.text()
}

/** FormData, told without the global: its first use loads Node's fetch (15 ms), which a --dry-run never needs */
function isForm(body: JsonBody | FormData | undefined): body is FormData {
  return Object.prototype.toString.call(body) === '[object FormData]'
}

function secretValues(body: JsonBody | FormData | undefined, fields: readonly string[]): string[] {
  if (body === undefined || fields.length === 0) return []
  const get = (key: string) => (isForm(body) ? body.get(key) : body[key])
  return fields.map(get).filter((v): v is string => typeof v === 'string')
}

function dropUndefined(body: JsonBody): JsonBody {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.name === 'TimeoutError') return true
  return false
}

/** ofetch over node:http (http-transport.ts), with the CA file, --insecure and a proxy variable applied */
async function createFetcher(connection: Connection): Promise<Fetcher> {
  const {createFetch} = await import('forgectl:ofetch-core')
  const proxy = proxySettings()
  let tls: ConnectionOptions | undefined
  if (connection.caFile || connection.insecure) {
    let ca: string | undefined
    if (connection.caFile) {
      try {
        ca = readFileSync(connection.caFile, 'utf8')
      } catch {
        throw new CliError(`cannot read the CA file ${connection.caFile}`, ExitCode.usage)
      }
    }
    const {rootCertificates} = await importModule<typeof import('node:tls')>('node:tls')
    tls = {ca: ca ? [...rootCertificates, ca] : undefined, rejectUnauthorized: !connection.insecure}
  }
  const fetch = createTransport({tls, proxy, maxAnswerBytes: connection.maxAnswerBytes})
  const ofetch = createFetch({fetch: fetch as unknown as typeof globalThis.fetch, Headers: HeaderList as unknown as typeof globalThis.Headers, AbortController})
  return ofetch.raw as unknown as Fetcher
}
