// Runs the real, built CLI (`bin/run.js`) as a child process, as a user or a script would.
import {spawn} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

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
  /** another installed copy's bin/run.js (default: this checkout's) */
  bin?: string
}

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'forgectl-test-'))
}

/** the environment without anything of the developer's own forgectl setup */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('FORGECTL_') && key !== 'NODE_OPTIONS') env[key] = value
  }
  return env
}

export function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string | undefined> = {...cleanEnv(), FORGECTL_RETRY_BASE_MS: '20', ...options.env}
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {env: env as NodeJS.ProcessEnv, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => resolvePromise({
      code: code ?? -1, stdout, stderr,
      json<T>() {
        try {
          return JSON.parse(stdout) as T
        } catch {
          throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\n--- stderr:\n${stderr}`)
        }
      },
    }))
    child.stdin.end(options.stdin ?? '')
  })
}
