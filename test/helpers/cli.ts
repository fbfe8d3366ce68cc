// Runs the real, built CLI: by default inside the test process (in-process.ts: the bundle bin/run.js
// loads, run as the binary runs it), and as a child process of `bin/run.js`, as a user or a script runs
// it, for what only a process shows (`spawn: true`, or another installed copy's `bin`).
import {spawn} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {type Captured, type RunSpec, runInProcess, testProcessEnv} from './in-process.js'

export const BIN = resolve(import.meta.dirname, '../../bin/run.js')

export interface RunResult {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON */
  json<T = unknown>(): T
}

export interface RunOptions {
  env?: Record<string, string | undefined>
  /** text for standard input; without it stdin is empty and not a terminal */
  stdin?: string
  cwd?: string
  /** another installed copy's bin/run.js (default: this checkout's); always spawned */
  bin?: string
  /**
   * run `bin/run.js` as its own process, for what only a process shows: its real exit status, the
   * launcher and the code cache, signals, a pipe closed early, start-up
   */
  spawn?: boolean
  /** the run's clock (ms since the epoch), handed in as its IO (src/core/base/io.ts); in-process runs only */
  now?: number
}

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'forgectl-test-'))
}

/** what the test runner sets for itself, which a user's forgectl does not get: Node's options, and vitest's NODE_ENV=test (oclif rereads its manifest on every run under it) */
const RUNNER_ONLY = new Set(['NODE_OPTIONS', 'NODE_ENV'])

/** the environment without anything of the developer's own forgectl setup, nor of the test runner's */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(testProcessEnv())) {
    if (value !== undefined && !key.startsWith('FORGECTL_') && !RUNNER_ONLY.has(key)) env[key] = value
  }
  // tokens go to the settings file, as on a machine without a keyring: the keyring's tests
  // (auth-keyring.test.ts) start a Secret Service of their own and ask for it
  env.FORGECTL_TOKEN_STORE = 'file'
  return env
}

export function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string | undefined> = {...cleanEnv(), FORGECTL_RETRY_BASE_MS: '20', ...options.env}
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  const spawned = options.spawn || options.bin !== undefined
  // a process has the system's clock: a test that hands in another runs in-process
  if (spawned && options.now !== undefined) throw new Error('a spawned run has the real clock: drop now, or spawn')
  const run = spawned ? spawnRun : runInProcess
  return run(args, {env: env as Record<string, string>, stdin: options.stdin, cwd: options.cwd, bin: options.bin ?? BIN, now: options.now}).then(result)
}

function result({code, stdout, stderr}: Captured): RunResult {
  return {
    code,
    stdout,
    stderr,
    json<T>() {
      try {
        return JSON.parse(stdout) as T
      } catch {
        throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\n--- stderr:\n${stderr}`)
      }
    },
  }
}

function spawnRun(args: string[], options: RunSpec): Promise<Captured> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.bin, ...args], {env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => resolvePromise({code: code ?? -1, stdout, stderr}))
    // a run that ends before reading its input closes the pipe: the EPIPE of that write is no failure of
    // the test (its exit code and output say what happened), and unheard it fails the whole suite
    child.stdin.on('error', () => {})
    child.stdin.end(options.stdin ?? '')
  })
}
