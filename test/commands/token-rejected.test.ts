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
