// The one line printed before a retry: on a terminal always (a silent pause of seconds looks like a
// hang), elsewhere only with --verbose. `retrying in 2 s: 503 Service Unavailable (attempt 2 of 4)`
import {STATUS_CODES} from 'node:http'
import {formatDuration} from './duration.js'
import {ApiError, type CliError} from './errors.js'

/** `next` counts attempts from 1, the first request included, as does `of` */
export function retryNotice(delayMs: number, reason: string, next: number, of: number): string {
  return `retrying in ${formatDuration(delayMs)}: ${reason} (attempt ${next} of ${of})`
}

/** the status alone for a server's error ("503 Service Unavailable"), else the message without "GET url: " */
export function shortReason(error: CliError): string {
  if (error instanceof ApiError) return `${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`
  return error.message.replace(/^[A-Z]+ \S+: /, '')
}
