// Every file or standard input that forgectl reads whole (--from-file, --<flag>-file, --input, -F @file,
// --ca-file, --token-stdin, `-`) is read here, so that a signal can always end the run. Node does file
// work on its thread pool, and a process cannot exit while a thread of that pool is blocked: a FIFO
// that nobody writes to blocks its open() until someone does, so `--from-file fifo` outlived SIGTERM and
// two Ctrl-Cs. Here a file is opened without waiting (O_NONBLOCK), and a FIFO, a socket or a terminal is
// read as standard input is, as a stream on the event loop, which exit never waits for.
import {close, constants, createReadStream, fstat, open, type Stats} from 'node:fs'
import {Socket} from 'node:net'
import type {Readable} from 'node:stream'
import {promisify} from 'node:util'
import type {InStream} from './io.js'
import {importModule} from './launcher.js'

/** far above any real input file; /dev/zero or /dev/urandom given by mistake stops here, not at the memory's end */
export const MAX_INPUT_BYTES = 64_000_000

/** why a file could not be read: an errno code (ENOENT, EISDIR) or a sentence */
export class UnreadableInput extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'UnreadableInput'
  }
}

/** the reason of a failed read, for a one-line message: `cannot read --from-file x.json: ENOENT` */
export function unreadableReason(error: unknown): string {
  if (error instanceof UnreadableInput) return error.reason
  return (error as NodeJS.ErrnoException).code ?? String(error)
}

const openFile = promisify(open)
const statFd = promisify(fstat)

/**
 * Bytes read as text: UTF-8 or refused. Decoding what is not UTF-8 (a file saved as Latin-1, a binary
 * file named by mistake) would change every byte it cannot read into U+FFFD, silently: a label `café`
 * written so in a Latin-1 state file was created as `caf\uFFFD`, and the real one pruned. A leading
 * byte order mark is dropped.
 */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes)
  } catch {
    throw new UnreadableInput('not UTF-8 text (save it as UTF-8)')
  }
}

/** at most `maxBytes` (a file forgectl parses: parse-data.ts's limit), refused in the words of `tooLarge` */
export interface ReadLimit {
  maxBytes: number
  tooLarge: string
}

const DEFAULT_LIMIT: ReadLimit = {maxBytes: MAX_INPUT_BYTES, tooLarge: `larger than ${MAX_INPUT_BYTES / 1e6} MB, more than an input may hold`}

/** the bytes of `file` (`-`: the run's standard input, which must not be a terminal, checked by the caller) */
export async function readWhole(file: string, stdin: InStream, limit: ReadLimit = DEFAULT_LIMIT): Promise<Buffer> {
  if (file === '-') return collect(stdin, limit)
  let fd: number
  try {
    fd = await openFile(file, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    throw new UnreadableInput(unreadableReason(error))
  }
  let stream: Readable
  try {
    const stats = await statFd(fd)
    // a regular file's size is known before a byte is read
    if (stats.isFile() && stats.size > limit.maxBytes) throw new UnreadableInput(limit.tooLarge)
    stream = await streamOf(fd, file, stats)
  } catch (error) {
    close(fd, () => {})
    throw new UnreadableInput(unreadableReason(error))
  }
  return collect(stream, limit)
}

/** the stream that reads `fd` without holding a thread of the pool: the stream owns the descriptor */
async function streamOf(fd: number, file: string, stats: Stats): Promise<Readable> {
  if (stats.isFIFO() || stats.isSocket()) return new Socket({fd, readable: true, writable: false})
  if (stats.isCharacterDevice()) {
    const tty = await importModule<typeof import('node:tty')>('node:tty')
    if (tty.isatty(fd)) return new tty.ReadStream(fd)
  }
  // a regular file, or a device that never makes a read wait (/dev/null, /dev/zero): the pool's reads end
  return createReadStream(file, {fd})
}

async function collect(stream: Readable, limit: ReadLimit): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      if (size > limit.maxBytes) throw new UnreadableInput(limit.tooLarge)
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    stream.destroy()
    if (error instanceof UnreadableInput) throw error
    throw new UnreadableInput(unreadableReason(error))
  }
  return Buffer.concat(chunks)
}
