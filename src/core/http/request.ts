// The one way forgectl talks to the server: base URL + /api/v4, PRIVATE-TOKEN, encoded paths, JSON
// and multipart bodies, timeouts, what an answer must be, and the secrets a run sent kept out of what it
// shows. Beside it: the retry loop (retry-loop.ts), the --verbose and --dry-run traces (trace.ts), and
// the TLS and proxy set-up of the wire (fetcher.ts).
import type {Readable} from 'node:stream'
import {checkAnswer, defaultExpectation, type Expectation, pageInsteadOfApi} from '../answer/answer.js'
import {AnswerTooLarge} from '../answer/answer-limit.js'
import {parseJsonExactly} from '../answer/exact-json.js'
import {formatDuration} from '../base/duration.js'
import {ApiError, CliError, ExitCode, serverMessage} from '../base/errors.js'
import {visibleText} from '../base/escape.js'
import {type ApiNumber, jsonText} from '../base/exact-number.js'
import type {IO} from '../base/io.js'
import {redactUrl, scrubStrings, scrubText, valuesUnder} from '../base/redact.js'
import {reveal, revealDeep, revealedValues} from '../base/secret.js'
import type {Connection} from '../config/connection.js'
import {createFetcher, type Fetcher} from './fetcher.js'
import type {JsonBody, ResponseHeaders, TransportResponse} from './http-transport.js'
import {markSent} from './item-sends.js'
import {deadline, describeNetworkFailure, noAnswerMessage} from './network-errors.js'
import {Pacer} from './pacer.js'
import {proxyFor, proxySettings} from './proxy.js'
import {followRedirects, type OffsitePolicy} from './redirect.js'
import {requestTarget, sentUrl} from './request-target.js'
import {type Failure, type HttpMethod, requestBudgetMs} from './retry.js'
import {type Attempt, withRetries} from './retry-loop.js'
import {paceRefused, runPauseNotice, sayWait} from './retry-notice.js'
import {TokenGate} from './run-gate.js'
import {isForm, traceRequest, traceResponse} from './trace.js'

export type {HttpMethod}
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
export type Query = Record<string, QueryValue>
export type {JsonBody, ResponseHeaders}

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
   * fields holding a secret under a name the shared redaction cannot recognise (a CI/CD variable's
   * `value`), from the API layer's declarations (`secretFieldsOf`): redacted in traces of bodies
   * and answers, and their values scrubbed from answers and errors
   */
  secretFields?: readonly string[]
  /** the answer is no longer wanted (a list that ended with pages in flight): the attempt stops, and no other is made */
  signal?: AbortSignal
  /**
   * A read this run needs to build its request (a username looked up for its ID): a GET, so it is sent
   * under --dry-run too, which then shows the request as it would really go out, and says that the
   * lookup was sent.
   */
  lookup?: boolean
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
  /** the first retry waits about this long (doubling after); else the connection's (FORGECTL_RETRY_BASE_MS) */
  retryBaseMs?: number
  /** the secret fields of every request (the command's secret inputs): as RequestSpec.secretFields */
  secretFields?: readonly string[]
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
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | ApiNumber>): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? pathSegment(values[i]!) : ''), '')
}

/**
 * A value as one path segment. `.` and `..` become `%2E` and `%2E%2E`, which the transport sends as
 * they are (request-target.ts): a label named `..` is that label, never the parent. A lone surrogate
 * becomes U+FFFD, as the URL standard has it (encodeURIComponent would throw).
 */
export function pathSegment(value: string | ApiNumber): string {
  const text = String(value).replace(/\p{Cs}/gu, '\uFFFD')
  return text === '.' || text === '..' ? text.replaceAll('.', '%2E') : encodeURIComponent(text)
}

/** the platform's query form: arrays as repeated `key[]=`, booleans as true/false, absent values dropped */
export function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    // the query is written for the wire here: a secret's value, not its marker (core/base/secret.ts)
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(reveal(item)))
    else params.append(key, String(reveal(value)))
  }
  return params
}

/**
 * A secret value this long or longer is also taken out of free text (errors, notes, answers that are
 * not JSON); fields are hidden whatever their length. It is the platform's shortest masked CI/CD
 * variable (8 characters): a shorter value cannot be masked in job logs either, and taking out every
 * `main` or `true` would garble the very message that explains a failure.
 */
const SCRUBBED_LENGTH = 8

/** a request as send() prepared it, for each of its attempts */
interface Sending {
  spec: RequestSpec
  url: string
  /** the path as errors show it */
  shownPath: string
  body: JsonBody | FormData | undefined
  secretFields: readonly string[]
  secrets: string[]
  fetcher: Fetcher
}

export class ApiClient {
  private readonly log: (line: string) => void
  private readonly retryBaseMs: number
  private fetcher?: Promise<Fetcher>
  /** how many requests actually went out (bulk summaries, tests of retries) */
  sent = 0
  /** requests that may have changed something (all but GET): after one, a refused output is no longer "nothing was done" */
  changes = 0
  /** a retry's wait was said on stderr off a terminal: a long wait is said once per run, not per request */
  private waitSaid = false
  /** closed by the first 401: nothing more of this run is sent with a token the server rejects */
  readonly gate = new TokenGate()
  /** every request of the run waits its turn here, paced by the server's rate-limit numbers */
  readonly pacer = new Pacer((ms, line) => this.sayWait(ms, line))
  /** the secret values sent so far (and the token): no error or note of this run may show them */
  private readonly secrets = new Set<string>()

  constructor(
    readonly connection: Connection,
    /** the run's stderr (traces, waits said) and environment (proxies) */
    readonly io: Pick<IO, 'env' | 'stdout' | 'stderr' | 'stdin'>,
    private readonly options: ClientOptions = {},
  ) {
    const sink = options.log ?? (line => void io.stderr.write(visibleText(line) + '\n'))
    // every trace line (a header, a redirect, a retry's reason) may quote what the server echoed
    this.log = line => sink(scrubText(line, this.knownSecrets()))
    this.retryBaseMs = options.retryBaseMs ?? connection.retryBaseMs
  }

  /** the most pages read of one list (followPages) */
  get maxPages(): number {
    return this.connection.maxPages
  }

  get baseUrl(): string {
    return `${this.connection.host}/api/v4`
  }

  /** the address as it is sent (request-target.ts): what --dry-run, --verbose and errors show */
  url(path: string, query?: Query): string {
    const search = toSearchParams(query).toString()
    // a path may bring its own query (api GET 'projects?search=a' --all): the fields join it, not its last value
    const joint = path.includes('?') ? '&' : '?'
    return sentUrl(`${this.baseUrl}${path}${search ? `${joint}${search}` : ''}`)
  }

  /** `secretFields`: fields of the answer its trace hides (RequestSpec) */
  async get<T>(path: string, query?: Query, secretFields?: readonly string[]): Promise<T> {
    return (await this.request<T>({method: 'GET', path, query, secretFields})).data
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
    try {
      return await this.send<T>(spec)
    } catch (error) {
      // a failure's text may quote what was sent (a 400 that echoes the value, a page's title, a
      // library's words): the one place every request's error passes, for the error line and a bulk
      // report's row alike
      if (error instanceof CliError) error.message = this.scrub(error.message)
      throw error
    }
  }

  private async send<T>(spec: RequestSpec): Promise<ApiResponse<T>> {
    const url = this.url(spec.path, spec.query)
    const shownPath = `/api/v4${requestTarget(`http://h${spec.path}`)}`
    const body = spec.body === undefined || isForm(spec.body) ? spec.body : dropUndefined(spec.body)
    const secretFields = [...(spec.secretFields ?? []), ...(this.options.secretFields ?? [])]
    for (const value of secretValues(body, secretFields)) if ([...value].length >= SCRUBBED_LENGTH) this.secrets.add(value)
    // a value held as a Secret (core/base/secret.ts) is scrubbed from what the server echoes whatever its field
    for (const value of [...revealedValues(body), ...revealedValues(spec.query)]) if (typeof value === 'string' && [...value].length >= SCRUBBED_LENGTH) this.secrets.add(value)
    const secrets = this.knownSecrets()
    const lookup = spec.lookup === true && spec.method === 'GET'
    if (this.options.dryRun && !lookup) {
      traceRequest(this.log, {prefix: 'DRY RUN', method: spec.method, url, body, secretFields, token: this.connection.token, secrets: this.knownSecrets()})
      throw new DryRunStop()
    }
    // --verbose traces every attempt anyway
    if (this.options.dryRun && !this.options.verbose) traceRequest(this.log, {prefix: 'LOOKUP (sent)', method: spec.method, url, body, secretFields, token: undefined, secrets})
    if (spec.method !== 'GET') this.changes++
    const fetcher = await (this.fetcher ??= createFetcher(this.connection, this.io))
    const sending: Sending = {spec, url, shownPath, body, secretFields, secrets, fetcher}
    const {retries, timeoutMs} = this.connection
    // a 429's or 503's wait may be the whole run's pause (pacer.ts): said once, not once per request
    const beforeWait = (ms: number, notice: string) => {
      const pause = this.pacer.claimPause(ms)
      if (pause !== 'said') this.sayWait(ms, pause === 'first' ? runPauseNotice(notice) : notice)
    }
    // a 401 of another request of the run cuts this one's retry wait: it would end unsent (run-gate.ts)
    const closed = this.gate.closed
    const policy = {method: spec.method, retries, timeoutMs, baseMs: this.retryBaseMs, signal: spec.signal ? AbortSignal.any([spec.signal, closed]) : closed, beforeWait}
    const retried = withRetries(policy, async (attempt, firstStarted) => {
      // before every attempt: a retry waiting its turn is not sent after another request's 401, and
      // waits for the run's pacing only as long as the user allows the request (--timeout × attempts)
      const budgetEnd = firstStarted + requestBudgetMs(timeoutMs, retries)
      await this.pacer.ready(waitMs => {
        this.gate.check()
        const leftMs = budgetEnd - Date.now()
        if (waitMs > leftMs) throw paceRefused(spec.method, shownPath, waitMs, leftMs, timeoutMs, retries + 1)
      }, spec.signal)
      try {
        const outcome = await this.attempt<T>(sending, attempt, firstStarted)
        if ('error' in outcome) this.gate.observe(outcome.error)
        return outcome
      } finally {
        this.pacer.release()
      }
    })
    return retried.catch((error: unknown) => {
      // a wait cut by the gate reads as the 401 that closed it (NotSent), not as an abort
      if (closed.aborted && !spec.signal?.aborted && !(error instanceof CliError)) this.gate.check()
      throw error
    })
  }

  /** A person watching a silent pause deserves to know why; a script's log when asked (--verbose), or once for a long wait. */
  private sayWait(ms: number, notice: string): void {
    if (!sayWait(ms, {verbose: this.options.verbose === true, terminal: this.io.stderr.isTTY === true}, this.waitSaid)) return
    this.waitSaid = true
    this.log(notice)
  }

  /** one attempt of a request: its answer, or why it failed (withRetries decides whether another is made) */
  private async attempt<T>({spec, url, shownPath, body, secretFields, secrets, fetcher}: Sending, attempt: number, firstStarted: number): Promise<Attempt<ApiResponse<T>>> {
    if (this.options.verbose) traceRequest(this.log, {prefix: '>', method: spec.method, url, body, secretFields, token: this.connection.token, secrets: this.knownSecrets()})
    const started = Date.now()
    let failure: Failure
    let retryAfter: string | null = null
    let date: string | null = null
    let error: CliError
    let reason: string | undefined
    // --timeout bounds the attempt, body included; a download's body then has an idle limit of the same length
    const timer = deadline(this.connection.timeoutMs)
    // the head of the answer came, and the time ran out while its body did not
    let begun = false
    try {
      this.sent++
      markSent()
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
            // the one place a body is written for the wire: secrets as their values (core/base/secret.ts)
            body: body === undefined || isForm(body) ? body : jsonText(revealDeep(body)),
            // the attempt's deadline (the whole answer); a list that no longer wants it (spec.signal) ends it too
            signal: spec.signal ? AbortSignal.any([spec.signal, timer.signal]) : timer.signal,
            idleTimeout: this.connection.timeoutMs,
            onHead: () => (begun = true),
            responseType: spec.responseType === 'stream' ? 'stream' : 'text',
          })
        },
        this.options.verbose ? this.log : undefined,
        spec.offsite,
      )
      this.pacer.observe(response)
      if (this.options.verbose) traceResponse(this.log, response, {ms: Date.now() - started, streamed: spec.responseType === 'stream', secretFields, secrets})
      const ok = response.ok || (spec.accept ?? []).includes(response.status)
      const expect = spec.expect ?? (spec.responseType === 'stream' ? 'file' : defaultExpectation(spec.method))
      const context = {host: this.connection.host, method: spec.method, path: shownPath}
      const streamed = ok && expect === 'file'
      const text = streamed ? '' : spec.responseType === 'stream' ? await unreadText(response) : ((response._data as string | undefined) ?? '')
      if (ok) {
        const checked = checkAnswer({status: response.status, contentType: response.headers.get('content-type'), text}, expect, context)
        if (checked.ok) return {answer: {status: response.status, headers: response.headers, data: (streamed ? response._data : checked.data) as T}}
        if (streamed) (response._data as Readable | undefined)?.destroy()
        if (!checked.retry) throw checked.error
        failure = {kind: 'network'}
        error = checked.error
      } else {
        // scrubbed before anything is cut to a summary: a secret cut in half would still show its start
        const said = scrubText(text, secrets)
        // and each text of a JSON answer as parsed: an echo of a value with quotes or line breaks is escaped in the raw text
        const parsed = parseBody(said, response.headers.get('content-type'))
        const data = parsed instanceof MalformedBody ? parsed : scrubStrings(parsed, secrets)
        failure = {kind: 'status', status: response.status}
        retryAfter = response.headers.get('retry-after')
        date = response.headers.get('date')
        const message = data instanceof MalformedBody ? data.text.slice(0, 200) : data
        const elsewhere = answeredBy === url || new URL(answeredBy).origin === new URL(url).origin ? '' : `, answered by ${new URL(answeredBy).host}`
        error = pageInsteadOfApi(new ApiError(response.status, serverMessage(message), spec.method, `${shownPath}${elsewhere}`), said)
      }
    } catch (caught) {
      if (caught instanceof CliError) throw caught
      spec.signal?.throwIfAborted()
      ;[failure, error, reason] = this.networkFailure(caught, spec.method, url, attempt + 1, Date.now() - firstStarted, begun)
    } finally {
      timer.clear()
    }
    return {failure, error, retryAfter, date, reason}
  }

  /** `text` without the token or any secret value this run sent: for errors and notes */
  scrub(text: string): string {
    return scrubText(text, this.knownSecrets())
  }

  /** a record with the token and the secret values this run sent taken out of its texts */
  scrubRecord(data: unknown): unknown {
    return scrubStrings(data, this.knownSecrets())
  }

  private knownSecrets(): string[] {
    return [this.connection.token, ...this.secrets].filter((s): s is string => s !== undefined)
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
    // its words are scrubbed where every error (request) and trace line (log) passes
    const {kind, reason} = describeNetworkFailure(caught, url, proxyFor(url, proxySettings(this.io.env)))
    return [{kind}, new CliError(`${where}: ${reason}`, ExitCode.error), reason]
  }
}

class MalformedBody {
  constructor(readonly text: string) {}
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined
  if (contentType && !contentType.includes('json')) return text
  try {
    return parseJsonExactly(text)
  } catch {
    return new MalformedBody(text)
  }
}

/** the text of a streamed answer that is not a file after all (an error, a page): read by the transport */
function unreadText(response: TransportResponse): Promise<string> {
  return response._data === undefined ? Promise.resolve('') : response.text()
}

function secretValues(body: JsonBody | FormData | undefined, fields: readonly string[]): string[] {
  if (body === undefined || fields.length === 0) return []
  if (!isForm(body)) return valuesUnder(body, fields)
  return fields.map(key => body.get(key)).filter((v): v is string => typeof v === 'string')
}

function dropUndefined(body: JsonBody): JsonBody {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.name === 'TimeoutError') return true
  return false
}
