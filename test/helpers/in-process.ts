// Runs the built CLI (dist/runtime.cjs, the bundle bin/run.js loads) inside the test process, as the
// binary would run in its own: the same argv, environment, stdin and working directory, stdout and
// stderr captured byte for byte, and the exit code the process would end with. The run is handed its
// stdout and stderr as buffers, its stdin and its environment (runtime.ts's execute, src/core/base/io.ts),
// through which everything forgectl writes and reads goes; oclif's own words (help, its errors) go
// through console, and what oclif reads through the process's stdin and environment, replaced for the run.
// Spawning the binary costs a Node start-up per run; this costs the command's own work. What only a
// process shows (signals, terminals, the code cache, a closed pipe, the launcher) is spawned: runCli
// with `spawn: true` (cli.ts).
//
// A process starts clean and ends with everything it changed; a test process runs many commands, so
// each run puts back what it changed of the process: environment, argv, cwd, standard input (oclif
// reads a piped argument from it), console, exit code and process.exit, listeners it added (its 'exit'
// listeners run first, as at the end of a process) and oclif's stdin cache. The bundle runs without
// bin/run.js's launcher, as src/core/base/launcher.ts allows: a plain import(), and no V8 flag
// change before a proxied request. Each run's requests go through keep-alive agents of its own
// (src/core/http/http-transport.ts): a run never reuses another one's sockets. forgectl's own reads and
// writes go through the run's IO, which travels with the run (src/core/base/io.ts), so two runs can be
// under way at once (test/commands/side-by-side.test.ts); the runs here are still serialised, because of
// what oclif reads and does through the process itself: its environment, argv, cwd, console,
// process.exit and stdin, which each run replaces above.
//
// Still not a process: the bundle is loaded once per test process, so what its modules read on load
// comes from the first run (colour support from FORCE_COLOR, NO_COLOR, TERM; DEBUG; OCLIF_COLUMNS),
// and Node's once-per-process warnings show in the first run only. A test that varies those spawns.
// oclif's command module, as it loads, adds a listener for errors of process.stdout, which stays.
// Work a run leaves behind after its exit is not killed (its idle keep-alive sockets are unreferenced
// and close at the server's idle timeout), and an unhandled rejection fails the test through vitest
// instead of exiting 1.
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
  execute(options: {args: string[]; dir: string; io: {stdout: Writable; stderr: Writable; stdin: Readable; env: Record<string, string>; now?: () => number}}): Promise<unknown>
}

/** thrown by process.exit inside a run: the process would end there */
class ProcessExit extends Error {}

const PROCESS_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE', 'warning', 'uncaughtException', 'unhandledRejection'] as const

let runtime: Runtime | undefined
let queue: Promise<unknown> = Promise.resolve()
/** the test process's own environment while a run has replaced it */
let outside: NodeJS.ProcessEnv | undefined

/** the environment of the test process, also while a run is under way */
export function testProcessEnv(): NodeJS.ProcessEnv {
  return outside ?? process.env
}

export function runInProcess(args: string[], options: RunSpec): Promise<Captured> {
  const run = queue.then(() => runNow(args, options))
  queue = run.catch(() => undefined)
  return run
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

function replaceEnv(env: Record<string, string | undefined>): void {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
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

async function runNow(args: string[], {env, stdin = '', cwd, bin, now}: RunSpec): Promise<Captured> {
  const out = sink()
  const err = sink()
  const saved = {
    env: {...process.env},
    argv: process.argv,
    cwd: process.cwd(),
    exitCode: process.exitCode,
    exit: process.exit,
    console: globalThis.console,
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!,
    listeners: Object.fromEntries(PROCESS_EVENTS.map(event => [event, process.listeners(event as 'exit') as Listener[]])),
  }
  const oclif = () => (globalThis as {oclif?: {stdinCache?: string}}).oclif
  let exitCode: number | undefined
  let warned = false
  try {
    outside = saved.env
    replaceEnv(env)
    process.argv = [process.execPath, bin, ...args]
    if (cwd) process.chdir(cwd)
    const input = source(stdin)
    // oclif reads a piped argument from the process's stdin (forgectl asks it not to: base-command.ts)
    Object.defineProperty(process, 'stdin', {configurable: true, enumerable: true, value: input})
    // oclif's own words (help, its errors) go through console
    globalThis.console = new Console({stdout: out.stream, stderr: err.stream})
    process.on('warning', warning => {
      err.stream.write(warningLine(warning, !warned))
      warned = true
    })
    process.exitCode = undefined
    process.exit = ((code?: number | string | null) => {
      exitCode ??= Number(code ?? process.exitCode ?? 0)
      out.close()
      err.close()
      throw new ProcessExit(`process.exit(${exitCode})`)
    }) as typeof process.exit
    delete oclif()?.stdinCache
    runtime ??= loadRuntime(bin)
    try {
      // the package root, as bin/run.js gives it: from bin/ oclif would find bin/package.json
      await runtime.execute({args, dir: dirname(dirname(bin)), io: {stdout: out.stream, stderr: err.stream, stdin: input, env: {...env}, now: now === undefined ? undefined : () => now}})
    } catch (error) {
      if (!(error instanceof ProcessExit)) throw error
    }
    exitCode ??= Number(process.exitCode ?? 0)
    // the end of the process: its 'exit' listeners run
    for (const listener of added('exit', saved.listeners.exit)) {
      try {
        listener.call(process, exitCode)
      } catch (error) {
        if (!(error instanceof ProcessExit)) throw error
      }
    }
  } finally {
    out.close()
    err.close()
    for (const event of PROCESS_EVENTS) for (const listener of added(event, saved.listeners[event])) process.removeListener(event, listener as () => void)
    Object.defineProperty(process, 'stdin', saved.stdin)
    globalThis.console = saved.console
    process.exit = saved.exit
    process.exitCode = saved.exitCode
    if (cwd) process.chdir(saved.cwd)
    process.argv = saved.argv
    replaceEnv(saved.env)
    outside = undefined
    delete oclif()?.stdinCache
  }
  return {code: exitCode, stdout: out.text(), stderr: err.text()}
}

type Listener = (...args: unknown[]) => void

function added(event: string, before: Listener[] = []): Listener[] {
  return (process.listeners(event as 'exit') as Listener[]).filter(listener => !before.includes(listener))
}
