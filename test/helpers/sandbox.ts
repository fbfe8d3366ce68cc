// One sandbox per test file: `const sb = useSandbox()` starts it before the file's tests and stops
// it after. `sb.run([...], {as: 'developer'})` runs forgectl against it with that role's token;
// `sb.api(...)` asks the sandbox directly (to compare the CLI's output with the API's body).
// `useSandbox({seedProjects: 1000, seedProjectsUnder: 'acme/fleet'})` holds a fleet of projects to plan over.
import {afterAll, beforeAll} from 'vitest'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {type Sandbox, type StartOptions, startSandbox} from '../../src/sandbox/server.js'
import type {SandboxOptions} from '../../src/sandbox/store.js'
import {freshConfigDir, type RunOptions, type RunResult, runCli} from './cli.js'

export interface SandboxRunOptions extends RunOptions {
  /** whose token to use (default: developer); null runs without a token */
  as?: SeedRole | null
}

export interface SandboxHandle {
  readonly sandbox: Sandbox
  readonly url: string
  readonly configDir: string
  run(args: string[], options?: SandboxRunOptions): Promise<RunResult>
  api<T = unknown>(method: string, path: string, options?: {as?: SeedRole; body?: unknown}): Promise<{status: number; body: T; headers: Headers}>
  /** how many API requests reached the sandbox while `action` ran */
  countRequests(action: () => Promise<unknown>): Promise<number>
  /** runs forgectl and counts the API requests that reached the sandbox meanwhile (0 proves "nothing sent") */
  runCounted(args: string[], options?: SandboxRunOptions): Promise<{result: RunResult; requests: number}>
  /** runs `action` with other sandbox options (a job length, ...), then puts the previous values back */
  withOptions<T>(options: Partial<SandboxOptions>, action: () => Promise<T>): Promise<T>
}

export function useSandbox(options: StartOptions = {}): SandboxHandle {
  let sandbox: Sandbox | undefined
  const configDir = freshConfigDir()
  beforeAll(async () => {
    sandbox = await startSandbox({jobDelayMs: 150, ...options})
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  const current = () => {
    if (!sandbox) throw new Error('the sandbox is not started (use the handle inside tests)')
    return sandbox
  }
  const handle: SandboxHandle = {
    get sandbox() {
      return current()
    },
    get url() {
      return current().url
    },
    configDir,
    run(args, {as = 'developer', env, ...rest} = {}) {
      return runCli(args, {
        ...rest,
        env: {FORGECTL_HOST: current().url, FORGECTL_TOKEN: as === null ? undefined : TOKENS[as], FORGECTL_CONFIG_DIR: configDir, ...env},
      })
    },
    async api<T>(method: string, path: string, {as = 'developer', body}: {as?: SeedRole; body?: unknown} = {}) {
      const response = await fetch(`${current().url}/api/v4${path}`, {
        method,
        headers: {'PRIVATE-TOKEN': TOKENS[as], ...(body === undefined ? {} : {'content-type': 'application/json'})},
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return {status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T}
    },
    async countRequests(action) {
      const before = current().requests.length
      await action()
      return current().requests.length - before
    },
    async runCounted(args, options) {
      const before = current().requests.length
      const result = await handle.run(args, options)
      return {result, requests: current().requests.length - before}
    },
    async withOptions(options, action) {
      const store = current().store.options
      const before = Object.fromEntries(Object.keys(options).map(key => [key, store[key as keyof SandboxOptions]]))
      Object.assign(store, options)
      try {
        return await action()
      } finally {
        Object.assign(store, before)
      }
    },
  }
  return handle
}

/** what `run` sent to the sandbox, as `METHOD path` */
export async function requestsOf(sb: SandboxHandle, run: () => Promise<unknown>): Promise<string[]> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests.slice(before).map(request => `${request.method} ${request.path}`)
}
