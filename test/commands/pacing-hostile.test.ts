// Issue 29, point 1, against a hostile server: whatever the rate-limit headers say, a run keeps the
// user's promise (--timeout per attempt × attempts, waits included), and nonsense changes nothing.
import {mkdtempSync, writeFileSync} from 'node:fs'
import type {ServerResponse} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const dir = mkdtempSync(join(tmpdir(), 'forgectl-hostile-pacing-'))

function labelsFile(count: number): string {
  const file = join(dir, `labels-${count}.csv`)
  writeFileSync(file, `name,color\n${Array.from({length: count}, (_, i) => `l${i},red`).join('\n')}\n`)
  return file
}

function created(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(201, {'content-type': 'application/json', ...headers})
  res.end(JSON.stringify({id: 1, name: 'l', color: 'red'}))
}

interface Row {
  item: string
  status: string
  error?: string
}

describe('a hostile server against the pacing', () => {
  let server: HostileServer
  beforeAll(async () => {
    server = await startHostileServer()
  })
  afterAll(async () => {
    await server.close()
  })
  const createLabels = (count: number, extra: string[]) =>
    runCli(['labels', 'create', '--from-file', labelsFile(count), '-p', '7', '--json', '--host', server.url, '--token', 'glpat-hostilepacing0001', ...extra], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })

  it('a budget used up until a reset an hour away: the run ends within --timeout × attempts, exit 7, nothing more sent', async () => {
    server.requests.length = 0
    server.answer((_req, res) => created(res, {'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3500)}))
    // a run that waited for the reset would outlast the test: its ending with exit 7 and the words of the time allowed is the promise kept
    const result = await createLabels(3, ['--timeout', '2', '--retries', '1', '--concurrency', '1'])
    expect(result.code, result.stderr).toBe(7)
    expect(server.requests.length).toBe(1)
    const rows = JSON.parse(result.stdout) as Row[]
    // the first refused stops the run (a storm without end): the next is not attempted
    expect(rows.map(r => r.status)).toEqual(['created', 'failed', 'not done'])
    expect(rows[2]!.error).toMatch(/^not attempted: the server's rate limit still refused after the time allowed \(POST /)
    expect(rows[1]!.error).toMatch(
      /^POST \/api\/v4\/projects\/7\/labels not sent: the server's rate limit asks to wait 5\dm \d+s, more than the \d+ s left of the time allowed \(--timeout 2 s × 2 attempts\)$/,
    )
  })
  it('a 429 storm with Retry-After: 0 (a proxy): the retries back off rather than go at once, and the run ends with exit 7', async () => {
    server.requests.length = 0
    const arrivals: number[] = []
    server.answer((_req, res) => {
      arrivals.push(performance.now())
      res.writeHead(429, {'content-type': 'application/json', 'retry-after': '0'})
      res.end(JSON.stringify({message: '429 Too Many Requests'}))
    })
    const result = await runCli(['labels', 'create', 'storm', '--color', 'red', '-p', '7', '--host', server.url, '--token', 'glpat-hostilepacing0001', '--retries', '2'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_RETRY_BASE_MS: '400'},
    })
    expect(result.code, result.stderr).toBe(7)
    expect(arrivals).toHaveLength(3)
    // full jitter over half to all of 400·2^n ms: at least 200 ms, then 400 ms
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(190)
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(390)
  })
  it('a 429 storm without end: the first item refused for all its attempts stops the run, the rest are not attempted, exit 7', async () => {
    server.requests.length = 0
    server.answer((_req, res) => {
      res.writeHead(429, {'content-type': 'application/json', 'retry-after': '1'})
      res.end(JSON.stringify({message: '429 Too Many Requests'}))
    })
    const result = await createLabels(10, ['--retries', '1', '--concurrency', '2'])
    expect(result.code, result.stderr).toBe(7)
    // two items under way at once, each with its two attempts, and no more
    expect(server.requests.length).toBeLessThanOrEqual(4)
    const rows = JSON.parse(result.stdout) as Row[]
    expect(rows.filter(r => r.status === 'failed').length).toBeLessThanOrEqual(2)
    expect(rows.filter(r => r.status === 'not done').length).toBeGreaterThanOrEqual(8)
    expect(result.stderr).toMatch(/^Error: [12] of 10 failed, \d+ not attempted: the server's rate limit still refused after the time allowed, and nothing more was sent$/m)
  })
  // a server whose clock is ten minutes ahead of ours: its absolute times are read against its own
  // `Date` (RFC 9110 6.6.1: the origin's clock when it made the answer), not ours
  const AHEAD_MS = 10 * 60_000
  const serverDate = () => new Date(Date.now() + AHEAD_MS).toUTCString()
  it('a server ten minutes ahead, its budget used up until a reset 2 s away on its clock (RateLimit-Reset): the run waits those seconds, not ten minutes', async () => {
    server.requests.length = 0
    let answered = 0
    server.answer((_req, res) => {
      const serverNow = Date.now() + AHEAD_MS
      // the first answer spends the window; the next ones leave plenty
      const remaining = answered++ === 0 ? '0' : '500'
      created(res, {date: serverDate(), 'ratelimit-limit': '600', 'ratelimit-remaining': remaining, 'ratelimit-reset': String(Math.ceil(serverNow / 1000) + 2)})
    })
    const result = await createLabels(3, ['--timeout', '20', '--retries', '0', '--concurrency', '1'])
    expect(result.code, result.stderr).toBe(0)
    expect((JSON.parse(result.stdout) as Row[]).map(r => r.status)).toEqual(['created', 'created', 'created'])
    expect(server.requests.length).toBe(3)
  }, 60_000)
  it('a server ten minutes ahead, a 429 with Retry-After as a date 2 s away on its clock: the run comes back then, not ten minutes later', async () => {
    server.requests.length = 0
    let answered = 0
    server.answer((_req, res) => {
      if (answered++ > 0) return created(res, {date: serverDate()})
      res.writeHead(429, {'content-type': 'application/json', date: serverDate(), 'retry-after': new Date(Date.now() + AHEAD_MS + 2000).toUTCString()})
      res.end('{"message":"Retry later"}')
    })
    const result = await createLabels(2, ['--timeout', '20', '--retries', '2', '--concurrency', '1'])
    expect(result.code, result.stderr).toBe(0)
    expect((JSON.parse(result.stdout) as Row[]).map(r => r.status)).toEqual(['created', 'created'])
  }, 60_000)
})
