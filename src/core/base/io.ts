// The one seam between forgectl and its process, as the GitHub CLI's IOStreams: the standard streams
// (and so what the terminal is: isTTY, columns) and the environment of this run. Everything forgectl
// writes goes through the run's IO: output, notes, prompts, spinners, a secret shown once, traces, a
// download to `-`. A run gets the process's own (bin/run.js); a test's in-process run hands in buffers
// (test/helpers/in-process.ts) through runtime.ts's execute(), which runs the command inside inRun():
// each run reads its own IO, also while another is under way in the same process. This module alone
// names process.stdout and process.stderr.
import {AsyncLocalStorage} from 'node:async_hooks'
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

/** the process's own streams and environment, each stream read when used (see runIO) */
const PROCESS_IO = runIO(undefined)

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

// Each run's IO travels with the run, not in a variable of this module: two runs under way in one
// process (a test's in-process runs, side by side) each read and write their own, through every await,
// timer and callback of theirs. Outside any run (a module's top level, a process-wide signal handler),
// the process's own.
const runs = new AsyncLocalStorage<IO>()

/** `work` as a run with these streams and environment (what is not handed in is the process's own) */
export function inRun<T>(handed: Partial<IO> | undefined, work: () => T): T {
  return runs.run(runIO(handed), work)
}

/** the IO of the run under way */
export function io(): IO {
  return runs.getStore() ?? PROCESS_IO
}

/** text on stdout: the data a script takes */
export function writeOut(text: string): boolean {
  return io().stdout.write(text)
}

/**
 * Resolves once what was written to `out` has left the process (or cannot: the stream is gone). A run
 * that ends with a code other than 0 ends by process.exit(), which drops what a pipe has not taken yet:
 * `tokens audit --json | cat`, exit 10, lost all but the first 128 KiB of its report. Writes are taken
 * in order, so the callback of an empty one comes after every write before it.
 */
export function flushed(out: OutStream = io().stdout): Promise<void> {
  if (out.writableLength === 0 || out.destroyed || out.writableEnded) return Promise.resolve()
  return new Promise(resolve => out.write('', () => resolve()))
}

/** text on stderr: for the person, never data */
export function writeErr(text: string): boolean {
  return io().stderr.write(text)
}
