// Issue 29, point 2: in a fan-out, the first 401 stops every further request. Nothing more is sent with
// a token the server rejects (thirty failed authentications in three minutes get an address banned);
// the items not attempted are reported as such, and the report says why.
import {mkdtempSync, writeFileSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const dir = mkdtempSync(join(tmpdir(), 'forgectl-401-'))
const sb = useSandbox()

function labelsFile(count: number): string {
  const file = join(dir, `labels-${count}.csv`)
  writeFileSync(file, `name,color\n${Array.from({length: count}, (_, i) => `l${i},red`).join('\n')}\n`)
  return file
}

interface Row {
  item: string
  status: string
  outcome: string
  error?: string
}

/**
 * A server that accepts `accepted` requests, then answers 401 to everything, noting when it first did.
 * No 401 goes out before `inFlight` requests wait for one, every place of the fan-out taken: whatever
 * the client sends on the accepted answers has then arrived, however slow the machine (issue 36: an
 * ordering, not a delay), and any request that arrives after the first 401 was sent because of it,
 * which is what must not happen.
 */
function rejectingAfter(accepted: number, delayMs: number, inFlight: number) {
  let seen = 0
  const log = {firstRejection: Number.POSITIVE_INFINITY, arrivals: [] as number[]}
  let open!: () => void
  const full = new Promise<void>(resolve => (open = resolve))
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    log.arrivals.push(performance.now())
    const n = seen++
    if (n < accepted) {
      await new Promise(resolve => setTimeout(resolve, delayMs))
      res.writeHead(201, {'content-type': 'application/json'})
      res.end(JSON.stringify({id: n + 1, name: `l${n}`, color: 'red'}))
      return
    }
    if (seen >= accepted + inFlight) open()
    await full
    log.firstRejection = Math.min(log.firstRejection, performance.now())
    res.writeHead(401, {'content-type': 'application/json'})
    res.end(JSON.stringify({message: '401 Unauthorized'}))
    req.resume()
  }
  return {log, answer}
}

describe('the first 401 of a fan-out', () => {
  let server: HostileServer
  beforeAll(async () => {
    server = await startHostileServer()
  })
  afterAll(async () => {
    await server.close()
  })

  it('bulk create: nothing is sent after the 401, the rest is reported not attempted, exit 4', async () => {
    const {log, answer} = rejectingAfter(5, 30, 4)
    server.answer(answer)
    const result = await runCli(['labels', 'create', '--from-file', labelsFile(40), '-p', '7', '--concurrency', '4', '--json', '--host', server.url, '--token', 'dead-token'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(result.code).toBe(4)
    expect(log.arrivals.filter(t => t > log.firstRejection)).toEqual([])
    // the five accepted, and the four in flight when the 401 came
    expect(log.arrivals.length).toBe(5 + 4)
    const rows = JSON.parse(result.stdout) as Row[]
    expect(rows).toHaveLength(40)
    expect(rows.filter(r => r.status === 'created')).toHaveLength(5)
    const failed = rows.filter(r => r.status === 'failed')
    expect(failed.length).toBe(log.arrivals.length - 5)
    for (const row of failed) expect(row.error).toMatch(/^401 Unauthorized/)
    const unsent = rows.filter(r => r.status === 'not done')
    expect(unsent).toHaveLength(40 - log.arrivals.length)
    for (const row of unsent) expect(row.error).toMatch(/^not attempted: the server rejected the token \(401 Unauthorized/)
    expect(result.stderr).toMatch(/failed, \d+ not attempted: the server rejected the token, and nothing more was sent with it/)
    // the report's shared words, per row and in one line of counts
    expect(rows.map(r => r.outcome)).toEqual(rows.map(r => (r.status === 'created' ? 'done' : r.status === 'failed' ? 'failed' : 'not attempted')))
    expect(result.stderr).toContain(`40 targets: 5 done, ${failed.length} failed, ${unsent.length} not attempted.\n`)
    expect(result.stderr).not.toContain('dead-token')
  })

  it('--all: a retry waiting its turn is not sent after another page got 401', async () => {
    let firstRejection = Number.POSITIVE_INFINITY
    const arrivals: Array<{page: string; at: number}> = []
    server.answer((req, res) => {
      const page = new URL(req.url ?? '/', 'http://h').searchParams.get('page') ?? '1'
      arrivals.push({page, at: performance.now()})
      const headers = {'content-type': 'application/json', 'x-total-pages': '12'}
      if (page === '1') {
        res.writeHead(200, headers)
        res.end(JSON.stringify([{id: 1, name: 'first'}]))
      } else if (page === '3') {
        // the other pages are on their way to a retry when this one is rejected
        setTimeout(() => {
          firstRejection = Math.min(firstRejection, performance.now())
          res.writeHead(401, headers)
          res.end(JSON.stringify({message: '401 Unauthorized'}))
        }, 50)
      } else {
        res.writeHead(503, {...headers, 'retry-after': '1'})
        res.end(JSON.stringify({message: '503 Service Unavailable'}))
      }
    })
    const result = await runCli(['labels', 'list', '-p', '7', '--all', '--concurrency', '4', '--json', '--host', server.url, '--token', 'dead-token'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/^Error: 401 Unauthorized/)
    expect(arrivals.filter(a => a.at > firstRejection)).toEqual([])
    expect(arrivals.length).toBeLessThanOrEqual(1 + 4)
  })

  // A failure that ends the list ends it at once: the page before it, waiting out a Retry-After the
  // run allows (--timeout 3600), is called off with its wait. The 600 s are ten times this test's
  // timeout: the run finishing at all proves the wait was cut, with no clock in the assertions. A 401
  // also closes the run's gate (run-gate.ts); a 403 ends the list by pagination.ts alone.
  it.each([
    {status: 401, message: '401 Unauthorized', code: 4},
    {status: 403, message: '403 Forbidden', code: 5},
  ])('--all: a $status ends the list though an earlier page waits out Retry-After: 600', async ({status, message, code}) => {
    let limited!: () => void
    const pageTwoLimited = new Promise<void>(resolve => (limited = resolve))
    server.answer(async (req, res) => {
      const page = new URL(req.url ?? '/', 'http://h').searchParams.get('page') ?? '1'
      const headers = {'content-type': 'application/json', 'x-total-pages': '3'}
      if (page === '1') {
        res.writeHead(200, headers)
        res.end(JSON.stringify([{id: 1, name: 'first'}]))
      } else if (page === '2') {
        res.writeHead(429, {...headers, 'retry-after': '600'})
        res.end(JSON.stringify({message: '429 Too Many Requests'}))
        limited()
      } else {
        // the failure only once page 2 has been told to wait: an ordering, not a delay
        await pageTwoLimited
        res.writeHead(status, headers)
        res.end(JSON.stringify({message}))
      }
    })
    const before = server.requests.length
    const result = await runCli(['labels', 'list', '-p', '7', '--all', '--concurrency', '4', '--timeout', '3600', '--json', '--host', server.url, '--token', 'dead-token'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(result.code).toBe(code)
    // the wait was announced, then cut by the failure, which is the error the run ends with
    expect(result.stderr).toMatch(new RegExp(`^retrying in 10m: 429 Too Many Requests .*\\nError: ${message} \\(GET /api/v4/projects/7/labels\\)$`, 'm'))
    // page 2 was never asked again
    expect(server.requests.slice(before).map(r => new URL(r.url, 'http://h').searchParams.get('page') ?? '1')).toEqual(['1', '2', '3'])
  })

  // The same in a fan-out: after the 401 the item waiting out its Retry-After would not be sent again
  // (run-gate.ts), so its wait is cut and the report goes out; finishing at all proves it (600 s).
  it("bulk create: a 401 cuts another item's Retry-After: 600 wait, reported not attempted, exit 4", async () => {
    let seen = 0
    let limited!: () => void
    const firstLimited = new Promise<void>(resolve => (limited = resolve))
    server.answer(async (_req, res) => {
      if (seen++ === 0) {
        res.writeHead(429, {'content-type': 'application/json', 'retry-after': '600'})
        res.end(JSON.stringify({message: '429 Too Many Requests'}))
        limited()
        return
      }
      await firstLimited
      res.writeHead(401, {'content-type': 'application/json'})
      res.end(JSON.stringify({message: '401 Unauthorized'}))
    })
    const before = server.requests.length
    const result = await runCli(['labels', 'create', '--from-file', labelsFile(2), '-p', '7', '--concurrency', '2', '--timeout', '3600', '--json', '--host', server.url, '--token', 'dead-token'], {
      env: {FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(result.code).toBe(4)
    expect(server.requests.length - before).toBe(2)
    const rows = JSON.parse(result.stdout) as Row[]
    expect(rows.map(r => r.outcome).sort()).toEqual(['failed', 'not attempted'])
    expect(rows.find(r => r.outcome === 'not attempted')?.error).toMatch(/^not attempted: the server rejected the token \(401 Unauthorized/)
  })
})

describe('a token revoked in the middle of a bulk create (sandbox)', () => {
  it('no request after the 401; the labels not attempted do not exist', async () => {
    const user = sb.sandbox.store.tokens.get(TOKENS.developer)!
    const before = sb.sandbox.requests.length
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/20/labels$', kind: 'revoke', skip: 6, times: 1})
    try {
      const result = await sb.run(['labels', 'create', '--from-file', labelsFile(30), '-p', '20', '--concurrency', '3', '--json'])
      expect(result.code).toBe(4)
      // the seventh request is the first one the revoked token gets 401 for; after it, only the two
      // others already in flight (three at a time) may still have been on their way
      const sent = sb.sandbox.requests.slice(before)
      expect(sent.length).toBeGreaterThanOrEqual(7)
      expect(sent.length).toBeLessThanOrEqual(7 + 2)
      const rows = result.json<Row[]>()
      expect(rows.filter(r => r.status === 'created')).toHaveLength(6)
      expect(rows.filter(r => r.status === 'not done').length).toBeGreaterThanOrEqual(30 - 6 - 3)
      const labels = (await sb.api<Array<{name: string}>>('GET', '/projects/20/labels?per_page=100', {as: 'admin'})).body.map(l => l.name)
      for (const row of rows) expect(labels.includes(row.item), row.item).toBe(row.status === 'created')
    } finally {
      sb.sandbox.store.tokens.set(TOKENS.developer, user)
      sb.sandbox.faults.splice(0)
    }
  })
})
