// The one writer of the files forgectl saves (downloads, a saved plan). No download ever overwrites a
// file without --clobber, nor leaves a half file: the bytes go to a temporary file beside the target,
// which takes the final name only when complete and only if nothing has it by then (a file that appears
// while the download runs is kept). A target is checked before any request, and a folder as target
// takes the server's file name. What is replaced is only ever a regular file: a rename puts a file in
// the place of whatever has the name, and run as root, `--download /dev/stdout --clobber` replaced the
// device's symlink with a regular file for every later user of /dev/stdout.
import {randomBytes} from 'node:crypto'
import {constants, rmSync} from 'node:fs'
import {copyFile, link, lstat, rename, stat, unlink, writeFile} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {CliError, ExitCode, UsageError} from '../base/errors.js'
import {assertFolderForFiles} from '../config/folder.js'
import {writeFailure} from '../output/write-failure.js'
import {interruption, onInterrupt} from '../terminal/interrupt.js'
import {plainFileName} from './server-file-name.js'

/**
 * `write` fills a temporary file beside `file`, which then takes the name. Whatever happens, the
 * temporary file is gone afterwards: after an error, and after a signal (removed as the process exits).
 */
export async function writeThenName(file: string, clobber: boolean, write: (temp: string) => Promise<void>, what = 'download of'): Promise<void> {
  assertFolderForFiles(dirname(file))
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.part`)
  const forget = onInterrupt(() => rmSync(temp, {force: true}))
  try {
    await write(temp)
    // a signal during the last bytes: the report calls this file interrupted, so it must not appear
    const stopped = interruption()
    if (stopped) throw stopped
    if (clobber) await replaceable(file)
    await (clobber ? rename(temp, file) : placeWithoutOverwriting(temp, file))
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`${what} ${file} failed: ${describe(error)}; nothing was written under that name`, ExitCode.error)
  } finally {
    forget()
    await unlink(temp).catch(() => undefined)
  }
}

/**
 * A target that names a file (not `-`, not a folder) is refused before any request is sent when the
 * file exists (unless `clobber`) or its folder does not: a typo in a path must not create folders.
 */
export async function checkTarget(target: string, clobber = false): Promise<void> {
  if (target === '-' || (await isFolder(target))) return
  await checkFile(target, clobber)
}

export async function checkFile(file: string, clobber: boolean): Promise<void> {
  const parent = dirname(file)
  if (!(await isFolder(parent))) throw new UsageError(`cannot save ${file}: the folder ${parent} does not exist`)
  assertFolderForFiles(parent)
  if (
    !clobber
    && (await lstat(file).then(
      () => true,
      () => false,
    ))
  )
    throw new UsageError(`${file} already exists: pass --clobber to overwrite it`)
  if (clobber) await replaceable(file)
}

/** `text` saved as `file` through the one writer: whole or not at all, replacing only a regular file */
export async function saveText(file: string, text: string, mode: number, what: string): Promise<void> {
  await writeThenName(file, true, temp => writeFile(temp, text, {mode, flag: 'wx'}), what)
}

/** what has the name `file`, if anything, may be replaced only when it is a regular file (looked at, not followed) */
async function replaceable(file: string): Promise<void> {
  const there = await lstat(file).catch(() => undefined)
  if (there === undefined || there.isFile()) return
  const kind = there.isSymbolicLink() ? 'a symlink' : there.isDirectory() ? 'a folder' : there.isFIFO() ? 'a FIFO' : there.isSocket() ? 'a socket' : 'a device'
  throw new UsageError(`${file} is ${kind}, not a regular file: only a regular file is replaced (- writes to standard output)`)
}

/**
 * The complete file takes its name only if nothing has it: a hard link fails on an existing name
 * (rename would replace it), so a file created meanwhile by someone else survives. File systems
 * without hard links get an exclusive copy instead.
 */
async function placeWithoutOverwriting(temp: string, file: string): Promise<void> {
  try {
    await link(temp, file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new UsageError(`${file} appeared while downloading and was kept: pass --clobber to overwrite it`)
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error
    await copyFile(temp, file, constants.COPYFILE_EXCL).catch((copyError: NodeJS.ErrnoException) => {
      if (copyError.code === 'EEXIST') throw new UsageError(`${file} appeared while downloading and was kept: pass --clobber to overwrite it`)
      throw copyError
    })
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (
    path.endsWith('/')
    || stat(path).then(
      s => s.isDirectory(),
      () => false,
    )
  )
}

/**
 * A folder as target means "put the server's file name in it": the first of `names` that is a plain
 * name (server-file-name.ts), inside that folder; `..`, `.` or nothing would name its parent or itself.
 */
export async function resolveTarget(target: string, names: Array<string | undefined>): Promise<string> {
  if (!(await isFolder(target))) return target
  const name = names.map(n => (n === undefined ? undefined : plainFileName(n))).find(n => n !== undefined)
  return join(target, name ?? 'download')
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  if (/terminated|premature|aborted|ECONNRESET|other side closed/i.test(text)) return 'the connection closed before the end of the file'
  // the disk's refusal (a full disk, a file over `ulimit -f`, a folder not writable) in words, without the temporary file's name
  return (error as NodeJS.ErrnoException).syscall ? writeFailure(error) : text
}
