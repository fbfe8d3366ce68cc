// Issue 24, points 1 and 2: a command ends in the time the user chose and in memory that does not depend
// on what the server sends. Servers below HTTP send a head and then nothing, a byte a second, a download
// that stalls, 2 GiB of JSON or a gzip bomb made on the fly; each case runs directly and, where the
// transport differs, through a proxy (undici). Each asserts the exit code, one line on stderr and, for
// sizes, the peak memory of a spawned process with a heap of its own. No clock bound from above (issue
// 36: a 2-core machine busy with other work): in each test every other way the run could end is far
// beyond the test (a server silent for ever, --timeout 3600 where the clock is not what is tested), so
// the exit code and the line naming the limit say which limit ended the run; lower bounds stay.
import {spawn} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import type {Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {brotliCompressSync, constants, deflateSync, gzipSync} from 'node:zlib'
import {afterAll, describe, expect, it} from 'vitest'
import {BIN, cleanEnv, freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {type ForwardProxy, type RawServer, startForwardProxy, startRawServer, writeSlowly} from '../helpers/hostile-server.js'
import {runMeasured} from '../helpers/peak-memory.js'

const TOKEN = 'bounded-token'
const MiB = 1024 * 1024
/**
 * Where the clock is not what is tested: no request gives up on its own while the test lasts, so the
 * line and exit code name what ended the run (reading 100 MiB takes about 1.5 s on an idle machine,
 * 20 s with eight test runs on two cores)
 */
const NO_TIMEOUT = ['--timeout', '3600']

// Closed when the file is done, not after each test: the tests that only wait for a limit to pass run
// side by side (it.concurrent), each with servers of its own (in-process runs go side by side: issue 38)
const closers: Array<{close(): Promise<void>}> = []
afterAll(async () => {
  await Promise.all(closers.splice(0).map(s => s.close()))
})

async function serve(answer: (socket: Socket) => unknown): Promise<RawServer> {
  const server = await startRawServer(answer)
  closers.push(server)
  return server
}

/** direct, and through a forward proxy (undici instead of node:http and a download's own connection) */
const ROUTES = ['direct', 'through a proxy'] as const
type Route = (typeof ROUTES)[number]

async function routeEnv(route: Route): Promise<Record<string, string>> {
  if (route === 'direct') return {FORGECTL_CONFIG_DIR: freshConfigDir()}
  const proxy: ForwardProxy = await startForwardProxy()
  closers.push(proxy)
  return {FORGECTL_CONFIG_DIR: freshConfigDir(), HTTP_PROXY: proxy.url}
}

async function timed(run: Promise<RunResult>): Promise<RunResult & {ms: number}> {
  const started = Date.now()
  const result = await run
  return {...result, ms: Date.now() - started}
}

function oneLineError(result: Pick<RunResult, 'code' | 'stdout' | 'stderr'>, code: number, message: RegExp): void {
  expect(result.stderr).toMatch(/^Error: [^\n]*\n$/)
  expect(result.stderr).toMatch(message)
  expect(result.stderr).not.toContain(TOKEN)
  expect(result.stdout).toBe('')
  expect(result.code, result.stderr).toBe(code)
}

const HEAD = (headers: string) => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${headers}\r\n`

/** writes `chunk` until `total` bytes are out or the client goes, waiting for the socket to drain */
async function pour(socket: Socket, chunk: Buffer, total: number): Promise<void> {
  for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) await drainedOrClosed(socket)
  }
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise(resolve => {
    const go = () => {
      socket.off('drain', go)
      socket.off('close', go)
      resolve()
    }
    socket.on('drain', go)
    socket.on('close', go)
  })
}

describe('--timeout bounds the whole answer of an API request, per attempt', () => {
  for (const route of ROUTES) {
    it.concurrent(`a head and then silence ends at the timeout with exit 8 (${route})`, async () => {
      const server = await serve(socket => socket.write(HEAD('Content-Length: 100\r\n') + '[{"id":'))
      // 3 s: through the proxy, the head must also cross the test's own proxy, in a test process that a loaded machine may hold up
      const result = await timed(runCli(['hooks', 'list', '--timeout', '3', '--retries', '0', '--host', server.url, '--token', TOKEN], {env: await routeEnv(route)}))
      oneLineError(
        result,
        8,
        /^Error: GET http:\/\/127\.0\.0\.1:\d+\/api\/v4\/hooks: the answer was not complete after 3(\.\d)? s in all \(1 attempt of 3 s\); the server may be stalled or --timeout too short\n$/,
      )
      // the server never says more: only --timeout ends the run (the line names it), and not before it
      expect(result.ms).toBeGreaterThanOrEqual(2900)
    })
  }

  for (const route of ROUTES) {
    it.concurrent(`a byte a second ends at the timeout of each attempt, exit 8 (${route})`, async () => {
      // some 600 bytes, 600 s at a byte a second: only the timeout of each attempt ends the run
      const body = JSON.stringify([{id: 1, url: 'https://hooks.example.com/'.padEnd(600, 'x')}])
      const server = await serve(async socket => {
        socket.write(HEAD(`Content-Length: ${body.length}\r\n`))
        for (const byte of body) {
          if (socket.destroyed) return
          socket.write(byte)
          await new Promise(resolve => setTimeout(resolve, 1000))
        }
      })
      const result = await timed(runCli(['hooks', 'list', '--timeout', '2', '--retries', '1', '--host', server.url, '--token', TOKEN], {env: await routeEnv(route)}))
      oneLineError(result, 8, /: the answer was not complete after [\d.]+ s in all \(2 attempts, 2 s each\)/)
      expect(server.requests).toHaveLength(2)
      expect(result.ms).toBeGreaterThanOrEqual(3900)
    })
  }
})

describe('a download has an idle limit of --timeout instead', () => {
  const target = () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-bounded-'))
    return {dir, file: join(dir, 'file.bin')}
  }
  const download = async (server: RawServer, file: string, route: Route, timeout: string) =>
    timed(runCli(['api', 'GET', '/file', '--download', file, '--timeout', timeout, '--retries', '0', '--host', server.url, '--token', TOKEN], {env: await routeEnv(route)}))

  for (const route of ROUTES) {
    it.concurrent(`that stalls after one byte ends with exit 8 and leaves no file, no .part (${route})`, async () => {
      const server = await serve(socket => socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\nx'))
      const {dir, file} = target()
      const result = await download(server, file, route, '1')
      oneLineError(result, 8, /^Error: download of \S+file\.bin stalled: no data for 1 s after 1 B of 100 B; the server may be stalled or --timeout too short; nothing was written under that name\n$/)
      expect(readdirSync(dir)).toEqual([])
    })

    it.concurrent(`that stalls after a few packets ends the same way (${route})`, async () => {
      const server = await serve(socket => writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\n', 'ab', 'cd', 'ef'], 200))
      const {dir, file} = target()
      const result = await download(server, file, route, '1')
      oneLineError(result, 8, /^Error: download of \S+file\.bin stalled: no data for 1 s after 6 B of 100 B;/)
      expect(readdirSync(dir)).toEqual([])
    })

    it.concurrent(`that keeps coming, slowly, may take longer than --timeout in all (${route})`, async () => {
      // a piece a second against an idle limit of 5 s: a test process held up for seconds still sends in time
      const pieces = ['sl', 'ow', ' b', 'ut', ' s', 'te', 'ady']
      const server = await serve(async socket => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: ${pieces.join('').length}\r\n\r\n`)
        for (const piece of pieces) {
          await new Promise(resolve => setTimeout(resolve, 1000))
          if (!socket.destroyed) socket.write(piece)
        }
      })
      const {file} = target()
      const result = await download(server, file, route, '5')
      expect(result.code, result.stderr).toBe(0)
      expect(readFileSync(file, 'utf8')).toBe('slow but steady')
      expect(result.ms).toBeGreaterThan(5000)
    })
  }

  for (const route of ROUTES) {
    it(`to a reader slower than --timeout is not a stall (${route})`, async () => {
      const size = 4 * MiB
      const server = await serve(socket =>
        socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`), Buffer.alloc(size, 'x')])),
      )
      const env = {...cleanEnv(), ...(await routeEnv(route))}
      // --timeout 4, not 1: on a loaded machine (load 20 on two cores) the proxy in this test process
      // and the child may each wait a second for the CPU, which a 1 s limit took for a stalled server
      const child = spawn(process.execPath, [BIN, 'api', 'GET', '/file', '--download', '-', '--timeout', '4', '--retries', '0', '--host', server.url, '--token', TOKEN], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
      // nobody reads stdout for longer than --timeout: the pipe fills and forgectl waits on it, not on the server
      child.stdout.pause()
      await new Promise(resolve => setTimeout(resolve, 6000))
      let received = 0
      child.stdout.on('data', (d: Buffer) => (received += d.length)).resume()
      const code = await new Promise(resolve => child.on('close', resolve))
      expect(stderr).toBe('')
      expect(code).toBe(0)
      expect(received).toBe(size)
    })
  }

  it('to stdout that stalls ends with exit 8 too', async () => {
    const server = await serve(socket => socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n'))
    const result = await timed(runCli(['api', 'GET', '/file', '--download', '-', '--timeout', '1', '--retries', '0', '--host', server.url, '--token', TOKEN], {env: await routeEnv('direct')}))
    expect(result.stderr).toMatch(/^Error: download to stdout stalled: no data for 1 s after 3 B; the server may be stalled or --timeout too short\n$/)
    expect(result.code).toBe(8)
  })
})

describe('an API answer may take 100 MiB by default', {timeout: 120_000}, () => {
  /** an endless JSON array of hooks, poured as fast as the client reads */
  const endlessList = (head: string, total: number) => async (socket: Socket) => {
    socket.write(head)
    socket.write('[')
    const record = JSON.stringify({id: 1, url: 'https://hooks.example.com/'.padEnd(200, 'x'), push_events: true})
    await pour(socket, Buffer.from(`${record},`.repeat(Math.floor(MiB / (record.length + 1)))), total)
  }

  it('a 2 GiB list stops at the limit: one line, exit 1, not retried, bounded memory', async () => {
    const server = await serve(endlessList(HEAD('Connection: close\r\n'), 2 * 1024 * MiB))
    const result = await runMeasured(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}, heapMiB: 256, capMiB: 512})
    oneLineError(
      result,
      1,
      /^Error: GET http:\/\/127\.0\.0\.1:\d+\/api\/v4\/hooks: the answer is larger than the 100 MiB limit for an API answer; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=200MiB, or with `forgectl config set max-answer-size 200MiB`\n$/,
    )
    expect(server.requests).toHaveLength(1)
    // about 170 MB here: the 100 MiB read, Node and the bundle
    expect(result.overCap).toBe(false)
    expect(result.peakBytes).toBeLessThan(300 * MiB)
  })

  for (const route of ROUTES) {
    it(`a lower limit from FORGECTL_MAX_ANSWER_SIZE stops it sooner, with less memory (${route})`, async () => {
      const server = await serve(endlessList(HEAD('Connection: close\r\n'), 2 * 1024 * MiB))
      const result = await runMeasured(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {
        env: {...(await routeEnv(route)), FORGECTL_MAX_ANSWER_SIZE: '8MiB'},
        heapMiB: 256,
        capMiB: 512,
      })
      oneLineError(result, 1, /: the answer is larger than the 8 MiB limit for an API answer; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=16MiB/)
      expect(server.requests).toHaveLength(1)
      expect(result.overCap).toBe(false)
      expect(result.peakBytes).toBeLessThan(150 * MiB)
    })
  }

  it('a gzip answer that unpacks to 1 GiB (1 MB sent) stops at the limit: exit 1, not retried, bounded memory', async () => {
    // gzip members one after the other are one gzip stream: 64 copies of 16 MiB of spaces, made here
    const spaces = gzipSync(Buffer.alloc(16 * MiB, ' '))
    const bomb = Buffer.concat([gzipSync('['), ...Array.from({length: 64}, () => spaces)])
    expect(bomb.length).toBeLessThan(2 * MiB)
    const server = await serve(socket => socket.end(Buffer.concat([Buffer.from(HEAD(`Content-Encoding: gzip\r\nContent-Length: ${bomb.length}\r\n`)), bomb])))
    const result = await runMeasured(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}, heapMiB: 256, capMiB: 512})
    oneLineError(result, 1, /: the answer is larger than the 100 MiB limit for an API answer; raise it/)
    expect(server.requests).toHaveLength(1)
    expect(result.overCap).toBe(false)
    expect(result.peakBytes).toBeLessThan(300 * MiB)
  })

  for (const coding of ['br', 'deflate'] as const) {
    it(`a ${coding} answer that unpacks past the limit is stopped as it unpacks`, async () => {
      const spaces = Buffer.alloc(64 * MiB, ' ')
      const body = coding === 'br' ? brotliCompressSync(spaces, {params: {[constants.BROTLI_PARAM_QUALITY]: 1}}) : deflateSync(spaces)
      const server = await serve(socket => socket.end(Buffer.concat([Buffer.from(HEAD(`Content-Encoding: ${coding}\r\nContent-Length: ${body.length}\r\n`)), body])))
      const result = await runMeasured(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {
        env: {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_MAX_ANSWER_SIZE: '8MiB'},
        heapMiB: 256,
        capMiB: 512,
      })
      oneLineError(result, 1, /: the answer is larger than the 8 MiB limit for an API answer; raise it/)
      expect(result.overCap).toBe(false)
      expect(result.peakBytes).toBeLessThan(150 * MiB)
    })
  }

  for (const route of ROUTES) {
    it(`an error answer over the limit is still its status: a 404 with 2 GiB after its message exits 3, in bounded memory (${route})`, async () => {
      const server = await serve(async socket => {
        socket.write('HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"message":"404 Project Not Found","padding":"')
        await pour(socket, Buffer.alloc(MiB, ' '), 2 * 1024 * MiB)
      })
      const result = await runMeasured(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {
        env: {...(await routeEnv(route)), FORGECTL_MAX_ANSWER_SIZE: '8MiB'},
        heapMiB: 256,
        capMiB: 512,
      })
      oneLineError(result, 3, /^Error: 404 Not Found: \{"message":"404 Project Not Found","padding":" *\(GET \/api\/v4\/hooks\)\n$/)
      expect(server.requests).toHaveLength(1)
      expect(result.overCap).toBe(false)
      expect(result.peakBytes).toBeLessThan(150 * MiB)
    })
  }

  it('a 503 whose Content-Length passes the limit is retried as a 503, and a download refused with one keeps its status', async () => {
    const body = `{"message":"${'busy '.repeat(400_000)}"}`
    const server = await serve(socket => socket.end(`HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`))
    const env = {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_MAX_ANSWER_SIZE: '1MiB'}
    const listed = await runCli(['hooks', 'list', '--retries', '1', '--host', server.url, '--token', TOKEN], {env})
    oneLineError(listed, 1, /^Error: 503 Service Unavailable: \{"message":"busy busy .* \(GET \/api\/v4\/hooks\)\n$/)
    expect(server.requests).toHaveLength(2)
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-error-'))
    const saved = await runCli(['api', 'GET', '/file', '--download', join(folder, 'f'), '--retries', '0', '--host', server.url, '--token', TOKEN], {env})
    oneLineError(saved, 1, /^Error: 503 Service Unavailable: \{"message":"busy busy .* \(GET \/api\/v4\/file\)\n$/)
    expect(readdirSync(folder)).toEqual([])
  })

  it("a gzip answer with garbage after it is said in words, not as zlib's", async () => {
    const body = Buffer.concat([gzipSync('[{"id":1}]'), Buffer.from('GARBAGE')])
    const server = await serve(socket => socket.end(Buffer.concat([Buffer.from(HEAD(`Content-Encoding: gzip\r\nContent-Length: ${body.length}\r\n`)), body])))
    const result = await runCli(['hooks', 'list', '--retries', '0', '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    oneLineError(result, 1, /: the answer does not unpack as its Content-Encoding says \(incorrect header check\)\n$/)
  })

  it('an empty answer that names an encoding is empty, not broken', async () => {
    const server = await serve(socket => socket.end('HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 0\r\n\r\n'))
    const result = await runCli(['api', 'DELETE', '/hooks/1', '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(result.code, result.stderr).toBe(0)
  })

  it('a Content-Length over the limit is refused before the body is read', async () => {
    // the head promises 2 GiB and nothing follows: only the head can have ended it
    const server = await serve(socket => socket.write(HEAD(`Content-Length: ${2 * 1024 * MiB}\r\n`)))
    const result = await timed(runCli(['hooks', 'list', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}}))
    oneLineError(
      result,
      1,
      /: the answer is 2\.1 GB \(its Content-Length\), over the 100 MiB limit for an API answer; 500 MiB is the most forgectl reads into memory: `forgectl api GET PATH --download FILE` saves an answer of any size\n$/,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('an answer under a lowered limit, compressed or not, is read as usual', async () => {
    const hooks = Array.from({length: 2000}, (_, i) => ({id: i + 1, url: `https://hooks.example.com/${i}`.padEnd(300, 'x')}))
    const json = JSON.stringify(hooks)
    expect(json.length).toBeGreaterThan(0.5 * MiB)
    expect(json.length).toBeLessThan(1 * MiB)
    for (const gzip of [false, true]) {
      const body = gzip ? gzipSync(json) : Buffer.from(json)
      const server = await serve(socket => socket.end(Buffer.concat([Buffer.from(HEAD(`Content-Length: ${body.length}\r\n${gzip ? 'Content-Encoding: gzip\r\n' : ''}`)), body])))
      const result = await runCli(['hooks', 'list', '--json', '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_MAX_ANSWER_SIZE: '1MiB'}})
      expect(result.code, result.stderr).toBe(0)
      expect(result.json<unknown[]>()).toHaveLength(2000)
    }
  })
})

describe("an answer's head is bounded too, and said in the same words on every path", () => {
  /** a header line without end, 64 KiB at a time */
  const endlessHeader = async (socket: Socket) => {
    socket.write('HTTP/1.1 200 OK\r\nX-Padding: ')
    await pour(socket, Buffer.alloc(64 * 1024, 'a'), 64 * MiB)
  }

  for (const route of ROUTES) {
    it(`an API answer whose head never ends (${route}): one line, exit 1, at once`, async () => {
      const server = await serve(endlessHeader)
      const result = await timed(runCli(['hooks', 'list', '--retries', '0', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: await routeEnv(route)}))
      oneLineError(result, 1, /^Error: GET http:\/\/127\.0\.0\.1:\d+\/api\/v4\/hooks: the answer's head is longer than 16 KiB\n$/)
    })
  }

  it("a download's: the same words with its own parser's limit", async () => {
    const server = await serve(endlessHeader)
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-head-'))
    const result = await timed(
      runCli(['api', 'GET', '/file', '--download', join(folder, 'f'), '--retries', '0', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: await routeEnv('direct')}),
    )
    oneLineError(result, 1, /: the answer's head is longer than 64 KiB\n$/)
    expect(readdirSync(folder)).toEqual([])
  })

  it('a body that is not HTTP either: a chunk extension without end is named, not "the connection closed"', async () => {
    const server = await serve(async socket => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1;')
      await pour(socket, Buffer.alloc(64 * 1024, 'a'), 64 * MiB)
    })
    const result = await timed(runCli(['hooks', 'list', '--retries', '0', ...NO_TIMEOUT, '--host', server.url, '--token', TOKEN], {env: await routeEnv('direct')}))
    oneLineError(result, 1, /: the answer is not HTTP as it should be \(chunk extensions overflow\)\n$/)
  })

  it('a head that is not HTTP is said in words, not as the parser\'s "Parse Error"', async () => {
    const server = await serve(socket => socket.end('HTTP/1.1 200 OK\r\nnot a header\r\nContent-Length: 2\r\n\r\n[]'))
    const result = await runCli(['hooks', 'list', '--retries', '0', '--host', server.url, '--token', TOKEN], {env: await routeEnv('direct')})
    oneLineError(result, 1, /: the answer is not HTTP as it should be \(invalid header token\)\n$/)
  })
})

describe('the limit is set like the other connection settings', () => {
  it('an unreadable or out-of-range FORGECTL_MAX_ANSWER_SIZE is a usage error before any request', async () => {
    const server = await serve(socket => socket.destroy())
    for (const value of ['lots', '10GiB', '512k']) {
      const result = await runCli(['hooks', 'list', '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_MAX_ANSWER_SIZE: value}})
      expect(result.stderr).toBe(`Error: FORGECTL_MAX_ANSWER_SIZE "${value}": must be a size from 1 MiB to 500 MiB (a number of bytes, or with a unit: 64MiB, 200MB)\n`)
      expect(result.code).toBe(2)
    }
    expect(server.requests).toHaveLength(0)
  })

  it('config set max-answer-size stores bytes, and the profile applies it', async () => {
    const config = freshConfigDir()
    const refused = await runCli(['config', 'set', 'max-answer-size', '1GiB'], {env: {FORGECTL_CONFIG_DIR: config}})
    expect(refused.stderr).toMatch(/^Error: max-answer-size "1GiB": must be a size from 1 MiB to 500 MiB/)
    expect(refused.code).toBe(2)
    const set = await runCli(['config', 'set', 'max-answer-size', '2MiB'], {env: {FORGECTL_CONFIG_DIR: config}})
    expect(set.code, set.stderr).toBe(0)
    expect((await runCli(['config', 'get', 'max-answer-size'], {env: {FORGECTL_CONFIG_DIR: config}})).stdout.trim()).toBe(String(2 * MiB))
    const server = await serve(endlessList3MiB)
    const result = await runCli(['hooks', 'list', '--host', server.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: config}})
    oneLineError(result, 1, /larger than the 2 MiB limit for an API answer; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=4MiB/)
  })
})

/** 3 MiB of a JSON array, then the end of it */
async function endlessList3MiB(socket: Socket): Promise<void> {
  socket.write(HEAD('Connection: close\r\n') + '[')
  await pour(socket, Buffer.alloc(MiB, ' '), 3 * MiB)
  socket.end(']')
}
