// A direct download reads its answer off the socket itself (src/core/http/http1-download.ts): these tests
// send it answers byte by byte from a server below HTTP, the ways real servers and proxies frame, split
// and cut them, and check that the file is saved whole or not at all.
import {createHash} from 'node:crypto'
import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import type {Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type RawServer, startForwardProxy, startRawServer, writeSlowly} from '../helpers/hostile-server.js'

const servers: RawServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

async function serve(answer: (socket: Socket) => unknown): Promise<RawServer> {
  const server = await startRawServer(answer)
  servers.push(server)
  return server
}

function target(): {dir: string; file: string} {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-wire-'))
  return {dir, file: join(dir, 'file.bin')}
}

const download = (server: RawServer, file: string) => runCli(['api', 'GET', '/file', '--download', file, '--host', server.url, '--token', 'wire-token'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})

const chunk = (data: string | Buffer) => Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')])

/** nothing under the final name, and no temporary file either */
function nothingLeft(dir: string): void {
  expect(readdirSync(dir)).toEqual([])
}

describe('a download answer', () => {
  it('in chunks split across packets, with an extension and a trailer, is saved whole; the request asks for the file as stored', async () => {
    const server = await serve(socket =>
      writeSlowly(socket, [
        'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
        chunk('first part, '),
        Buffer.from('c;name=value\r\nsecond p'),
        'art.\r\n',
        chunk(''.padEnd(3000, 'x')).subarray(0, 7),
        chunk(''.padEnd(3000, 'x')).subarray(7),
        '0\r\nX-Checksum: none\r\n\r\n',
      ]),
    )
    const {file} = target()
    const result = await download(server, file)
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(`first part, second part.${''.padEnd(3000, 'x')}`)
    const head = server.requests[0]!.toLowerCase()
    expect(head).toMatch(/^get \/api\/v4\/file http\/1\.1\r\n/)
    expect(head).toContain('private-token: wire-token')
    expect(head).toContain('connection: close')
    expect(head).not.toContain('accept-encoding')
  })

  it('with neither length nor chunks ends with the connection, and is saved whole', async () => {
    const server = await serve(async socket => {
      await writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n', 'until ', 'the end'])
      socket.end()
    })
    const {file} = target()
    const result = await download(server, file)
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe('until the end')
  })

  it('after a 100 Continue, with its head sent a byte at a time, is saved whole', async () => {
    const answer = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: 8\r\n\r\na,b\n1,2\n'
    const server = await serve(socket => writeSlowly(socket, [...answer], 1))
    const {file} = target()
    const result = await download(server, file)
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\n')
  })

  it('of several MiB in chunks of every size arrives byte for byte', async () => {
    const parts: Buffer[] = []
    for (let size = 1; parts.reduce((n, p) => n + p.length, 0) < 6_000_000; size = (size * 7 + 13) % 300_000) parts.push(Buffer.alloc(size, size % 251))
    const whole = Buffer.concat(parts)
    const server = await serve(socket => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n')
      for (const part of parts) socket.write(chunk(part))
      socket.end('0\r\n\r\n')
    })
    const {file} = target()
    const result = await download(server, file)
    expect(result.code, result.stderr).toBe(0)
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    expect(sha(readFileSync(file))).toBe(sha(whole))
  })

  it('of thousands of tiny chunks in one packet (more pieces than one writev takes) arrives whole', async () => {
    const pieces = Array.from({length: 5000}, (_, i) => String(i % 1000).padStart(3, '0'))
    const server = await serve(socket => {
      socket.end(Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n'), ...pieces.map(chunk), Buffer.from('0\r\n\r\n')]))
    })
    const {file} = target()
    const result = await download(server, file)
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''))
  })

  it('streams to stdout with -, decoded from its chunks', async () => {
    const server = await serve(socket => writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n', chunk('one '), chunk('two'), '0\r\n\r\n']))
    const result = await runCli(['api', 'GET', '/file', '--download', '-', '--host', server.url, '--token', 'wire-token'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('one two')
  })

  it('that is an API error is reported with its status and message, and leaves no file', async () => {
    const body = JSON.stringify({message: '404 File Not Found'})
    const server = await serve(socket => socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`))
    const {dir, file} = target()
    const result = await download(server, file)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404')
    expect(result.stderr).toContain('File Not Found')
    nothingLeft(dir)
  })
})

describe('a download through a proxy', () => {
  it('goes through the proxy (undici, not its own connection) and is saved whole', async () => {
    const answer = Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n'),
      chunk('via '),
      chunk('the proxy'),
      Buffer.from('0\r\n\r\n'),
    ])
    const server = await serve(socket => socket.end(answer))
    const proxy = await startForwardProxy()
    try {
      const {file} = target()
      const result = await runCli(['api', 'GET', '/file', '--download', file, '--host', server.url, '--token', 'wire-token'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir(), HTTP_PROXY: proxy.url}})
      expect(result.code, result.stderr).toBe(0)
      expect(readFileSync(file, 'utf8')).toBe('via the proxy')
      expect(proxy.seen.map(s => s.target)).toEqual([`${server.url}/api/v4/file`])
    } finally {
      await proxy.close()
    }
  })
})

describe('a download answer that breaks off or is not HTTP', () => {
  const refused = async (answer: (socket: Socket) => unknown, message: RegExp) => {
    const server = await serve(answer)
    const {dir, file} = target()
    const result = await runCli(['api', 'GET', '/file', '--download', file, '--host', server.url, '--token', 'wire-token', '--retries', '0'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(existsSync(file)).toBe(false)
    nothingLeft(dir)
    return result
  }

  it('cut before its Content-Length is complete: an error, no file', async () => {
    await refused(async socket => {
      await writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\n', 'only part'])
      socket.destroy()
    }, /closed before/)
  })

  it('cut in the middle of a chunk: an error, no file', async () => {
    await refused(async socket => {
      await writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n', chunk('whole chunk'), 'ff\r\nhalf'])
      socket.end()
    }, /closed before/)
  })

  it('with a chunk that has no size: an error naming it, no file', async () => {
    await refused(socket => socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nbytes\r\n0\r\n\r\n'), /chunk/)
  })

  it('with a chunk longer than its size says: an error, no file', async () => {
    await refused(socket => socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n'), /chunk/)
  })

  it('that is not HTTP at all: an error, no file', async () => {
    await refused(socket => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'), /HTTP/)
  })

  it('whose head never ends: refused after 64 KiB, no file', async () => {
    await refused(socket => {
      socket.write('HTTP/1.1 200 OK\r\n')
      for (let i = 0; i < 2000; i++) socket.write(`X-Filler-${i}: ${''.padEnd(40, 'f')}\r\n`)
    }, /64 KiB/)
  })

  it('with two different lengths: an error, no file', async () => {
    await refused(socket => socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 3, 5\r\n\r\nabcde'), /Content-Length/)
  })

  it('closed before any answer: an error, no file', async () => {
    await refused(socket => socket.destroy(), /closed the connection without answering/)
  })

  it('that never comes: the timeout ends it (exit 8), no file', async () => {
    const server = await serve(() => undefined)
    const {dir, file} = target()
    const result = await runCli(['api', 'GET', '/file', '--download', file, '--host', server.url, '--token', 'wire-token', '--retries', '0', '--timeout', '1'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(result.code, result.stderr).toBe(8)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    nothingLeft(dir)
  })
})
