// A spawned forgectl whose memory is measured and bounded (issue 24's size tests). Its JavaScript heap
// has a limit of its own (--max-old-space-size), and since buffers live outside that heap, this side
// also watches its resident size and kills it past a cap: a run that grows without bound is stopped
// long before it can hurt the machine, and the test sees that it was.
import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {BIN, cleanEnv} from './cli.js'

const PRELOAD = resolve(import.meta.dirname, 'peak-rss.cjs')

export interface MeasuredRun {
  code: number
  stdout: string
  stderr: string
  /** the peak resident set size in bytes, as the process saw it at exit, else as last watched */
  peakBytes: number
  /** killed here for passing `capMiB` */
  overCap: boolean
  /** wall-clock time of the run, start-up included */
  ms: number
}

export interface MeasuredOptions {
  env?: Record<string, string>
  /** the process's JavaScript heap, in MiB */
  heapMiB: number
  /** its resident size past which it is killed, in MiB */
  capMiB: number
}

/** runs `forgectl args` (this checkout's bin/run.js) as its own process, measured and bounded */
export function runMeasured(args: string[], options: MeasuredOptions): Promise<MeasuredRun> {
  const file = join(mkdtempSync(join(tmpdir(), 'forgectl-peak-')), 'peak')
  const env = {...cleanEnv(), FORGECTL_RETRY_BASE_MS: '20', ...options.env, NODE_OPTIONS: `--max-old-space-size=${options.heapMiB} --require ${PRELOAD}`, PEAK_RSS_FILE: file}
  const started = Date.now()
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    let watched = 0
    let overCap = false
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const watch = setInterval(() => {
      const rss = residentBytes(child.pid)
      watched = Math.max(watched, rss)
      if (rss > options.capMiB * 1024 * 1024 && !overCap) {
        overCap = true
        child.kill('SIGKILL')
      }
    }, 20)
    child.on('error', reject)
    child.on('close', code => {
      clearInterval(watch)
      const measured = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0
      resolvePromise({code: code ?? -1, stdout, stderr, overCap, peakBytes: Math.max(measured, watched), ms: Date.now() - started})
    })
  })
}

/** VmHWM of /proc/PID/status: the highest resident size so far; 0 once the process is gone */
function residentBytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}
