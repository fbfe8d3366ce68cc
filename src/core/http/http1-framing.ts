// The pure half of a download's HTTP/1.1 exchange (http1-download.ts): the head of an answer, and where
// its body ends. No sockets here, so every way a server can split or bend an answer is a unit test.

/** an answer's head longer than this is not an API's: Node's own limit is 16 KiB */
export const MAX_HEAD_BYTES = 64 * 1024

export interface AnswerHead {
  status: number
  statusText: string
  /** lower-case names; a repeated header's values joined with ", " as Node joins them */
  headers: Record<string, string>
}

/** what is wrong with an answer, in words for the error line (network-errors.ts adds the host) */
export class MalformedAnswer extends Error {
  override name = 'MalformedAnswer'
}

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: ([^\r\n]*))?$/
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/

/** the head without its blank line: a status line, then `Name: value` lines */
export function parseHead(text: string): AnswerHead {
  const [statusLine = '', ...lines] = text.split('\r\n')
  const status = STATUS_LINE.exec(statusLine)
  if (!status) throw new MalformedAnswer(`the answer does not start as HTTP/1.1 does (${JSON.stringify(statusLine.slice(0, 40))})`)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const header = HEADER_LINE.exec(line)
    // a folded or nameless line is refused by Node's parser too
    if (!header) throw new MalformedAnswer(`the answer has a header line that is not "Name: value" (${JSON.stringify(line.slice(0, 40))})`)
    const name = header[1]!.toLowerCase()
    headers[name] = name in headers ? `${headers[name]}, ${header[2]}` : header[2]!
  }
  return {status: Number(status[1]), statusText: status[2] ?? '', headers}
}

/**
 * Where the body of an answer ends (RFC 9112, section 6.3): none for HEAD, 1xx, 204 and 304; chunked
 * when the last transfer coding says so; else Content-Length; else the end of the connection.
 */
export function bodyFraming(head: AnswerHead, method: string): BodyFraming {
  if (method === 'HEAD' || head.status < 200 || head.status === 204 || head.status === 304) return new LengthFraming(0)
  const transfer = head.headers['transfer-encoding']
  if (transfer !== undefined) return transfer.split(',').at(-1)?.trim().toLowerCase() === 'chunked' ? new ChunkedFraming() : new UntilCloseFraming()
  const length = head.headers['content-length']
  if (length === undefined) return new UntilCloseFraming()
  // "12, 12" from a proxy that repeated the header is one length; two different ones are not
  const lengths = new Set(length.split(',').map(part => part.trim()))
  const [only] = lengths
  if (lengths.size !== 1 || !/^\d{1,15}$/.test(only!)) throw new MalformedAnswer(`the answer's Content-Length is not a length (${JSON.stringify(length.slice(0, 40))})`)
  return new LengthFraming(Number(only))
}

export interface BodyFraming {
  /**
   * The body's bytes in `bytes` (views of it, not copies), and whether the body ended there. Bytes
   * after the end are ignored: the connection is closed after one answer.
   */
  take(bytes: Buffer): {body: Buffer[]; done: boolean}
  /** true when the end of the connection is the end of the body */
  readonly endsWithConnection: boolean
  readonly done: boolean
}

class LengthFraming implements BodyFraming {
  readonly endsWithConnection = false
  constructor(private left: number) {}

  get done(): boolean {
    return this.left === 0
  }

  take(bytes: Buffer): {body: Buffer[]; done: boolean} {
    const piece = bytes.subarray(0, this.left)
    this.left -= piece.length
    return {body: piece.length > 0 ? [piece] : [], done: this.done}
  }
}

class UntilCloseFraming implements BodyFraming {
  readonly endsWithConnection = true
  readonly done = false

  take(bytes: Buffer): {body: Buffer[]; done: boolean} {
    return {body: bytes.length > 0 ? [bytes] : [], done: false}
  }
}

/** a chunk's size line is hex digits, maybe extensions; longer than this it is not a size line */
const MAX_SIZE_LINE = 4096

/**
 * `size CRLF data CRLF` until a size of 0, then trailer lines until an empty one. The state survives any
 * split of the bytes, one byte at a time included.
 */
class ChunkedFraming implements BodyFraming {
  readonly endsWithConnection = false
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size'
  /** the size line (or trailer line) read so far */
  private line = ''
  /** bytes of the current chunk still to come */
  private left = 0
  /** of the CRLF after a chunk's data, how many bytes were read */
  private crlfSeen = 0

  get done(): boolean {
    return this.state === 'done'
  }

  take(bytes: Buffer): {body: Buffer[]; done: boolean} {
    const body: Buffer[] = []
    let at = 0
    while (at < bytes.length && this.state !== 'done') {
      if (this.state === 'data') {
        const piece = bytes.subarray(at, at + this.left)
        body.push(piece)
        at += piece.length
        this.left -= piece.length
        if (this.left === 0) this.state = 'data-end'
      } else if (this.state === 'data-end') {
        const expected = this.crlfSeen === 0 ? 0x0d : 0x0a
        if (bytes[at] !== expected) throw new MalformedAnswer('a chunk of the answer does not end where its size says')
        at++
        if (++this.crlfSeen === 2) {
          this.crlfSeen = 0
          this.state = 'size'
        }
      } else {
        const newline = bytes.indexOf(0x0a, at)
        const end = newline === -1 ? bytes.length : newline + 1
        this.line += bytes.toString('latin1', at, end)
        at = end
        if (this.line.length > MAX_SIZE_LINE) throw new MalformedAnswer('a chunk size line of the answer is too long')
        if (newline !== -1) this.endOfLine()
      }
    }
    return {body, done: this.done}
  }

  private endOfLine(): void {
    const line = this.line.replace(/\r?\n$/, '')
    this.line = ''
    if (this.state === 'trailer') {
      if (line === '') this.state = 'done'
      return
    }
    const size = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(line)
    if (!size) throw new MalformedAnswer(`a chunk of the answer has no size (${JSON.stringify(line.slice(0, 40))})`)
    this.left = Number.parseInt(size[1]!, 16)
    this.state = this.left === 0 ? 'trailer' : 'data'
  }
}
