// A download's GET on a connection of its own, read into one reused buffer (issue 16). node:http hands
// every socket read to JavaScript as a new 64 KiB buffer: on 1 GiB that is 16,000 fresh allocations for
// the kernel to fault in and the GC to collect, which kept a bare node:http script at about half of
// curl's throughput with 85 MB peak. Here the socket reads into one 1 MiB buffer that Node reuses
// (`onread`), and each read is written out before the next one may overwrite it: about twice curl's
// throughput and 49 MB peak in the same bare comparison. Only a direct GET for a file comes here
// (http-transport.ts decides); everything else, and a download through a proxy, keeps node:http or undici.
import type {NetConnectOpts, Socket} from 'node:net'
import {Readable} from 'node:stream'
import type {ConnectionOptions} from 'node:tls'
import {importModule} from '../base/launcher.js'
import {type AnswerHead, type BodyFraming, bodyFraming, MAX_HEAD_BYTES, MalformedAnswer, parseHead} from './http1-framing.js'
import {abortReason, StalledAnswer} from './network-errors.js'

const READ_BUFFER = 1 << 20
const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * takes a run of a body's bytes, views of the read buffer, and is done with them when it returns: the
 * next read overwrites them
 */
export type RunWriter = (run: readonly Buffer[]) => void

export interface DownloadAnswer extends AnswerHead {
  body: SocketBody
}

/**
 * sends `GET path` to `url`'s host with `headers` (lower-case names, no Host) and resolves with the
 * answer's head; the body is unread. `path` is the request target as sent (request-target.ts).
 * `signal` ends the exchange, body included, until the caller stops arming it; the body ends when no
 * byte comes for `idleMs` while it is read.
 */
export async function getForDownload(
  url: URL,
  path: string,
  headers: Record<string, string>,
  tls: ConnectionOptions | undefined,
  signal: AbortSignal | undefined,
  idleMs?: number,
): Promise<DownloadAnswer> {
  signal?.throwIfAborted()
  const request = requestHead(url.host, path, headers)
  const buffer = Buffer.allocUnsafe(READ_BUFFER)
  let exchange: Exchange | undefined
  // the buffer the callback is given: a TLS socket may read into another one than `buffer`
  const onread = {buffer, callback: (bytes: number, into: Buffer) => exchange?.received(into.subarray(0, bytes)) ?? false}
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const net = await importModule<typeof import('node:net')>('node:net')
  let socket: Socket
  if (url.protocol === 'https:') {
    const {connect} = await importModule<typeof import('node:tls')>('node:tls')
    // SNI names a host, never an address; onread is passed through to the TLS socket (not in Node's types)
    const options = {...tls, host, port: Number(url.port || 443), servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'], onread}
    socket = connect(options as ConnectionOptions)
  } else {
    socket = net.connect({host, port: Number(url.port || 80), onread} as NetConnectOpts)
  }
  return new Promise<DownloadAnswer>((resolve, reject) => {
    // the signal stays on after the head: it ends a body that does not come in time too
    const abort = () => exchange?.fail(abortReason(signal as AbortSignal))
    exchange = new Exchange(
      socket,
      resolve,
      error => {
        signal?.removeEventListener('abort', abort)
        reject(error)
      },
      idleMs,
    )
    signal?.addEventListener('abort', abort, {once: true})
    socket.write(request, 'latin1')
  })
}

/** `GET /path?query HTTP/1.1` and the headers; a value node:http would refuse (one that ends its line) is refused */
function requestHead(host: string, path: string, headers: Record<string, string>): string {
  const lines = [`GET ${path} HTTP/1.1`, `host: ${host}`]
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'host' || name === 'connection') continue
    // node:http's own rule: a tab, visible ASCII and Latin-1 only, sent as Latin-1
    if (/[^\t\x20-\x7e\x80-\xff]/.test(value) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new TypeError(`Invalid character in header content ["${name}"]`)
    lines.push(`${name}: ${value}`)
  }
  // one answer per connection: its end can then also be the body's end
  lines.push('connection: close')
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** one request's answer as it arrives: the head first, then the body */
class Exchange {
  private head: Buffer[] = []
  private headBytes = 0
  private body?: SocketBody
  private settled = false

  constructor(
    private readonly socket: Socket,
    private readonly resolve: (answer: DownloadAnswer) => void,
    private readonly reject: (error: Error) => void,
    private readonly idleMs: number | undefined,
  ) {
    socket.on('error', error => this.fail(error))
    socket.on('close', () => {
      if (this.body) this.body.connectionClosed()
      else this.fail(Object.assign(new Error('socket hang up'), {code: 'ECONNRESET'}))
    })
  }

  /** false pauses the socket: the read buffer is in use until the body's reader is done with it */
  received(bytes: Buffer): boolean {
    try {
      if (this.body) return this.body.received(bytes)
      // the head is kept as a copy: the buffer is read into again
      this.head.push(Buffer.from(bytes))
      this.headBytes += bytes.length
      return this.readHead()
    } catch (error) {
      this.fail(error as Error)
      return false
    }
  }

  private readHead(): boolean {
    for (;;) {
      const all = Buffer.concat(this.head)
      const end = all.indexOf(HEAD_END)
      if (end === -1 || end > MAX_HEAD_BYTES) {
        if (this.headBytes > MAX_HEAD_BYTES) throw new MalformedAnswer(`the answer's head is longer than ${MAX_HEAD_BYTES / 1024} KiB`)
        return true
      }
      const head = parseHead(all.toString('latin1', 0, end))
      const rest = all.subarray(end + HEAD_END.length)
      if (head.status >= 100 && head.status < 200) {
        // an interim answer (100 Continue, 103 Early Hints): the real one follows
        this.head = [rest]
        this.headBytes = rest.length
        continue
      }
      this.body = new SocketBody(this.socket, bodyFraming(head, 'GET'), rest, this.idleMs)
      this.settled = true
      this.resolve({...head, body: this.body})
      // nobody reads the body yet: the socket waits for a reader
      return false
    }
  }

  fail(error: Error): void {
    if (this.body) {
      this.body.fail(error)
      return
    }
    this.socket.destroy()
    if (this.settled) return
    this.settled = true
    this.reject(error)
  }
}

/**
 * The body of a download. `writeRuns` is the fast way: runs of views of the read buffer, the next read
 * only after the reader is done. As a Readable (an error's text, stdout, a redirect's discarded body)
 * it is the usual stream, each chunk a copy.
 */
export class SocketBody extends Readable {
  /** body bytes that came with the head (a copy), before any reader */
  private pending: Buffer[]
  private writer?: {write: RunWriter; resolve: () => void; reject: (error: Error) => void}
  /** read as a stream: _read was called */
  private streaming = false
  /** the server ended the connection, where that ends the body */
  private connectionEnded = false
  private ended = false
  private failure?: Error
  /** armed while the socket waits for bytes the reader wants: a stalled server ends the body */
  private idle?: NodeJS.Timeout

  constructor(
    private readonly socket: Socket,
    private readonly framing: BodyFraming,
    rest: Buffer,
    private readonly idleMs?: number,
  ) {
    super()
    this.pending = framing.take(rest).body
    if (framing.done) socket.destroy()
  }

  /** hands the body to `write` run by run; resolves when all of it was written */
  writeRuns(write: RunWriter): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.writer || this.streaming) return Promise.reject(new Error('the body is read already'))
    return new Promise<void>((resolve, reject) => {
      this.writer = {write, resolve, reject}
      const first = this.pending
      this.pending = []
      if (this.write(first, this.framing.done)) this.readOn()
    })
  }

  received(bytes: Buffer): boolean {
    const more = this.deliver(bytes)
    if (more) this.waiting()
    else this.resting()
    return more
  }

  /**
   * The socket reads on and waits for the next bytes: none for `idleMs` ends the body (wget's
   * --read-timeout). Not while it is paused: a slow reader (stdout into a pager) is not a stalled server.
   */
  private waiting(): void {
    if (this.idleMs === undefined || this.ended) return
    if (this.idle) this.idle.refresh()
    else this.idle = setTimeout(() => this.fail(new StalledAnswer(this.idleMs as number)), this.idleMs)
  }

  /** paused, or done: a cleared timer cannot be refreshed, so it is dropped */
  private resting(): void {
    clearTimeout(this.idle)
    this.idle = undefined
  }

  private readOn(): void {
    this.socket.resume()
    this.waiting()
  }

  private deliver(bytes: Buffer): boolean {
    const {body, done} = this.framing.take(bytes)
    if (this.writer) {
      if (body.length === 0 && !done) return true
      return this.write(body, done)
    }
    if (!this.streaming) {
      // no reader yet: a TLS socket may hand over what it decrypted after the pause was asked for
      for (const piece of body) this.pending.push(Buffer.from(piece))
      return false
    }
    let more = true
    for (const piece of body) more = this.push(Buffer.from(piece))
    if (done) this.end()
    return more && !done
  }

  /** false when the body ended or failed: the socket reads no more */
  private write(run: Buffer[], done: boolean): boolean {
    try {
      if (run.length > 0) this.writer?.write(run)
    } catch (error) {
      this.fail(error as Error)
      return false
    }
    if (done || this.connectionEnded) this.end()
    return !this.ended
  }

  override _read(): void {
    this.streaming = true
    const first = this.pending
    this.pending = []
    for (const piece of first) this.push(piece)
    if (this.framing.done || this.connectionEnded) this.end()
    else this.readOn()
  }

  /** the server closed the connection: the end of the body only where nothing else marks it */
  connectionClosed(): void {
    if (this.ended || this.framing.done) return
    if (!this.framing.endsWithConnection) {
      this.fail(new Error('other side closed before the end of the body'))
      return
    }
    this.connectionEnded = true
    // otherwise the reader sees it when it comes
    if (this.streaming || this.writer) this.end()
  }

  fail(error: Error): void {
    if (this.ended) return
    this.ended = true
    this.resting()
    this.failure = error
    this.socket.destroy()
    if (this.writer) this.writer.reject(error)
    else this.destroy(error)
  }

  private end(): void {
    if (this.ended) return
    this.ended = true
    this.resting()
    this.socket.destroy()
    if (this.writer) this.writer.resolve()
    else this.push(null)
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.ended) {
      this.ended = true
      this.resting()
      this.failure = error ?? new Error('the download was stopped')
      this.socket.destroy()
      this.writer?.reject(this.failure)
    }
    callback(error)
  }
}
