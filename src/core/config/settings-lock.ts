// One writer at a time for the settings file. Twenty `config set` run at once read the same file and
// each wrote it back with its own change, so that most changes were lost; a `tokens rotate
// --update-profile` could lose the only valid token that way. A writer takes a lock file beside the
// settings file, created with O_EXCL (which succeeds for one process and never follows a symlink),
// re-reads the file under it, and removes it when done. The work under the lock is synchronous, so no
// signal handler can run between taking and removing it; only a crash leaves a lock behind, which the
// next writer removes when its process is gone or it is older than any real write takes.
import {randomBytes} from 'node:crypto'
import {closeSync, linkSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync} from 'node:fs'
import {hostname} from 'node:os'
import {setTimeout as sleep} from 'node:timers/promises'
import {formatDuration} from '../base/duration.js'
import {CliError, ExitCode} from '../base/errors.js'
import {onInterrupt} from '../terminal/interrupt.js'

/** a write takes milliseconds: a lock this old was left by a process that stopped in the middle */
export const STALE_LOCK_MS = 10_000
/** how long a writer waits for another; FORGECTL_LOCK_WAIT_MS changes it */
export const DEFAULT_LOCK_WAIT_MS = 10_000

interface Holder {
  pid?: number
  host?: string
  /** the lock's text, which names its holder uniquely: a lock is removed only by who took it */
  text: string
  ageMs: number
}

/** runs `work` (synchronous: read, change, write) while holding the lock of `file` */
export async function withSettingsLock<T>(file: string, work: () => T, env: NodeJS.ProcessEnv): Promise<T> {
  const lock = `${file}.lock`
  const mine = await acquire(lock, file, waitMs(env))
  const forget = onInterrupt(() => release(lock, mine))
  try {
    return work()
  } finally {
    forget()
    release(lock, mine)
  }
}

function waitMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.FORGECTL_LOCK_WAIT_MS)
  return env.FORGECTL_LOCK_WAIT_MS !== undefined && env.FORGECTL_LOCK_WAIT_MS !== '' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_LOCK_WAIT_MS
}

async function acquire(lock: string, file: string, budgetMs: number): Promise<string> {
  const text = JSON.stringify({pid: process.pid, host: hostname(), id: randomBytes(8).toString('hex')})
  const deadline = Date.now() + budgetMs
  let delay = 5
  for (;;) {
    if (create(lock, text)) return text
    const holder = readHolder(lock)
    if (holder === undefined) continue
    if (isStale(holder)) {
      breakStale(lock, holder)
      continue
    }
    if (Date.now() >= deadline) {
      const who = holder.pid === undefined ? 'another forgectl' : `another forgectl (process ${holder.pid}${holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''})`
      throw new CliError(`the settings file ${file} is being changed by ${who} for ${formatDuration(holder.ageMs)}: try again, or remove ${lock} if no forgectl is running`, ExitCode.error)
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())) + Math.random() * delay)
    delay = Math.min(delay * 2, 100)
  }
}

/** true when this process now holds the lock; false when another does */
function create(lock: string, text: string): boolean {
  let fd: number
  try {
    fd = openSync(lock, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new CliError(`cannot lock the settings file: creating ${lock} failed (${(error as NodeJS.ErrnoException).code ?? String(error)})`, ExitCode.error)
  }
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
  return true
}

/** the lock's holder, or undefined when the lock is gone already */
function readHolder(lock: string): Holder | undefined {
  try {
    const ageMs = Date.now() - lstatSync(lock).mtimeMs
    const text = lockText(lock)
    const {pid, host} = parseHolder(text)
    return {pid, host, text, ageMs}
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** only a plain file is read: a FIFO put in the lock's place would block the read, and the process with it */
function lockText(path: string): string {
  return lstatSync(path).isFile() ? readFileSync(path, 'utf8') : ''
}

function parseHolder(text: string): {pid?: number; host?: string} {
  try {
    const data = JSON.parse(text) as {pid?: unknown; host?: unknown}
    return {pid: Number.isInteger(data.pid) && (data.pid as number) > 0 ? (data.pid as number) : undefined, host: typeof data.host === 'string' ? data.host : undefined}
  } catch {
    // a holder stopped between creating the lock and writing its name: only its age tells
    return {}
  }
}

function isStale(holder: Holder): boolean {
  if (holder.ageMs > STALE_LOCK_MS) return true
  // a process id means something on its own machine only
  return holder.pid !== undefined && holder.host === hostname() && !isRunning(holder.pid)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/**
 * Moves the stale lock aside, then makes sure it was the one judged stale: another process may have
 * broken it and taken a fresh one in between, which is put back.
 */
function breakStale(lock: string, holder: Holder): void {
  const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    renameSync(lock, aside)
  } catch {
    return
  }
  try {
    if (lockText(aside) !== holder.text) linkSync(aside, lock)
  } catch {
    // put back already taken again: the newest holder keeps it
  }
  try {
    unlinkSync(aside)
  } catch {
    // gone: nothing to clean
  }
}

/** removes the lock if it is still this process's (a lock broken as stale and taken by another is not) */
function release(lock: string, mine: string): void {
  try {
    if (lockText(lock) === mine) unlinkSync(lock)
  } catch {
    // already gone
  }
}
