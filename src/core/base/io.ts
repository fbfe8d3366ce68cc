// The one seam between forgectl and its process, as the GitHub CLI's IOStreams: the standard streams
// (and so what the terminal is: isTTY, columns) and the environment of this run. Everything forgectl
// writes goes through the run's IO: output, notes, prompts, spinners, a secret shown once, traces, a
// download to `-`. A run gets the process's own (bin/run.js); a test's in-process run hands in buffers
// (test/helpers/in-process.ts) through runtime.ts's execute(). This module alone names process.stdout
// and process.stderr.
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
}

let handedIn: Partial<IO> | undefined

/**
 * The streams and environment of this run, from its start (runtime.ts): what is not handed in is the
 * process's own. Without a call, the process's own.
 */
export function useIO(io: Partial<IO> | undefined): void {
  handedIn = io
}

/**
 * The run's IO. Each stream is read when used: Node makes process.stdin (and its handle on a pipe or
 * a terminal) on first use, which a run that never reads it must not pay for, nor have open.
 */
const RUN_IO: IO = {
  get stdout() {
    return handedIn?.stdout ?? process.stdout
  },
  get stderr() {
    return handedIn?.stderr ?? process.stderr
  },
  get stdin() {
    return handedIn?.stdin ?? process.stdin
  },
  get env() {
    return handedIn?.env ?? process.env
  },
}

export function io(): IO {
  return RUN_IO
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
