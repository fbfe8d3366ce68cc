// A 2xx is not proof that the API answered: a web server's welcome page, a captive portal or a proxy
// answer 200 too. An answer is accepted only if it is what the endpoint promises; anything else ends
// the command with one line naming the host, instead of printing a page as a record or reporting
// "Deleted" for a request that never reached the API.

import {type ApiError, CliError, ExitCode} from '../base/errors.js'
import {type ApiNumber, ExactNumber, isApiNumber} from '../base/exact-number.js'
import {looksLikeHtml} from '../base/html-summary.js'
import type {HttpMethod} from '../base/http-method.js'
import {parseJsonExactly} from './exact-json.js'

/**
 * What an endpoint promises on success:
 * - `record`: one JSON object (an array of one is tolerated: the spec shows some records that way)
 * - `list`: a JSON array
 * - `none`: nothing worth reading (a 204, or JSON that is ignored), but never a page or text
 * - `json`: any JSON, or nothing (the raw `forgectl api` command)
 * - `file`: a download of any type except a web page
 */
export type Expectation = 'record' | 'list' | 'none' | 'json' | 'file'

export function defaultExpectation(method: HttpMethod): Expectation {
  return method === 'DELETE' ? 'none' : 'record'
}

export interface Answer {
  status: number
  contentType: string | null
  /** the body as text (not read for `file`) */
  text: string
}

/** where the request went, for the message: the base URL (never the token) and the request */
export interface AnswerContext {
  host: string
  method: HttpMethod
  /** the path as the server saw it, `/api/v4/...` */
  path: string
}

export type Checked =
  | {ok: true; data: unknown}
  /** `retry`: the body may have been damaged on the way (broken JSON), so asking again may help */
  | {ok: false; error: CliError; retry: boolean}

const HOST_HINT = "is --host the server's base URL (without /api/v4)?"

/** `application/json` and the `+json` types (`application/problem+json`), parameters ignored */
export function isJsonType(contentType: string | null): boolean {
  const type = mediaType(contentType)
  return type === 'application/json' || /^[\w.-]+\/[\w.-]+\+json$/.test(type)
}

export function checkAnswer(answer: Answer, expect: Expectation, context: AnswerContext): Checked {
  const refuse = (what: string, retry = false): Checked => ({ok: false, retry, error: new CliError(`unexpected answer from ${context.host}: ${answer.status} ${what}`)})
  const request = `${context.method} ${context.path}`
  const type = mediaType(answer.contentType)
  if (expect === 'file') return type === 'text/html' ? refuse(`text/html, a web page instead of the file (${request}); ${HOST_HINT}`) : {ok: true, data: undefined}
  // 304 Not Modified (an accepted status, like a repeated subscribe) has no body by definition
  if (answer.text === '') {
    if (expect === 'none' || expect === 'json' || answer.status === 304) return {ok: true, data: undefined}
    return refuse(`with an empty body, where ${request} returns ${promised(expect)}`)
  }
  if (type !== '' && !isJsonType(answer.contentType)) return refuse(`${type}, not the API's JSON (${request}); ${HOST_HINT}`)
  let data: unknown
  try {
    data = parseJsonExactly(answer.text)
  } catch {
    if (looksLikeHtml(answer.text)) return refuse(`${type || 'without a content type'}, a web page rather than the API's JSON (${request}); ${HOST_HINT}`)
    if (type === '') return refuse(`without a content type and not JSON (${request}); ${HOST_HINT}`)
    // The status is what a DELETE promises; its body is not read, so damage to it changes nothing.
    if (expect === 'none') return {ok: true, data: undefined}
    return refuse(`${type}, but the server sent malformed JSON (${request})`, true)
  }
  const fits = expect === 'list' ? Array.isArray(data) : expect !== 'record' || isRecord(data) || (Array.isArray(data) && data.length === 1 && isRecord(data[0]))
  if (!fits) return refuse(`with ${describeJson(data)}, where ${request} returns ${promised(expect)}`)
  return {ok: true, data}
}

/**
 * The API answers a missing resource or route with a JSON 404; a 404 web page comes from something
 * else at --host (a web server, a proxy without the route). Exit 3 would tell a script "not found, so
 * create it", so such a page ends with exit 1 and the --host hint instead.
 */
export function pageInsteadOfApi(error: ApiError, body: string): CliError {
  if (error.status !== 404 || !looksLikeHtml(body)) return error
  return new CliError(`${error.message}, a web page rather than the API's JSON; ${HOST_HINT}`, ExitCode.error)
}

/** a user record as `GET /user` returns it: anything else means the server is not the API */
export function isUserRecord(data: unknown): data is {id: ApiNumber; username: string} {
  return isRecord(data) && isApiNumber(data.id) && typeof data.username === 'string' && data.username !== ''
}

/** the error for a `GET /user` (or `/users/:id`) answer that is JSON but no user: the server is not the platform's API */
export function notAUser(data: unknown, host: string, path = '/user'): CliError {
  return new CliError(`unexpected answer from ${host}: GET /api/v4${path} returned ${describeJson(data)} without a numeric id and a username, so it is not the API's user record; ${HOST_HINT}`)
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && !(data instanceof ExactNumber)
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

function promised(expect: Expectation): string {
  return expect === 'list' ? 'a list' : 'a record'
}

/** what came instead, in words: "a JSON object", "a JSON array of 3", "a JSON string" */
export function describeJson(data: unknown): string {
  if (Array.isArray(data)) return `a JSON array of ${data.length}`
  if (data === null) return 'JSON null'
  return `a JSON ${data instanceof ExactNumber ? 'number' : typeof data === 'object' ? 'object' : typeof data}`
}
