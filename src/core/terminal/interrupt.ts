// Ctrl-C and SIGTERM end every command within about a second, whatever it is doing (a poll, a prompt,
// a download, a fan-out, an --all stream), with 130 or 143. Requests in flight are not waited for.
// Work that would leave something behind registers a clean-up (a temporary file to remove, a spinner
// to clear); a fan-out asks for a short grace to print what it did and did not do.
import {Interrupted, type StopSignal} from '../base/errors.js'
import {type OutStream, PROCESS_IO} from '../base/io.js'

export type {StopSignal}

/** how long a fan-out may take to print its report after a signal before the process exits anyway */
const REPORT_GRACE_MS = 600

const cleanups = new Set<() => void>()
const reporters = new Set<(signal: StopSignal) => void>()
let received: StopSignal | undefined
let installed = false

/** once per run, before a command does anything that a signal should interrupt */
export function installInterruptHandlers(): void {
  if (installed) return
  installed = true
  process.on('SIGINT', () => interrupt('SIGINT'))
  process.on('SIGTERM', () => interrupt('SIGTERM'))
}

/** what stopped this run, if a signal did */
export function interruption(): Interrupted | undefined {
  return received === undefined ? undefined : new Interrupted(received)
}

/** `cleanup` runs (synchronously) if the run is stopped by a signal; the returned function cancels it */
export function onInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup)
  return () => void cleanups.delete(cleanup)
}

/**
 * For a fan-out, whose report must say what was done and what was not: `stopped` resolves when a
 * signal arrives, and the process then waits up to REPORT_GRACE_MS for the command to print its
 * report and exit with `interruption()`'s code. A second signal exits at once.
 */
export function reportOnInterrupt(): {stopped: Promise<StopSignal>; release(): void} {
  let notify!: (signal: StopSignal) => void
  const stopped = new Promise<StopSignal>(resolve => (notify = resolve))
  reporters.add(notify)
  return {stopped, release: () => void reporters.delete(notify)}
}

/**
 * Stops the run as a signal would: from the signal handlers, and from a prompt, which reads the
 * terminal in raw mode and so receives Ctrl-C as a key rather than as SIGINT.
 */
export function interrupt(signal: StopSignal): void {
  if (received !== undefined || reporters.size === 0) exitNow(received ?? signal)
  received = signal
  // whatever ends the process from here on (the command's own exit after its report) cleans up too
  process.once('exit', runCleanups)
  for (const notify of reporters) notify(signal)
  setTimeout(() => exitNow(signal), REPORT_GRACE_MS)
}

// A signal is the process's, not a run's: its line goes to the process's own stderr.
function exitNow(signal: StopSignal): never {
  received ??= signal
  const stopped = new Interrupted(signal)
  endRun(stopped.exitCode, {line: `Error: ${stopped.message}`, stderr: PROCESS_IO.stderr}, signal)
}

/**
 * Ends the run at once, as a signal does: the clean-ups run, then `said.line` on `said.stderr`, then exit with
 * `code`. process.exit() waits for the work on Node's thread pool, and a host name lookup there
 * (getaddrinfo) cannot be abandoned: it may take the resolver's whole timeout, or hang. With one under
 * way, a run stopped by a signal ends by that signal itself, which a shell reports with the same code.
 */
export function endRun(code: number, said?: {line: string; stderr: OutStream}, signal?: StopSignal): never {
  runCleanups()
  if (said !== undefined) said.stderr.write(`${said.line}\n`)
  if (signal && process.getActiveResourcesInfo().includes('GetAddrInfoReqWrap')) {
    // without a listener, Node gives the signal its default action back: the end of the process
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  }
  process.exit(code)
}

function runCleanups(): void {
  const pending = [...cleanups].reverse()
  cleanups.clear()
  for (const cleanup of pending) {
    try {
      cleanup()
    } catch {
      // one failed clean-up must not keep the others from running, nor the process from exiting
    }
  }
}
