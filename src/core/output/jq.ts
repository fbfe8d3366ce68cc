// `--jq EXPR`: the records, as the API's JSON, through jq itself (jq-web, jq compiled to WebAssembly:
// no binary downloaded at install, nothing native). Loaded only when --jq is given: its 2.8 MB module
// would otherwise cost every start-up. Output as `gh --jq`: strings raw, other values as compact JSON,
// one result per line (`jq -r -c`).

import {CliError, ExitCode, UsageError} from '../base/errors.js'
import {jsonText} from '../base/exact-number.js'
import {importModule} from '../base/launcher.js'

interface JqError extends Error {
  exitCode?: number
  stderr?: string
}

interface Jq {
  /** jq FLAGS FILTER <file holding `json`>: its stdout without the last line feed, undefined when empty; throws on a non-zero exit */
  raw(json: string, filter: string, flags?: string[]): string | undefined
}

/** jq's exit status for a program that does not compile */
const COMPILE_ERROR = 3

/** the filter failed on the data (exit 1): after a change, ApiCommand says the change was made */
export class JqRunError extends CliError {}

let loaded: Promise<Jq> | undefined

async function jq(): Promise<Jq> {
  // jq-web's module.exports is a promise of the instance, once its WebAssembly is compiled
  loaded ??= importModule<{default: Promise<Jq>}>('jq-web').then(module => module.default)
  return loaded
}

/**
 * The program jq compiles to check EXPR without running it: a definition that is never called. The
 * body starts on line 1, so jq's line numbers are the user's, and a line feed ends a trailing comment.
 */
export function checkProgram(expression: string): string {
  return `def forgectl_check: ${expression}\n; empty`
}

/** jq's first error line, without its `jq: error…:` prefix: `syntax error, unexpected INVALID_CHARACTER … line 1` */
export function jqMessage(stderr: string): string {
  const line = stderr.split('\n').find(l => l.startsWith('jq: error')) ?? stderr.split('\n')[0] ?? ''
  return (
    line
      .replace(/^jq: error( \(at [^)]*\))?: /, '')
      .replace(/:$/, '')
      .trim() || 'jq failed'
  )
}

/** refuses an expression jq cannot compile (exit 2), before anything is sent: `labels create --jq` must not create first */
export async function checkJqExpression(expression: string): Promise<void> {
  const engine = await jq()
  try {
    engine.raw('null', checkProgram(expression), ['-n'])
    return
  } catch {
    // jq's message about the wrapped program can point past the user's text (`.[` meets the `;`):
    // the expression alone, which fails to compile too and so never runs, gives jq's own words
  }
  try {
    engine.raw('null', expression, ['-n'])
  } catch (error) {
    if ((error as JqError).exitCode === COMPILE_ERROR) throw new UsageError(`--jq: ${jqMessage(stderrOf(error))}`)
  }
}

/** the filter's output for `data`, ready to write: one result per line, or '' when it yields nothing */
export async function runJq(expression: string, data: unknown): Promise<string> {
  const engine = await jq()
  let out: string | undefined
  try {
    // numbers as the server wrote them: jq keeps a literal's digits (9007199254740993, 1e400) while unchanged
    out = engine.raw(jsonText(data ?? null), expression, ['-r', '-c', '-M'])
  } catch (error) {
    const message = `--jq: ${jqMessage(stderrOf(error))}`
    // checked before sending, so a compile error here is unexpected; an error while running is about the data
    throw (error as JqError).exitCode === COMPILE_ERROR ? new UsageError(message) : new JqRunError(message, ExitCode.error)
  }
  return out === undefined ? '' : out + '\n'
}

function stderrOf(error: unknown): string {
  const {stderr, message} = error as JqError
  return stderr ?? message ?? String(error)
}

/**
 * --jq decides what is printed, so flags that choose another shape are refused rather than ignored.
 * --json and -o json say what --jq implies; --sort still sorts the records the filter sees.
 */
export function checkJqFlags(flags: {jq?: string; output?: string; columns?: string; quiet?: boolean}): void {
  if (flags.jq?.trim() === '') throw new UsageError('--jq needs an expression (. for the whole JSON)')
  if (flags.output !== undefined && flags.output !== 'json') throw new UsageError(`--jq filters JSON: it cannot be used with -o ${flags.output}`)
  if (flags.columns !== undefined) throw new UsageError('--jq cannot be used with --columns: pick the fields in the expression ({id, name})')
  if (flags.quiet) throw new UsageError('--jq cannot be used with -q: select the IDs in the expression (.[].id)')
}
