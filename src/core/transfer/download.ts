// The byte transfer of a download: the answer's body streams to disk with constant memory (or to
// stdout for `-`), its length checked, a body that stands still stopped, a progress line on a terminal.
// Where the bytes land and that nothing is overwritten is no-overwrite.ts's; the flags, save-flags.ts's.

import {writevSync} from 'node:fs'
import {mkdir, open} from 'node:fs/promises'
import {dirname} from 'node:path'
import {type Readable, Transform} from 'node:stream'
import {pipeline} from 'node:stream/promises'
import {formatBytes} from '../base/bytes.js'
import {formatDuration} from '../base/duration.js'
import {CliError, ExitCode} from '../base/errors.js'
import type {OutStream} from '../base/io.js'
import {SocketBody} from '../http/http1-download.js'
import {isStalled} from '../http/network-errors.js'
import type {ApiClient, Query} from '../http/request.js'
import {onInterrupt} from '../terminal/interrupt.js'
import {canAnimate} from '../terminal/terminal.js'
import {checkFile, checkTarget, resolveTarget, writeThenName} from './no-overwrite.js'
import {fileNameFrom} from './server-file-name.js'

/** what the save flags ask of a download */
export interface SaveOptions {
  /** replace an existing file */
  clobber?: boolean
  /** follow a redirect to another origin, without the token (redirect.ts) */
  followRedirects?: boolean
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
  const progress = progressMeter(Number.isFinite(total) ? total : undefined, options.progress ?? true, api.io.stderr)
  // on a signal, the progress line ends so that the message starts a line of its own
  const forgetProgress = onInterrupt(() => progress.done())
  const stalled = (where: string) => (error: unknown) => {
    throw isStalled(error) ? stallError(where, progress.bytes(), total, api.connection.timeoutMs) : error
  }
  try {
    if (target === '-') {
      await pipeline(body, progress.counter, api.io.stdout, {end: false}).catch(stalled('download to stdout'))
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

/** counts bytes, and on a terminal draws "12.5 MB of 40.0 MB · 8.1 MB/s" on stderr */
function progressMeter(total: number | undefined, show: boolean, stderr: OutStream) {
  let bytes = 0
  let lastDraw = 0
  const started = Date.now()
  const animate = show && canAnimate({stderr})
  const draw = (final: boolean) => {
    const now = Date.now()
    if (!animate || (!final && now - lastDraw < 100)) return
    lastDraw = now
    const rate = bytes / Math.max(0.001, (now - started) / 1000)
    const part = total ? ` of ${formatBytes(total)} (${Math.floor((bytes / total) * 100)}%)` : ''
    stderr.write(`\r\u001B[2K${formatBytes(bytes)}${part} · ${formatBytes(rate)}/s${final ? '\n' : ''}`)
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
