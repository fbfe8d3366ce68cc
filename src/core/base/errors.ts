import {STATUS_CODES} from 'node:http'
import {ExactNumber, jsonText} from './exact-number.js'
import {htmlSummary, looksLikeHtml} from './html-summary.js'
// Exit codes are part of the interface scripts rely on: documented in the README, never renumbered.
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  forbidden: 5,
  conflict: 6,
  rateLimited: 7,
  timeout: 8,
  /** a job waited for ended failed: the server did the work and it failed, unlike 8 (not finished in time) */
  jobFailed: 9,
  /** a check found what it looks for (`tokens audit` found tokens to act on): not an error, a finding to alert on */
  found: 10,
  // A signal ended the run: 128 + the signal's number, as a shell reports a process killed by it, so
  // that `$?` reads the same whether forgectl stopped by itself (after cleaning up) or was killed.
  /** SIGINT: Ctrl-C on a terminal, or `kill -INT` */
  interrupted: 130,
  /** SIGTERM: `kill`, a service manager, a CI runner cancelling the job */
  terminated: 143,
} as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** an expected failure: printed as one line, never with a stack trace */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.error,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/**
 * The line after every refusal of permission (exit 5), whichever way the server said it: a 403, or a 401
 * the platform sends where it means "not allowed" (another user's tokens asked for by a non-administrator,
 * src/topics/token-refusal.ts). One exit code and one sentence, so that a script and a person tell "not
 * allowed" from "log in again" (exit 4) the same way for every command.
 */
export const NOT_ALLOWED_HINT = "Not allowed: the token is valid, but its user's role or the token's scopes do not allow this"

/** bad or missing input found before any request was sent */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage)
    this.name = 'UsageError'
  }
}

/** the server answered with an error status */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${status} ${STATUS_CODES[status] ?? 'Error'}${serverMessage && serverMessage !== STATUS_CODES[status] ? `: ${serverMessage}` : ''} (${method} ${path})`, exitCodeForStatus(status))
    this.name = 'ApiError'
  }
}

/**
 * A job the tool waited for ended failed (exit 9), or did not end in time (exit 8). Two codes, because a
 * CI job reacts differently: a timeout may pass on a rerun with a longer --wait-timeout, a failed job will not.
 */
export class JobError extends CliError {
  constructor(
    message: string,
    readonly outcome: 'failed' | 'timeout',
  ) {
    super(message, outcome === 'failed' ? ExitCode.jobFailed : ExitCode.timeout)
    this.name = 'JobError'
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401) return ExitCode.auth
  if (status === 403) return ExitCode.forbidden
  if (status === 404) return ExitCode.notFound
  if (status === 400 || status === 409 || status === 422) return ExitCode.conflict
  if (status === 429) return ExitCode.rateLimited
  if (status === 408 || status === 504) return ExitCode.timeout
  return ExitCode.error
}

/** at most this many characters of the server's words on an error line */
export const SERVER_MESSAGE_MAX = 300
/** how deep a nested message is followed; deeper is shown as … */
const NESTING_MAX = 6

/**
 * The server's explanation, from the shapes the platform uses: {"message": "..."},
 * {"error": "..."}, {"message": {"field": ["reason", ...]}}, or plain text. An HTML page is not the
 * platform speaking (a proxy's 404 or 502): it is named as a page and summarised. Whatever the shape,
 * one line of at most SERVER_MESSAGE_MAX characters, cut with "…".
 */
export function serverMessage(body: unknown): string {
  if (body === undefined || body === null || body === '') return ''
  if (typeof body === 'string' && looksLikeHtml(body)) return `HTML page "${htmlSummary(body)}"`
  if (typeof body === 'string') return oneLine(storageError(body) ?? stripPrefixStatus(body))
  if (typeof body !== 'object' || body instanceof ExactNumber) return oneLine(String(body))
  const record = body as Record<string, unknown>
  let message = Array.isArray(body) ? body : (record.message ?? record.error ?? record.error_description)
  // {"message": {"error": [full messages]}} (the protection rules' services): the messages are the words
  if (typeof message === 'object' && message !== null && !Array.isArray(message) && Object.keys(message).join() === 'error') message = (message as {error: unknown}).error
  if (typeof message === 'string') return oneLine(stripPrefixStatus(message))
  const said = message === undefined || message === null ? '' : fieldMessages(message)
  return oneLine(said || asJson(body))
}

/**
 * A validation message of any shape as "field texts; other texts": {"name": ["is taken"], "config":
 * {"url": ["is blocked", "is long"]}} → "name is taken; config.url is blocked, is long"; {"base":
 * ["Duplicate page"]} → "Duplicate page". Collecting
 * stops once more than a line is there, however many fields and texts follow.
 */
function fieldMessages(message: unknown): string {
  const parts: string[] = []
  let length = 0
  const add = (field: string | undefined, text: string) => {
    const part = field === undefined ? text : `${field} ${text}`
    parts.push(part)
    length += part.length + 2
  }
  const walk = (value: unknown, field: string | undefined, depth: number): void => {
    if (length > SERVER_MESSAGE_MAX || value === null || value === undefined) return
    if (typeof value !== 'object' || value instanceof ExactNumber || depth >= NESTING_MAX) {
      add(field, typeof value === 'object' && !(value instanceof ExactNumber) ? '…' : String(value))
      return
    }
    if (Array.isArray(value)) {
      // a field's texts together ("name is taken, is too long"); an object among them in its place
      let texts: string[] = []
      let pending = 0
      const flush = () => {
        if (texts.length > 0) add(field, texts.join(field === undefined ? '; ' : ', '))
        texts = []
        pending = 0
      }
      for (const item of value) {
        if (length + pending > SERVER_MESSAGE_MAX) break
        if (item === null || item === undefined) continue
        if (typeof item === 'object') {
          flush()
          walk(item, field, depth + 1)
        } else {
          texts.push(String(item))
          pending += texts.at(-1)!.length + 2
        }
      }
      flush()
    } else {
      for (const key in value) {
        if (length > SERVER_MESSAGE_MAX) break
        // the model's own errors (`base`) are its sentences, as Rails' full messages write them: no field before them
        walk((value as Record<string, unknown>)[key], field === undefined ? (key === 'base' ? undefined : key) : `${field}.${key}`, depth + 1)
      }
    }
  }
  walk(message, undefined, 0)
  return parts.join('; ')
}

/** an answer of no known shape, as its JSON; a value JSON cannot write (a BigInt) as its fields */
function asJson(body: unknown): string {
  try {
    return jsonText(body) ?? ''
  } catch {
    return fieldMessages(body)
  }
}

/**
 * Object storage (a download followed there with --follow-redirects) explains a refusal in an XML
 * document, `<Error><Code>AccessDenied</Code><Message>Request has expired</Message>…`, as S3, Google
 * Cloud Storage, Azure and MinIO do: "AccessDenied: Request has expired"
 */
function storageError(text: string): string | undefined {
  if (!/^\s*(<\?xml[^>]*>\s*)?<Error>/.test(text)) return undefined
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1]
  const [code, message] = [field('Code'), field('Message')].map(value => value && decodeXml(value))
  if (!code && !message) return undefined
  return [code, message].filter(Boolean).join(': ')
}

const XML_ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"}

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!)
}

/** "404 Label Not Found" → "Label Not Found": the status is printed once, by us */
function stripPrefixStatus(text: string): string {
  return text.replace(/^\d{3}\s+/, '')
}

/** line breaks of every kind (NEL too) as spaces; cut with "…", never inside a surrogate pair */
function oneLine(text: string): string {
  const line = text.replace(/[\s\u0085]+/g, ' ').trim()
  if (line.length <= SERVER_MESSAGE_MAX) return line
  let end = SERVER_MESSAGE_MAX - 1
  if (/[\ud800-\udbff]/.test(line[end - 1]!)) end--
  return `${line.slice(0, end)}…`
}

/** how a run is stopped from outside: Ctrl-C, or a `kill` (src/core/terminal/interrupt.ts) */
export type StopSignal = 'SIGINT' | 'SIGTERM'

/** the run was stopped by a signal: one line, and the signal's exit code */
export class Interrupted extends CliError {
  constructor(
    readonly signal: StopSignal,
    detail?: string,
  ) {
    const what = signal === 'SIGINT' ? 'interrupted' : 'terminated'
    super(`${what} (${signal})${detail ? `: ${detail}` : ''}`, signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated)
    this.name = 'Interrupted'
  }
}
