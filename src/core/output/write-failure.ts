// stdout is the data a script takes, so data that did not arrive must not look like success. Whatever
// writes to stdout (the printer, a download to `-`, a token, help), a failed write (a full disk,
// `> /dev/full`, a file over `ulimit -f`, a terminal gone) ends the run at once: one line, exit 1. A
// reader that went away (`| head`) is no error: the run ends quietly with 0, without fetching the rest.
// Before this, oclif's own listener rethrew every error but EPIPE, and Node printed a stack trace.
// A message that cannot reach stderr is dropped: it does not undo work done, nor change the exit code.
import {ExitCode} from '../base/errors.js'
import type {IO} from '../base/io.js'
import {endRun} from '../terminal/interrupt.js'

/** "no space left on device (ENOSPC)" from Node's "ENOSPC: no space left on device, write" */
export function writeFailure(error: unknown): string {
  const {code, message} = error as Partial<NodeJS.ErrnoException>
  const said = /^E[A-Z]+: ([^,]+)/.exec(message ?? '')?.[1]
  if (code && said) return `${said} (${code})`
  return code ?? message ?? String(error)
}

const isClosedReader = (error: Error) => (error as NodeJS.ErrnoException).code === 'EPIPE'
const failureLine = (error: Error) => `Error: cannot write to standard output: ${writeFailure(error)}`

/** the exit when the reader goes: 0, unless the run's outcome is known already (exitWhenReaderGoes) */
let readerGoneExit: number = ExitCode.ok

/**
 * The run's exit code is decided (the audit found tokens: 10; a command ends in error): a reader that
 * leaves early (`| head`) ends the run with it rather than with 0, which would say "nothing found".
 */
export function exitWhenReaderGoes(code: number): void {
  readerGoneExit = code
}

/** once per run, on the streams of this run (a test's in-process run brings its own) */
export function guardOutputStreams({stdout, stderr}: Pick<IO, 'stdout' | 'stderr'>): void {
  let handled = false
  // before oclif's listener, which throws: the first listener ends the process
  stdout.prependListener('error', (error: Error) => {
    if (handled) return
    handled = true
    if (isClosedReader(error)) endRun(readerGoneExit)
    endRun(ExitCode.error, {line: failureLine(error), stderr})
  })
  stderr.on('error', () => {})
  // a write that failed as the run ended: the error is recorded at once but emitted on a later tick
  process.once('exit', () => {
    const error = stdout.errored
    if (handled || !error || isClosedReader(error)) return
    handled = true
    stderr.write(`${failureLine(error)}\n`)
    process.exitCode = ExitCode.error
  })
}
