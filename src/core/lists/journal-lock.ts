// A file lock for a fan-out's journal (journal.ts): a file created only if absent, holding the process
// ID of the run that took it. Two runs of the same input at once (two CI jobs on one runner sharing a
// settings folder) must not write into one journal; a lock whose process is gone (kill -9) is taken over.
import {readFileSync, rmSync, writeFileSync} from 'node:fs'

/** takes the lock (undefined), or says which live process holds it; one whose process is gone is taken over */
export function lock(file: string): number | undefined {
  for (let tries = 0; tries < 3; tries++) {
    try {
      writeFileSync(file, String(process.pid), {flag: 'wx', mode: 0o600})
      return undefined
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number(readText(file))
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) return holder
    rmSync(file, {force: true})
  }
  throw new Error(`the lock ${file} could not be taken`)
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return ''
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // another user's process is alive all the same
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
