// How a failed run ends: what it prints on stderr and its exit code (errors.ts numbers them). Expected
// failures are one line, never a stack trace; a mistake on the command line is said in forgectl's
// words (parse-errors.ts), with the usage line where it helps; a 401 gets the hint of where the token
// came from, and every refusal of permission (exit 5) the same line. Secrets typed on the command line
// are never quoted back.
import type {Command} from '@oclif/core/command'
import * as Errors from '@oclif/core/errors'
import {ApiError, CliError, ExitCode, NOT_ALLOWED_HINT} from '../base/errors.js'
import {messageText} from '../base/escape.js'
import {hideUrlCredentials, scrubText} from '../base/redact.js'
import {authHint, type TokenOrigin} from '../http/auth-hint.js'
import {MissingInputs} from '../input/input.js'
import {secretFlagValues} from '../input/input-flags.js'
import {parseFailure} from './parse-errors.js'
import {usageLine} from './usage.js'

/** what the report needs of the command that failed */
export interface FailedCommand {
  id: string | undefined
  ctor: typeof Command
  bin: string
  /** its command line as typed */
  argv: readonly string[]
  /** it takes a secret: words out of place are counted, not quoted */
  secret: boolean
  /** where the token came from, for the hint after a 401 */
  tokenOrigin?: TokenOrigin
  /** FORGECTL_DEBUG was set in the run's environment: an unexpected error's stack is shown */
  debug: boolean
}

export interface ErrorReport {
  text: string
  exitCode: ExitCode
}

/** the lines that say what was wrong with a command's command line, and its exit code; undefined for any other error */
export function commandLineFailure(command: Pick<FailedCommand, 'id' | 'ctor' | 'bin'>, error: Error, secret: boolean): ErrorReport | undefined {
  const {ctor, bin} = command
  const id = command.id ?? ctor.id
  const flags = {...ctor.baseFlags, ...ctor.flags}
  const args = ctor.args ?? {}
  const failure = parseFailure(error, {flags, args, name: [bin, ...id.split(':')].join(' '), secret})
  if (!failure) return undefined
  const usage = failure.usage ? `Usage: ${commandUsage(command)}\n` : ''
  return {text: messageText(`Error: ${failure.message}\n${usage}`), exitCode: failure.exitCode}
}

/** `forgectl labels get LABEL [FLAGS]` */
function commandUsage({id, ctor, bin}: Pick<FailedCommand, 'id' | 'ctor' | 'bin'>): string {
  return usageLine(bin, {id: id ?? ctor.id, args: ctor.args ?? {}, flags: {...ctor.baseFlags, ...ctor.flags}})
}

/** what a failed run prints and its exit code; undefined for oclif's own exit (`this.exit`), which is passed on */
export function errorReport(error: Error, command: FailedCommand): ErrorReport | undefined {
  // a URL's password typed where it does not belong (`mirrors create -p 1 https://bot:TOKEN@host/a.git`) is quoted by no error
  error.message = hideUrlCredentials(error.message)
  if (error.stack) error.stack = hideUrlCredentials(error.stack)
  // the command line itself: an unknown flag, a bad value, a word out of place (parse-errors.ts)
  const failure = commandLineFailure(command, error, command.secret)
  if (failure) return {...failure, text: hideUrlCredentials(failure.text)}
  if (error instanceof CliError) {
    // a missing argument: the usage line shows where it goes
    const usage = error instanceof MissingInputs && error.argument ? `\nUsage: ${commandUsage(command)}` : ''
    return {text: messageText(`Error: ${error.message}${hintFor(error, command.tokenOrigin)}${usage}\n`), exitCode: error.exitCode}
  }
  if (error instanceof Errors.ExitError) return undefined
  if (error instanceof Errors.CLIError) {
    // another of oclif's errors, of words parse-errors.ts does not know: still one line, exit 2
    const message = withoutSecretFlagValues(error.message, {...command.ctor.baseFlags, ...command.ctor.flags}, command.argv)
      .replace(/\nSee more help with --help$/, '')
      .replace(/\n\s*/g, ' ')
      .trim()
    return {text: messageText(`Error: ${message}\n`), exitCode: ExitCode.usage}
  }
  if ((error as NodeJS.ErrnoException).code === 'EPIPE') return {text: '', exitCode: ExitCode.ok}
  // Unexpected: still one line; the stack only when asked for.
  const stack = command.debug ? `${error.stack}\n` : ''
  return {text: `${messageText(`Error: ${error.message}\n`)}${stack}`, exitCode: ExitCode.error}
}

/** `--value=S cannot also be provided …`, as oclif words it, without S when --value is a secret input */
function withoutSecretFlagValues(message: string, flags: Record<string, object> | undefined, argv: readonly string[]): string {
  return secretFlagValues(flags, argv).reduce((text, {flag, value}) => scrubText(text.split(`${flag}=${value}`).join(flag), [value]), message)
}

function hintFor(error: CliError, origin: TokenOrigin | undefined): string {
  // a 403 of another origin (storage a download was redirected to, request.ts) says nothing of the token
  const elsewhere = error instanceof ApiError && error.path.includes(', answered by ')
  if (error.exitCode === ExitCode.forbidden) return elsewhere ? '' : `\n${NOT_ALLOWED_HINT}.`
  const hint = error.exitCode === ExitCode.auth ? authHint(error, origin) : ''
  return hint ? `\n${hint}` : ''
}
