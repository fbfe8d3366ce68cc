// The head and the body framing of a download's answer (src/core/http/http1-framing.ts), under every split a
// network can make of the bytes.
import {describe, expect, it} from 'vitest'
import {type AnswerHead, bodyFraming, MalformedAnswer, parseHead} from '../../src/core/http/http1-framing.js'

const head = (status: number, headers: Record<string, string> = {}): AnswerHead => ({status, statusText: '', headers})

/** feeds `bytes` split at `cuts`; the body's bytes, and whether the framing said it ended */
function feed(framing: ReturnType<typeof bodyFraming>, bytes: Buffer, cuts: number[]): {body: string; done: boolean} {
  const pieces: Buffer[] = []
  let done = false
  let from = 0
  for (const cut of [...cuts, bytes.length]) {
    const result = framing.take(bytes.subarray(from, cut))
    pieces.push(...result.body.map(b => Buffer.from(b)))
    done ||= result.done
    from = cut
  }
  return {body: Buffer.concat(pieces).toString('latin1'), done}
}

describe('parseHead', () => {
  it('reads the status, its text and the headers, names lower-cased, repeated ones joined as Node joins them', () => {
    expect(parseHead('HTTP/1.1 206 Partial Content\r\nContent-Type: text/csv\r\nX-Seen: a\r\nx-seen:  b \r\nEmpty:')).toEqual({
      status: 206,
      statusText: 'Partial Content',
      headers: {'content-type': 'text/csv', 'x-seen': 'a, b', empty: ''},
    })
  })

  it('takes an HTTP/1.0 answer and one without a reason phrase', () => {
    expect(parseHead('HTTP/1.0 200').status).toBe(200)
  })

  it.each([
    ['not HTTP', 'SSH-2.0-OpenSSH_9.6'],
    ['HTTP/2 text', 'HTTP/2 200'],
    ['a status of two digits', 'HTTP/1.1 20 OK'],
    ['a folded header line', 'HTTP/1.1 200 OK\r\nX-A: one\r\n two'],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nno colon here'],
    ['a space before the colon', 'HTTP/1.1 200 OK\r\nX-A : one'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseHead(text)).toThrow(MalformedAnswer)
  })
})

describe('bodyFraming', () => {
  const chunked = Buffer.from('5\r\nhello\r\n6;ext=1\r\n, worl\r\nA\r\nd, and so \r\n2\r\non\r\n0\r\nTrailer: yes\r\n\r\n')

  it('decodes chunks under every split into two and into three, and stops at the last chunk', () => {
    for (let a = 0; a <= chunked.length; a++) {
      expect(feed(bodyFraming(head(200, {'transfer-encoding': 'chunked'}), 'GET'), chunked, [a])).toEqual({body: 'hello, world, and so on', done: true})
      for (let b = a; b <= chunked.length; b += 3) {
        expect(feed(bodyFraming(head(200, {'transfer-encoding': 'chunked'}), 'GET'), chunked, [a, b])).toEqual({body: 'hello, world, and so on', done: true})
      }
    }
  })

  it('decodes chunks fed one byte at a time', () => {
    const cuts = Array.from({length: chunked.length}, (_, i) => i)
    expect(feed(bodyFraming(head(200, {'transfer-encoding': 'gzip, chunked'}), 'GET'), chunked, cuts)).toEqual({body: 'hello, world, and so on', done: true})
  })

  it('is not done before the last chunk and its empty line', () => {
    const framing = bodyFraming(head(200, {'transfer-encoding': 'chunked'}), 'GET')
    expect(framing.take(Buffer.from('3\r\nabc\r\n0\r\n')).done).toBe(false)
    expect(framing.take(Buffer.from('\r\n')).done).toBe(true)
  })

  it.each([
    ['a size that is not hex', 'zz\r\nab\r\n'],
    ['data longer than its size', '2\r\nabc\r\n'],
    ['a size line that never ends', 'f'.repeat(5000)],
  ])('refuses chunks with %s', (_what, text) => {
    expect(() => bodyFraming(head(200, {'transfer-encoding': 'chunked'}), 'GET').take(Buffer.from(text))).toThrow(MalformedAnswer)
  })

  it('takes Content-Length bytes and no more, and counts a length repeated by a proxy once', () => {
    expect(feed(bodyFraming(head(200, {'content-length': '5'}), 'GET'), Buffer.from('abcdefgh'), [2])).toEqual({body: 'abcde', done: true})
    expect(feed(bodyFraming(head(200, {'content-length': '3, 3'}), 'GET'), Buffer.from('abc'), [])).toEqual({body: 'abc', done: true})
  })

  it('refuses two different lengths and a length that is not a number', () => {
    expect(() => bodyFraming(head(200, {'content-length': '3, 5'}), 'GET')).toThrow(MalformedAnswer)
    expect(() => bodyFraming(head(200, {'content-length': '-1'}), 'GET')).toThrow(MalformedAnswer)
    expect(() => bodyFraming(head(200, {'content-length': '1e3'}), 'GET')).toThrow(MalformedAnswer)
  })

  it('lets chunks win over a length, as RFC 9112 says', () => {
    expect(feed(bodyFraming(head(200, {'content-length': '2', 'transfer-encoding': 'chunked'}), 'GET'), Buffer.from('3\r\nabc\r\n0\r\n\r\n'), [])).toEqual({body: 'abc', done: true})
  })

  it('has no body for HEAD, 204 and 304, and ends with the connection where nothing else marks the end', () => {
    for (const [status, method] of [
      [200, 'HEAD'],
      [204, 'GET'],
      [304, 'GET'],
    ] as const) {
      const framing = bodyFraming(head(status, {'content-length': '10'}), method)
      expect(framing.done).toBe(true)
    }
    const untilClose = bodyFraming(head(200, {'transfer-encoding': 'gzip'}), 'GET')
    expect(untilClose.endsWithConnection).toBe(true)
    expect(feed(untilClose, Buffer.from('anything at all'), [3])).toEqual({body: 'anything at all', done: false})
    expect(bodyFraming(head(200), 'GET').endsWithConnection).toBe(true)
  })
})
