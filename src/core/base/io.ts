// The one seam between forgectl and its process, as the GitHub CLI's IOStreams: the standard streams
// (and so what the terminal is: isTTY, columns), the environment and the clock of this run. Everything
// forgectl writes, reads or counts from today goes through the run's IO: output, notes, prompts,
// spinners, a secret shown once, traces, a download to `-`, settings, proxies, limits. A run gets the
// process's own (bin/run.js); a test's in-process run hands in buffers (test/helpers/in-process.ts).
// runtime.ts's execute() hands the IO to the run with the Config oclif runs it with (handIO); a command,
// a hook and the help read it from the config oclif gives them (ioOf), and every function below them
// takes it as a parameter: nothing reads a run's IO from a global, so two runs in one process keep
// theirs apart. This module alone names process.stdout and process.stderr.
import type {Readable, Writable} from 'node:stream'

/** a stream written to: the process's stdout or stderr, or a test's buffer (no isTTY: a pipe) */
export type OutStream = Writable & {
  isTTY?: boolean
  /** the terminal's width; absent off a terminal */
  columns?: number
}

/** standard input: the process's, or a test's text as a pipe gives it */
export type InStream = Readable & {isTTY?: boolean}

export interface IO {
  stdout: OutStream
  stderr: OutStream
  stdin: InStream
  env: NodeJS.ProcessEnv
  /** the run's clock in milliseconds since the epoch: Date.now(), or the time a test hands in */
  now(): number
}

/**
 * A run's IO: what is handed in, and the process's own for the rest. Each stream is read when used:
 * Node makes process.stdin (and its handle on a pipe or a terminal) on first use, which a run that
 * never reads it must not pay for, nor have open.
 */
function runIO(handed: Partial<IO> | undefined): IO {
  return {
    get stdout() {
      return handed?.stdout ?? process.stdout
    },
    get stderr() {
      return handed?.stderr ?? process.stderr
    },
    get stdin() {
      return handed?.stdin ?? process.stdin
    },
    get env() {
      return handed?.env ?? process.env
    },
    now: handed?.now ?? Date.now,
  }
}

/**
 * The process's own streams, environment and clock: bin/run.js's run, and what belongs to the process
 * rather than to a run (a signal's last line, interrupt.ts). Each stream is read when used (runIO).
 */
export const PROCESS_IO: IO = runIO(undefined)

/** each run's IO, keyed by the Config oclif runs it with: a run's config is its own (runtime.ts) */
const handed = new WeakMap<object, IO>()

/** the run that oclif will run with `config` reads and writes `given` (what is not given is the process's own) */
export function handIO(config: object, given: Partial<IO> | undefined): IO {
  const run = runIO(given)
  handed.set(config, run)
  return run
}

/** the IO handed to the run of `config`: what a command, a hook or the help reads from the config oclif gives it */
export function ioOf(config: object): IO {
  return handed.get(config) ?? PROCESS_IO
}

/**
 * Resolves once what was written to `out` has left the process (or cannot: the stream is gone). A run
 * that ends with a code other than 0 ends by process.exit(), which drops what a pipe has not taken yet:
 * `tokens audit --json | cat`, exit 10, lost all but the first 128 KiB of its report. Writes are taken
 * in order, so the callback of an empty one comes after every write before it.
 */
export function flushed(out: OutStream): Promise<void> {
  if (out.writableLength === 0 || out.destroyed || out.writableEnded) return Promise.resolve()
  return new Promise(resolve => out.write('', () => resolve()))
}
