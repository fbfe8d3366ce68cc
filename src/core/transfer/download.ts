// Downloads stream to disk with constant memory: into a temporary file beside the target, given the
// final name only when complete, so no half file is ever left under the final name (nor the temporary
// one, after an error or a signal). An existing file is never overwritten without --clobber, even one
// that appears while the download runs. `-` streams to stdout.

import {randomBytes} from 'node:crypto'
import {constants, rmSync, writevSync} from 'node:fs'
import {copyFile, link, lstat, mkdir, open, rename, stat, unlink} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {type Readable, Transform} from 'node:stream'
import {pipeline} from 'node:stream/promises'
import * as Flags from '@oclif/core/flags'
import {CliError, ExitCode, UsageError} from '../command/errors.js'
import {isStalled} from '../http/network-errors.js'
import type {ApiClient, Query} from '../http/request.js'
import {formatDuration} from '../input/duration.js'
import {formatBytes} from '../output/bytes.js'
import {writeFailure} from '../output/write-failure.js'
import {interruption, onInterrupt} from '../terminal/interrupt.js'
import {canAnimate} from '../terminal/terminal.js'
import {SocketBody} from './http1-download.js'
import {fileNameFrom, plainFileName} from './server-file-name.js'

export {formatBytes} from '../output/bytes.js'
export {fileNameFrom} from './server-file-name.js'

/** spread into every command that saves a file */
export const saveFlags = {
  clobber: Flags.boolean({description: 'overwrite the target file if it exists (without it, an existing file is an error, exit 2)'}),
  'follow-redirects': Flags.boolean({
    description: "when the server redirects the file to another host (object storage), fetch it from there, without the token (default: the profile's follow-redirects)",
    allowNo: true,
  }),
}

/** what the save flags ask of a download */
export interface SaveOptions {
  /** replace an existing file */
  clobber?: boolean
  /** follow a redirect to another origin, without the token (redirect.ts) */
  followRedirects?: boolean
}

/** the flags, else the profile: a server that keeps its files in object storage is set up once */
export function saveOptions(flags: {clobber?: boolean; 'follow-redirects'?: boolean}, connection: {followRedirects: boolean}): SaveOptions {
  return {clobber: flags.clobber, followRedirects: flags['follow-redirects'] ?? connection.followRedirects}
}

/** a command that saves a file prints no records for --jq to filter or --columns to pick from: refused (exit 2), not silently ignored */
export function checkNoRecordFlags(flags: {jq?: string; columns?: string}): void {
  if (flags.jq !== undefined) throw new UsageError('--jq filters JSON output, and this command saves a file: leave --jq out')
  if (flags.columns !== undefined) throw new UsageError('--columns picks the fields of printed records, and this command saves a file: leave --columns out')
}

export interface DownloadResult {
  /** where the bytes went: a file path, or `-` for stdout */
  path: string
  bytes: number
}

export interface DownloadOptions extends SaveOptions {
  /** file name to use when the target is a folder and the server names none (Content-Disposition) */
  defaultName: string
  /** the file name in a folder target, from the server's (default: the server's, else defaultName) */
  name?: (serverName: string | undefined) => string
  /** false: no progress line even on a terminal (fan-outs, whose report lists each file) */
  progress?: boolean
}

export async function download(api: ApiClient, path: string, query: Query | undefined, target: string, options: DownloadOptions): Promise<DownloadResult> {
  const clobber = options.clobber ?? false
  await checkTarget(target, clobber)
  // a direct download's body is a SocketBody (http1-download.ts), written from its read buffer
  const offsite = options.followRedirects ? 'follow' : 'suggest'
  const response = await api.request<Readable>({method: 'GET', path, query, responseType: 'stream', offsite})
  const body = response.data
  const total = Number(response.headers.get('content-length') ?? NaN)
  const progress = progressMeter(Number.isFinite(total) ? total : undefined, options.progress ?? true)
  // on a signal, the progress line ends so that the message starts a line of its own
  const forgetProgress = onInterrupt(() => progress.done())
  const stalled = (where: string) => (error: unknown) => {
    throw isStalled(error) ? stallError(where, progress.bytes(), total, api.connection.timeoutMs) : error
  }
  try {
    if (target === '-') {
      await pipeline(body, progress.counter, process.stdout, {end: false}).catch(stalled('download to stdout'))
      return {path: '-', bytes: progress.bytes()}
    }
    const serverName = fileNameFrom(response.headers.get('content-disposition'))
    const file = await resolveTarget(target, [options.name?.(serverName), serverName, options.defaultName])
    if (file !== target) {
      // the name came from the server: only now can an existing file of that name be refused
      await mkdir(dirname(file), {recursive: true})
      await checkFile(file, clobber).catch(async (error: unknown) => {
        body.destroy()
        throw error
      })
    }
    await writeThenName(file, clobber, async temp => {
      await writeBody(body, temp, progress.add).catch(stalled(`download of ${file}`))
      if (Number.isFinite(total) && progress.bytes() !== total) {
        throw new CliError(`download of ${file} ended after ${progress.bytes()} of ${total} bytes`, ExitCode.error)
      }
    })
    return {path: file, bytes: progress.bytes()}
  } finally {
    forgetProgress()
    progress.done()
  }
}

/**
 * A body that stopped coming for the idle limit (--timeout's length, http1-download.ts and undici's
 * bodyTimeout): exit 8, as a request that got no answer in time. A download may rightly take longer
 * than --timeout in all; it may not stand still that long.
 */
function stallError(where: string, bytes: number, total: number, idleMs: number): CliError {
  const got = Number.isFinite(total) ? `${formatBytes(bytes)} of ${formatBytes(total)}` : formatBytes(bytes)
  const kept = where === 'download to stdout' ? '' : '; nothing was written under that name'
  return new CliError(`${where} stalled: no data for ${formatDuration(idleMs)} after ${got}; the server may be stalled or --timeout too short${kept}`, ExitCode.timeout)
}

/**
 * The body into a new file, run by run: a direct download's runs are views of its socket's one read
 * buffer, each written before the next read (http1-download.ts); a proxied download's are its chunks.
 */
async function writeBody(body: Readable, file: string, written: (bytes: number) => void): Promise<void> {
  const handle = await open(file, 'wx')
  const write = (run: readonly Buffer[]) => {
    let rest = run
    while (rest.length > 0) {
      const bytesWritten = writevSync(handle.fd, rest as Buffer[])
      written(bytesWritten)
      rest = after(rest, bytesWritten)
    }
  }
  try {
    if (body instanceof SocketBody) await body.writeRuns(write)
    else for await (const chunk of body) write([chunk as Buffer])
  } finally {
    await handle.close()
  }
}

/** what is left of `run` after its first `bytes` bytes (a short write) */
function after(run: readonly Buffer[], bytes: number): Buffer[] {
  const rest: Buffer[] = []
  let skip = bytes
  for (const piece of run) {
    if (skip >= piece.length) {
      skip -= piece.length
      continue
    }
    rest.push(skip > 0 ? piece.subarray(skip) : piece)
    skip = 0
  }
  return rest
}

/**
 * `write` fills a temporary file beside `file`, which then takes the name. Whatever happens, the
 * temporary file is gone afterwards: after an error, and after a signal (removed as the process exits).
 */
async function writeThenName(file: string, clobber: boolean, write: (temp: string) => Promise<void>): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.part`)
  const forget = onInterrupt(() => rmSync(temp, {force: true}))
  try {
    await write(temp)
    // a signal during the last bytes: the report calls this file interrupted, so it must not appear
    const stopped = interruption()
    if (stopped) throw stopped
    await (clobber ? rename(temp, file) : placeWithoutOverwriting(temp, file))
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`download of ${file} failed: ${describe(error)}; nothing was written under that name`, ExitCode.error)
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

async function checkFile(file: string, clobber: boolean): Promise<void> {
  const parent = dirname(file)
  if (!(await isFolder(parent))) throw new UsageError(`cannot save ${file}: the folder ${parent} does not exist`)
  if (
    !clobber
    && (await lstat(file).then(
      () => true,
      () => false,
    ))
  )
    throw new UsageError(`${file} already exists: pass --clobber to overwrite it`)
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
async function resolveTarget(target: string, names: Array<string | undefined>): Promise<string> {
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

/** counts bytes, and on a terminal draws "12.5 MB of 40.0 MB · 8.1 MB/s" on stderr */
function progressMeter(total: number | undefined, show: boolean) {
  let bytes = 0
  let lastDraw = 0
  const started = Date.now()
  const animate = show && canAnimate()
  const draw = (final: boolean) => {
    const now = Date.now()
    if (!animate || (!final && now - lastDraw < 100)) return
    lastDraw = now
    const rate = bytes / Math.max(0.001, (now - started) / 1000)
    const part = total ? ` of ${formatBytes(total)} (${Math.floor((bytes / total) * 100)}%)` : ''
    process.stderr.write(`\r\u001B[2K${formatBytes(bytes)}${part} · ${formatBytes(rate)}/s${final ? '\n' : ''}`)
  }
  let ended = false
  const add = (count: number) => {
    bytes += count
    draw(false)
  }
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      add(chunk.length)
      callback(null, chunk)
    },
  })
  /** ends the line, once, if one was started */
  const done = () => {
    if (ended || lastDraw === 0) return
    ended = true
    draw(true)
  }
  return {counter, add, bytes: () => bytes, done}
}
