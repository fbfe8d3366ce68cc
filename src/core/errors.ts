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
 * CI job reacts differently: a timeout may pass on a rerun with a longer --timeout, a failed job will not.
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

/**
 * The server's explanation, from the shapes the platform uses: {"message": "..."},
 * {"error": "..."}, {"message": {"field": ["reason", ...]}}, or plain text. An HTML page is not the
 * platform speaking (a proxy's 404 or 502): it is named as a page and summarised.
 */
export function serverMessage(body: unknown): string {
  if (body === undefined || body === null || body === '') return ''
  if (typeof body === 'string' && looksLikeHtml(body)) return `HTML page "${htmlSummary(body)}"`
  if (typeof body === 'string') return oneLine(storageError(body) ?? stripPrefixStatus(body))
  if (typeof body !== 'object' || body instanceof ExactNumber) return String(body)
  const record = body as Record<string, unknown>
  const message = record.message ?? record.error ?? record.error_description
  if (typeof message === 'string') return oneLine(stripPrefixStatus(message))
  if (Array.isArray(message)) return oneLine(message.map(String).join('; '))
  if (message && typeof message === 'object' && !(message instanceof ExactNumber)) {
    return oneLine(
      Object.entries(message as Record<string, unknown>)
        .map(([field, reasons]) => `${field} ${Array.isArray(reasons) ? reasons.join(', ') : String(reasons)}`)
        .join('; '),
    )
  }
  return oneLine(jsonText(body))
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

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 300 ? line.slice(0, 297) + '...' : line
}
