// What --verbose and --dry-run show of a request and its answer, one line at a time: the method and
// address, the token as REDACTED, a body or form with its secret fields hidden, the status and the
// headers that say how a list pages, and the answer (cut at 2,000 characters). Every line still passes
// the client's log, which scrubs the secret values sent in this run.
import {parseJsonExactly} from '../answer/exact-json.js'
import {jsonText} from '../base/exact-number.js'
import {hideFields, isSecretKey, REDACTED, redactUrl, redactValue, scrubStrings, scrubText} from '../base/redact.js'
import type {JsonBody, TransportResponse} from './http-transport.js'

type Log = (line: string) => void

/** FormData, told without the global: its first use loads Node's fetch (15 ms), which a --dry-run never needs */
export function isForm(body: JsonBody | FormData | undefined): body is FormData {
  return Object.prototype.toString.call(body) === '[object FormData]'
}

export interface TracedRequest {
  /** `>` before a request sent, `DRY RUN` for one that is not */
  prefix: string
  method: string
  url: string
  body: JsonBody | FormData | undefined
  secretFields: readonly string[]
  token: string | undefined
  /** the secret values known so far, scrubbed from the body's texts */
  secrets: readonly string[]
}

export function traceRequest(log: Log, {prefix, method, url, body, secretFields, token, secrets}: TracedRequest): void {
  log(`${prefix} ${method} ${redactUrl(url)}`)
  if (token) log(`${prefix} PRIVATE-TOKEN: ${REDACTED}`)
  if (isForm(body)) {
    for (const [key, value] of body) {
      const shown = typeof value !== 'string' ? `<file ${value.name}, ${value.size} bytes>` : isSecretKey(key) || secretFields.includes(key) ? REDACTED : JSON.stringify(value)
      log(`${prefix} form ${key}=${shown}`)
    }
  } else if (body !== undefined) {
    log(`${prefix} ${jsonText(scrubStrings(redactValue(hideFields(body, secretFields)), [...secrets]))}`)
  }
}

export interface TracedAnswer {
  ms: number
  /** a download's body, which is not read here */
  streamed: boolean
  secretFields: readonly string[]
  secrets: readonly string[]
}

export function traceResponse(log: Log, response: TransportResponse, {ms, streamed, secretFields, secrets}: TracedAnswer): void {
  log(`< ${response.status} ${response.statusText} (${ms} ms)`)
  for (const name of ['content-type', 'content-length', 'x-total', 'x-total-pages', 'x-page', 'x-next-page', 'retry-after']) {
    const value = response.headers.get(name)
    if (value) log(`< ${name}: ${value}`)
  }
  if (streamed || typeof response._data !== 'string' || response._data === '') return
  let shown: string = response._data
  try {
    shown = jsonText(scrubStrings(redactValue(hideFields(parseJsonExactly(shown), secretFields)), [...secrets]))
  } catch {
    // not JSON: shown as it came, with known secrets scrubbed
  }
  shown = scrubText(shown, [...secrets])
  log(`< ${shown.length > 2000 ? shown.slice(0, 2000) + ` … (${shown.length} characters)` : shown}`)
}
