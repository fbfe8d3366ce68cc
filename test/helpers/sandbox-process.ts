// `forgectl sandbox` as its own process, as a person or a CI job runs it: started, read (its first
// line on stdout, printed once it listens), then stopped by a signal.
import {spawn} from 'node:child_process'
import {connect} from 'node:net'
import {BIN} from './cli.js'

export interface Ended {
  code: number | null
  /** set when the process died of the signal rather than exiting by itself */
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** a sandbox still running this long after the signal ignored it: killed (no exit code), a safety net, never a measure */
const IGNORED_MS = 30_000

export interface SandboxProcess {
  /** stdout's first line: the URL, or with --json the whole answer */
  readonly firstLine: string
  stdout(): string
  stderr(): string
  stop(signal: NodeJS.Signals): Promise<Ended>
}

export interface StartOptions {
  /** how to run forgectl (default: node and this checkout's bin/run.js) */
  command?: string[]
  env?: Record<string, string>
  timeoutMs?: number
}

export function startSandboxProcess(args: string[], {command = [process.execPath, BIN], env = {}, timeoutMs = 60_000}: StartOptions = {}): Promise<SandboxProcess> {
  const [file, ...prefix] = command
  const child = spawn(file!, [...prefix, 'sandbox', ...args], {env: {PATH: process.env.PATH, HOME: process.env.HOME, ...env}, stdio: ['ignore', 'pipe', 'pipe']})
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const ended = new Promise<{code: number | null; signal: NodeJS.Signals | null}>(resolve => child.on('close', (code, signal) => resolve({code, signal})))
  const handle = (firstLine: string): SandboxProcess => ({
    firstLine,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal) {
      child.kill(signal)
      const ignored = setTimeout(() => child.kill('SIGKILL'), IGNORED_MS)
      const {code, signal: died} = await ended
      clearTimeout(ignored)
      return {code, signal: died, stdout, stderr}
    },
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`forgectl sandbox printed no line in ${timeoutMs} ms; stderr:\n${stderr}`))
    }, timeoutMs)
    child.stdout.on('data', () => {
      const end = stdout.indexOf('\n')
      if (end < 0) return
      clearTimeout(timer)
      resolve(handle(stdout.slice(0, end)))
    })
    void ended.then(({code}) => {
      clearTimeout(timer)
      reject(new Error(`forgectl sandbox ended (exit ${code}) before printing its URL; stderr:\n${stderr}`))
    })
  })
}

/** whether something accepts connections on the URL's port */
export function isListening(url: string): Promise<boolean> {
  const {hostname, port} = new URL(url)
  return new Promise(resolve => {
    const socket = connect(Number(port), hostname.replace(/^\[(.*)\]$/, '$1'))
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
