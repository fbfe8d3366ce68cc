// The one way forgectl talks to the server: base URL + /api/v4, PRIVATE-TOKEN, encoded paths, JSON
// and multipart bodies, timeouts, TLS options, retries with backoff, --verbose and --dry-run traces.
import {readFileSync} from 'node:fs'
import {setTimeout as sleep} from 'node:timers/promises'
import type {Connection} from './connection.js'
import {ApiError, CliError, ExitCode, serverMessage} from './errors.js'
import {visibleText} from './escape.js'
import {keepBaselineHttpParser} from './http-parser.js'
import {importModule} from './import-module.js'
import {REDACTED, isSecretKey, redactUrl, redactValue, scrubText} from './redact.js'
import {isRetryable, retryDelayMs, type Failure, type HttpMethod} from './retry.js'

export type {HttpMethod}
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
export type Query = Record<string, QueryValue>
export type JsonBody = Record<string, unknown>

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
  /**
   * body fields holding a secret under a name the shared redaction cannot recognise (a hook's URL
   * variable `value`): redacted in traces, and their values scrubbed from responses and errors
   */
  secretFields?: readonly string[]
}

export interface ApiResponse<T> {
  status: number
  headers: Headers
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

type Fetcher = (url: string, options: Record<string, unknown>) => Promise<Response & {_data?: unknown}>

export class ApiClient {
  private readonly log: (line: string) => void
  private readonly retryBaseMs: number
  private fetcher?: Promise<Fetcher>
  /** how many requests actually went out (bulk summaries, tests of retries) */
  sent = 0

  constructor(readonly connection: Connection, private readonly options: ClientOptions = {}) {
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
    const fetcher = await (this.fetcher ??= createFetcher(this.connection))
    for (let attempt = 0; ; attempt++) {
      if (this.options.verbose) this.traceRequest('>', spec.method, url, body, secretFields)
      const started = Date.now()
      let failure: Failure
      let retryAfter: string | null = null
      let error: CliError
      try {
        this.sent++
        const response = await fetcher(url, {
          method: spec.method,
          headers: this.headers(),
          body,
          timeout: this.connection.timeoutMs,
          retry: 0,
          ignoreResponseError: true,
          responseType: spec.responseType === 'stream' ? 'stream' : 'text',
        })
        if (this.options.verbose) this.traceResponse(response, Date.now() - started, spec.responseType === 'stream', secrets)
        const ok = response.ok || (spec.accept ?? []).includes(response.status)
        if (ok && spec.responseType === 'stream') return {status: response.status, headers: response.headers, data: response._data as T}
        const text = spec.responseType === 'stream' ? await readStreamText(response._data) : (response._data as string | undefined) ?? ''
        const data = parseBody(text, response.headers.get('content-type'))
        if (ok) {
          if (data instanceof MalformedBody) {
            failure = {kind: 'network'}
            error = new CliError(`${spec.method} ${redactUrl(url)}: the server sent malformed JSON (${response.status})`)
          } else {
            return {status: response.status, headers: response.headers, data: data as T}
          }
        } else {
          failure = {kind: 'status', status: response.status}
          retryAfter = response.headers.get('retry-after')
          const message = data instanceof MalformedBody ? data.text.slice(0, 200) : data
          error = new ApiError(response.status, scrubText(serverMessage(message), secrets), spec.method, `/api/v4${spec.path}`)
        }
      } catch (caught) {
        if (caught instanceof CliError) throw caught
        ;[failure, error] = this.networkFailure(caught, spec.method, url)
      }
      if (attempt >= this.connection.retries || !isRetryable(spec.method, failure)) throw error
      const delay = retryDelayMs(attempt, retryAfter, this.retryBaseMs)
      if (this.options.verbose) this.log(`! ${error.message}; retrying in ${(delay / 1000).toFixed(1)}s (retry ${attempt + 1} of ${this.connection.retries})`)
      await sleep(delay)
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {accept: 'application/json', 'user-agent': 'forgectl'}
    if (this.connection.token) headers['PRIVATE-TOKEN'] = this.connection.token
    return headers
  }

  private networkFailure(caught: unknown, method: HttpMethod, url: string): [Failure, CliError] {
    const where = `${method} ${redactUrl(url)}`
    if (isTimeout(caught)) {
      return [{kind: 'network'}, new CliError(`${where}: no answer within ${this.connection.timeoutMs / 1000}s (timeout)`, ExitCode.timeout)]
    }
    const code = errorCode(caught)
    const reason = scrubText(describeNetworkError(caught, code), [this.connection.token])
    const failure: Failure = code === 'ECONNREFUSED' ? {kind: 'refused'} : {kind: 'network'}
    return [failure, new CliError(`${where}: ${reason}`, ExitCode.error)]
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

  private traceResponse(response: Response & {_data?: unknown}, ms: number, streamed: boolean, secrets: Array<string | undefined>): void {
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

async function readStreamText(stream: unknown): Promise<string> {
  if (!stream) return ''
  return new Response(stream as ReadableStream).text()
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

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & {code?: unknown}).code
    if (typeof code === 'string') return code
  }
  return undefined
}

function describeNetworkError(error: unknown, code: string | undefined): string {
  const messages: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is the server running?)',
    ENOTFOUND: 'host not found',
    ECONNRESET: 'the connection was reset',
    UND_ERR_SOCKET: 'the connection closed before the answer was complete',
    EPROTO: 'TLS handshake failed',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed (use --ca-file, or --insecure)',
    SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate is not trusted (use --ca-file, or --insecure)',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate is not trusted (use --ca-file, or --insecure)',
    CERT_HAS_EXPIRED: 'the server certificate has expired',
    ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate does not match the host name',
  }
  if (code && messages[code]) return messages[code]!
  let deepest: unknown = error
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause
  const text = deepest instanceof Error ? deepest.message : String(deepest)
  if (/terminated|other side closed|premature close/i.test(text)) return 'the connection closed before the answer was complete'
  return `${text}${code ? ` (${code})` : ''}`
}

/** ofetch, with a TLS-configured dispatcher when a CA file or --insecure asks for one */
async function createFetcher(connection: Connection): Promise<Fetcher> {
  await keepBaselineHttpParser()
  const {ofetch} = await import('ofetch')
  const raw = ofetch.raw as unknown as Fetcher
  if (!connection.caFile && !connection.insecure) return raw
  let ca: string | undefined
  if (connection.caFile) {
    try {
      ca = readFileSync(connection.caFile, 'utf8')
    } catch {
      throw new CliError(`cannot read the CA file ${connection.caFile}`, ExitCode.usage)
    }
  }
  // Node's fetch takes TLS settings only through an undici dispatcher; the package matches Node 20's own.
  const {Agent} = await importModule<typeof import('undici')>('undici')
  const {rootCertificates} = await importModule<typeof import('node:tls')>('node:tls')
  const dispatcher = new Agent({connect: {ca: ca ? [...rootCertificates, ca] : undefined, rejectUnauthorized: !connection.insecure}})
  return (url, options) => raw(url, {...options, dispatcher})
}
