// Downloads stream to disk with constant memory: into a temporary file beside the target, renamed
// only when complete, so no half file is ever left under the final name. `-` streams to stdout.
import {createWriteStream} from 'node:fs'
import {mkdir, rename, stat, unlink} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {Readable, Transform} from 'node:stream'
import {pipeline} from 'node:stream/promises'
import {randomBytes} from 'node:crypto'
import {CliError, ExitCode} from './errors.js'
import type {ApiClient, Query} from './request.js'
import {canAnimate} from './terminal.js'

export interface DownloadResult {
  /** where the bytes went: a file path, or `-` for stdout */
  path: string
  bytes: number
}

export interface DownloadOptions {
  /** file name to use when the target is a folder and the server names none (Content-Disposition) */
  defaultName: string
  /** false: no progress line even on a terminal (fan-outs, whose report lists each file) */
  progress?: boolean
}

export async function download(api: ApiClient, path: string, query: Query | undefined, target: string, options: DownloadOptions): Promise<DownloadResult> {
  const response = await api.request<ReadableStream<Uint8Array>>({method: 'GET', path, query, responseType: 'stream'})
  // Converted only where it is piped: a Node stream that breaks before it has an error listener (a
  // connection cut while the target is being prepared) would crash the process instead of failing.
  const body = () => Readable.fromWeb(response.data as import('node:stream/web').ReadableStream<Uint8Array>)
  const total = Number(response.headers.get('content-length') ?? NaN)
  const progress = progressMeter(Number.isFinite(total) ? total : undefined, options.progress ?? true)
  if (target === '-') {
    await pipeline(body(), progress.counter, process.stdout, {end: false})
    progress.done()
    return {path: '-', bytes: progress.bytes()}
  }
  const file = await resolveTarget(target, fileNameFrom(response.headers.get('content-disposition')) ?? options.defaultName)
  await mkdir(dirname(file), {recursive: true})
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.part`)
  try {
    await pipeline(body(), progress.counter, createWriteStream(temp))
    if (Number.isFinite(total) && progress.bytes() !== total) {
      throw new CliError(`download of ${file} ended after ${progress.bytes()} of ${total} bytes`, ExitCode.error)
    }
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    progress.done()
    if (error instanceof CliError) throw error
    throw new CliError(`download of ${file} failed: ${describe(error)}; nothing was written under that name`, ExitCode.error)
  }
  progress.done()
  return {path: file, bytes: progress.bytes()}
}

/** a folder as target means "put the server's file name in it" */
async function resolveTarget(target: string, name: string): Promise<string> {
  const isFolder = target.endsWith('/') || (await stat(target).then(s => s.isDirectory(), () => false))
  return isFolder ? join(target, basename(name)) : target
}

/** `attachment; filename="labels.ndjson.gz"` → `labels.ndjson.gz` */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const star = disposition.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i)
  if (star) return basename(decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, '')))
  const plain = disposition.match(/filename\s*=\s*"?([^";]+)"?/i)
  return plain ? basename(plain[1]!.trim()) : undefined
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return /terminated|premature|aborted|ECONNRESET|other side closed/i.test(text) ? 'the connection closed before the end of the file' : text
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
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length
      draw(false)
      callback(null, chunk)
    },
  })
  return {counter, bytes: () => bytes, done: () => draw(true)}
}

export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB']
  let value = n
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`
}
