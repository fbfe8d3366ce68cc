// Runs the built CLI (dist/runtime.cjs, the bundle bin/run.js loads) inside the test process, as the
// binary would run in its own: the same argv, environment, stdin and working directory, stdout and
// stderr captured byte for byte, and the exit code the process would end with. The run is handed its
// stdout and stderr as buffers, its stdin, its environment and its clock (runtime.ts's execute,
// src/core/base/io.ts), through which everything forgectl writes and reads goes, and it resolves to its
// exit code without ending the process. Spawning the binary costs a Node start-up per run; this costs
// the command's own work. What only a process shows (signals, terminals, the code cache, a closed pipe,
// the launcher) is spawned: runCli with `spawn: true` (cli.ts).
//
// Runs go side by side (issue 38): nothing a run reads is a process global. What oclif itself still
// does through the process (its words through console, a warning of Node's, process.exit on its own
// failures, a listener added to the process, a piped argument read from process.stdin) is answered,
// once for the test process, by the run under way where it happens: this module follows each run
// through its awaits and callbacks (AsyncLocalStorage), and gives each its own console, stdin and
// exit, and puts back the listeners it added (its 'exit' listeners run first, as at the end of a
// process). The one thing a run cannot have of its own is the working directory, which belongs to the
// process: a run given `cwd` runs alone, after the runs under way, and before the next ones.
//
// Still not a process: the bundle is loaded once per test process, so what its modules read on load
// comes from the first run (colour support from FORCE_COLOR, NO_COLOR, TERM; DEBUG; OCLIF_COLUMNS),
// and Node's once-per-process warnings show in the first run only. A test that varies those spawns.
// oclif reads a few variables of the process's environment (NODE_ENV, HOME for its own folders, which
// forgectl does not use): NODE_ENV, which the test runner sets and a user's forgectl does not get, is
// taken out while runs are under way. oclif's command module, as it loads, adds a listener for errors
// of process.stdout, which stays. Work a run leaves behind after its exit is not killed (its idle
// keep-alive sockets are unreferenced and close at the server's idle timeout), and an unhandled
// rejection fails the test through vitest instead of exiting 1.
import {AsyncLocalStorage} from 'node:async_hooks'
import {Console} from 'node:console'
import {createRequire} from 'node:module'
import {dirname} from 'node:path'
import {Readable, Writable} from 'node:stream'
import tty from 'node:tty'

export interface Captured {
  code: number
  stdout: string
  stderr: string
}

/** one run of the CLI, in-process or spawned */
export interface RunSpec {
  /** the whole environment of the run, as a spawned process would get it */
  env: Record<string, string>
  stdin?: string
  cwd?: string
  /** bin/run.js of the checkout: the bundle beside it is loaded, and oclif finds its root from it */
  bin: string
  /** the run's clock (ms since the epoch), for what depends on today's date; the real clock without it */
  now?: number
}

export interface Runtime {
  /** `io`: the run's streams (src/core/base/io.ts), which forgectl writes through instead of the process's */
  execute(options: {args: string[]; dir: string; io: {stdout: Writable; stderr: Writable; stdin: Readable; env: Record<string, string>; now?: () => number}}): Promise<number | undefined>
}

/** thrown by process.exit inside a run: the process would end there */
class ProcessExit extends Error {}

const PROCESS_EVENTS = new Set(['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE', 'warning', 'uncaughtException', 'unhandledRejection'])

type Listener = (...args: unknown[]) => void

/** what the process does for one run: its console, stdin, exit and the listeners it added */
interface RunState {
  console: Console
  stdin: Readable
  err: Writable
  exitCode?: number
  warned: boolean
  listeners: Array<[string, Listener]>
  close(): void
}

let runtime: Runtime | undefined
/** the run whose code is running, through its awaits, timers and callbacks */
const current = new AsyncLocalStorage<RunState>()
/** runs under way; the run given a cwd, under way or waiting for the others to end (it runs alone) */
let active = 0
let exclusive: Promise<unknown> | undefined
const waiting: Array<() => void> = []
/** the test process's own, while runs are under way */
let saved: {exitCode: typeof process.exitCode; nodeEnv: string | undefined} | undefined

/** the environment of the test process (runs no longer replace it) */
export function testProcessEnv(): NodeJS.ProcessEnv {
  return process.env
}

export async function runInProcess(args: string[], options: RunSpec): Promise<Captured> {
  installOnce()
  while (exclusive) await exclusive.catch(() => undefined)
  const {cwd} = options
  if (cwd === undefined) return underWay(() => runNow(args, options))
  // the working directory is the process's: after the runs under way, and before any other
  const turn = (async () => {
    while (active > 0) await new Promise<void>(resolve => waiting.push(resolve))
    const own = process.cwd()
    process.chdir(cwd)
    try {
      return await underWay(() => runNow(args, options))
    } finally {
      process.chdir(own)
    }
  })()
  exclusive = turn
  try {
    return await turn
  } finally {
    if (exclusive === turn) exclusive = undefined
  }
}

async function underWay<T>(work: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    saved = {exitCode: process.exitCode, nodeEnv: process.env.NODE_ENV}
    delete process.env.NODE_ENV
  }
  try {
    return await work()
  } finally {
    if (--active === 0) {
      process.exitCode = saved!.exitCode
      if (saved!.nodeEnv !== undefined) process.env.NODE_ENV = saved!.nodeEnv
      saved = undefined
      for (const resume of waiting.splice(0)) resume()
    }
  }
}

let installed = false

/**
 * Once per test process: what oclif and Node do through the process goes to the run under way where it
 * happens, and outside any run to the process's own as before.
 */
function installOnce(): void {
  if (installed) return
  installed = true
  const own = {console: globalThis.console, exit: process.exit, stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!}
  // oclif's own words (help, its errors) go through console
  globalThis.console = new Proxy(own.console, {get: (target, key) => Reflect.get(current.getStore()?.console ?? target, key)})
  process.exit = ((code?: number | string | null) => {
    const run = current.getStore()
    if (!run) return own.exit(code)
    run.exitCode ??= Number(code ?? 0)
    run.close()
    throw new ProcessExit(`process.exit(${run.exitCode})`)
  }) as typeof process.exit
  // oclif reads a piped argument from the process's stdin (forgectl asks it not to: base-command.ts)
  Object.defineProperty(process, 'stdin', {configurable: true, enumerable: true, get: () => current.getStore()?.stdin ?? own.stdin.get?.call(process) ?? own.stdin.value})
  // Node's own line for a warning, which its default handler writes to the process's stderr
  process.on('warning', (warning: Error & {code?: string}) => {
    const run = current.getStore()
    if (!run) return
    run.err.write(warningLine(warning, !run.warned))
    run.warned = true
  })
  // a listener a run adds to the process is that run's: called at its end ('exit'), then taken off
  for (const method of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'] as const) {
    const original = process[method] as (event: string, listener: Listener) => NodeJS.Process
    process[method] = function (this: NodeJS.Process, event: string | symbol, listener: Listener) {
      const run = current.getStore()
      if (run && typeof event === 'string' && PROCESS_EVENTS.has(event)) run.listeners.push([event, listener])
      return original.call(this, event as string, listener)
    } as never
  }
}

/** a stream that keeps what is written to it, until the process would have ended */
function sink(): {stream: Writable; text(): string; close(): void} {
  const chunks: Buffer[] = []
  let open = true
  const stream = new Writable({
    highWaterMark: 1 << 30,
    write(chunk: Buffer, _encoding, done) {
      if (open) chunks.push(chunk)
      done()
    },
  })
  return {stream, text: () => Buffer.concat(chunks).toString('utf8'), close: () => void (open = false)}
}

/** standard input as a pipe gives it: the text, then its end; never a terminal */
function source(text: string): Readable {
  const stream = new Readable({read() {}})
  if (text) stream.push(Buffer.from(text))
  stream.push(null)
  return stream
}

/** Node's own line for a process warning, which its default handler writes to the process's stderr */
function warningLine(warning: Error & {code?: string}, first: boolean): string {
  const code = warning.code ? `[${warning.code}] ` : ''
  const hint = first ? `(Use \`node --trace-warnings ...\` to show where the warning was created)\n` : ''
  return `(node:${process.pid}) ${code}${warning.name}: ${warning.message}\n${hint}`
}

/**
 * The bundle, loaded once per test process, with pipes in place of the process's standard streams: some
 * of oclif's modules read them on load (the terminal's width for help), and a spawned run's are pipes.
 */
function loadRuntime(bin: string): Runtime {
  // supports-color and ansis ask the file descriptors whether they are terminals
  const isatty = tty.isatty
  tty.isatty = fd => (fd <= 2 ? false : isatty(fd))
  const streams = Object.fromEntries((['stdout', 'stderr'] as const).map(name => [name, Object.getOwnPropertyDescriptor(process, name)!]))
  for (const name of ['stdout', 'stderr']) Object.defineProperty(process, name, {configurable: true, enumerable: true, value: sink().stream})
  try {
    return createRequire(bin)('../dist/runtime.cjs') as Runtime
  } finally {
    tty.isatty = isatty
    for (const [name, descriptor] of Object.entries(streams)) Object.defineProperty(process, name, descriptor)
  }
}

/** the bundle this test process runs, loaded as runInProcess loads it: for a test that calls its execute() itself */
export function inProcessRuntime(bin: string): Runtime {
  runtime ??= loadRuntime(bin)
  return runtime
}

async function runNow(args: string[], {env, stdin = '', bin, now}: RunSpec): Promise<Captured> {
  const out = sink()
  const err = sink()
  const run: RunState = {
    console: new Console({stdout: out.stream, stderr: err.stream}),
    stdin: source(stdin),
    err: err.stream,
    warned: false,
    listeners: [],
    close: () => {
      out.close()
      err.close()
    },
  }
  runtime ??= loadRuntime(bin)
  const loaded = runtime
  try {
    await current.run(run, async () => {
      try {
        // the package root, as bin/run.js gives it: from bin/ oclif would find bin/package.json
        const code = await loaded.execute({
          args,
          dir: dirname(dirname(bin)),
          io: {stdout: out.stream, stderr: err.stream, stdin: run.stdin, env: {...env}, now: now === undefined ? undefined : () => now},
        })
        run.exitCode ??= Number(code ?? 0)
      } catch (error) {
        if (!(error instanceof ProcessExit)) throw error
      }
      // the end of the process: its 'exit' listeners run, and one may set the exit code (write-failure.ts)
      const before = process.exitCode
      process.exitCode = undefined
      try {
        for (const [event, listener] of run.listeners) {
          if (event !== 'exit') continue
          try {
            listener.call(process, run.exitCode)
          } catch (error) {
            if (!(error instanceof ProcessExit)) throw error
          }
        }
      } finally {
        if (process.exitCode !== undefined && run.exitCode === 0) run.exitCode = Number(process.exitCode)
        process.exitCode = before
      }
    })
  } finally {
    run.close()
    for (const [event, listener] of run.listeners) process.removeListener(event, listener as () => void)
  }
  return {code: run.exitCode ?? 0, stdout: out.text(), stderr: err.text()}
}
