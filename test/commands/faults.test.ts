// Faults injected by the sandbox: the CLI recovers from transient ones, reports persistent ones in
// one line with the right exit code, never repeats a POST that may have reached the server, and
// never leaves a partial download under the final name.
import {mkdtempSync, readdirSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import type {FaultRule} from '../../src/sandbox/server.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedLabels: 30})

afterEach(() => {
  sb.sandbox.faults.splice(0)
})

function inject(...rules: FaultRule[]) {
  sb.sandbox.faults.push(...rules)
}

/** requests that reached the sandbox for a method and path during `action` */
async function attempts(method: string, path: RegExp, action: () => Promise<unknown>): Promise<number> {
  const before = sb.sandbox.requests.length
  await action()
  return sb.sandbox.requests.slice(before).filter(r => r.method === method && path.test(r.path)).length
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/)

describe('transient faults are retried', () => {
  it('GET succeeds after two 503s', async () => {
    inject({path: '^/projects/20/labels$', kind: 'status', status: 503, times: 2})
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const n = await attempts('GET', /^\/projects\/20\/labels$/, async () => {
      result = await sb.run(['labels', 'list', '-p', '20', '--json'])
    })
    expect(result!.code).toBe(0)
    expect(result!.json<unknown[]>()).toHaveLength(3)
    expect(n).toBe(3)
  })

  it('honours Retry-After on 429', async () => {
    inject({path: '^/projects/20/labels/bug$', kind: 'status', status: 429, retryAfter: 1, times: 1})
    const started = Date.now()
    const result = await sb.run(['labels', 'get', 'bug', '-p', '20', '--verbose'])
    expect(result.code).toBe(0)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(result.stderr).toContain('retrying in 1 s: 429 Too Many Requests (attempt 2 of 4)')
  })

  it('GET survives a dropped connection, a body cut short and malformed JSON', async () => {
    for (const kind of ['drop', 'truncate', 'malformed'] as const) {
      inject({path: '^/projects/20/labels/feature$', kind, times: 1})
      const result = await sb.run(['labels', 'get', 'feature', '-p', '20', '--json'])
      expect(result.code, kind).toBe(0)
      expect(result.json<{name: string}>().name).toBe('feature')
    }
  })

  it('a POST answered 429 is retried: the server refused it before acting', async () => {
    inject({method: 'POST', path: '^/projects/20/labels$', kind: 'status', status: 429, retryAfter: 0, times: 1})
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const n = await attempts('POST', /^\/projects\/20\/labels$/, async () => {
      result = await sb.run(['labels', 'create', 'after-429', '--color', 'red', '-p', '20', '--json'])
    })
    expect(result!.code).toBe(0)
    expect(n).toBe(2)
  })
})

describe('persistent faults fail clearly', () => {
  it('a persistent 503 fails after the retries with the status in one line (exit 1)', async () => {
    inject({path: '^/projects/20/labels$', kind: 'status', status: 503})
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const n = await attempts('GET', /^\/projects\/20\/labels$/, async () => {
      result = await sb.run(['labels', 'list', '-p', '20', '--retries', '2'])
    })
    expect(n).toBe(3)
    expect(result!.code).toBe(1)
    expect(result!.stderr).toBe('Error: 503 Service Unavailable (GET /api/v4/projects/20/labels)\n')
    expect(result!.stdout).toBe('')
  })

  it('a persistent 429 ends with exit 7', async () => {
    inject({path: '^/projects/20/labels$', kind: 'status', status: 429, retryAfter: 0})
    const result = await sb.run(['labels', 'list', '-p', '20', '--retries', '1'])
    expect(result.code).toBe(7)
    expect(result.stderr).toMatch(/^Error: 429 Too Many Requests/)
  })

  it('no answer in time ends with exit 8', async () => {
    inject({path: '^/projects/20/labels$', kind: 'latency', latencyMs: 3000, times: 1})
    const result = await sb.run(['labels', 'list', '-p', '20', '--timeout', '1', '--retries', '0'])
    expect(result.code).toBe(8)
    expect(result.stderr).toMatch(/: no answer after 1(\.\d)? s in all \(1 attempt of 1 s\); the server may be down or --timeout too short\n$/)
    noStackTrace(result.stderr)
  })

  it('persistent malformed JSON and cut bodies are reported, not printed', async () => {
    inject({path: '^/projects/20/labels/bug$', kind: 'malformed'})
    const malformed = await sb.run(['labels', 'get', 'bug', '-p', '20', '--retries', '1'])
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toContain('the server sent malformed JSON')
    expect(malformed.stdout).toBe('')
    sb.sandbox.faults.splice(0)
    inject({path: '^/projects/20/labels/bug$', kind: 'truncate'})
    const cut = await sb.run(['labels', 'get', 'bug', '-p', '20', '--retries', '1'])
    expect(cut.code).toBe(1)
    expect(cut.stderr).toContain('the connection closed before the answer was complete')
    noStackTrace(malformed.stderr + cut.stderr)
  })
})

describe('non-idempotent requests are never repeated once they may have reached the server', () => {
  it('a POST whose connection drops after the server acted is not sent again', async () => {
    inject({method: 'POST', path: '^/projects/20/labels$', kind: 'drop', phase: 'after', times: 1})
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const n = await attempts('POST', /^\/projects\/20\/labels$/, async () => {
      result = await sb.run(['labels', 'create', 'maybe-created', '--color', 'red', '-p', '20'])
    })
    expect(n).toBe(1)
    expect(result!.code).toBe(1)
    expect(result!.stderr).toMatch(/^Error: POST .*labels: /)
    noStackTrace(result!.stderr)
    // it did take effect, exactly once
    const labels = (await sb.api<Array<{name: string}>>('GET', '/projects/20/labels?search=maybe-created')).body
    expect(labels).toHaveLength(1)
  })

  it('a POST answered 503 is not sent again', async () => {
    inject({method: 'POST', path: '^/projects/20/labels$', kind: 'status', status: 503})
    const n = await attempts('POST', /^\/projects\/20\/labels$/, async () => {
      const result = await sb.run(['labels', 'create', 'not-again', '--color', 'red', '-p', '20'])
      expect(result.code).toBe(1)
    })
    expect(n).toBe(1)
  })
})

describe('downloads', () => {
  it('a download cut short leaves nothing under the final name and no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-faults-'))
    inject({path: '^/sandbox/blobs/', kind: 'truncate'})
    const result = await sb.run(['api', 'GET', '/sandbox/blobs/500000', '--download', join(dir, 'blob.bin'), '--retries', '1'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: /)
    expect(readdirSync(dir)).toEqual([])
    noStackTrace(result.stderr)
  })

  it('a complete download arrives whole, named by the server when the target is a folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-faults-'))
    const result = await sb.run(['api', 'GET', '/sandbox/blobs/3000000', '--download', dir + '/'])
    expect(result.code).toBe(0)
    expect(readdirSync(dir)).toEqual(['blob-3000000.bin'])
    expect(statSync(join(dir, 'blob-3000000.bin')).size).toBe(3_000_000)
  })
})

describe('--all over many pages', () => {
  it('fetches the pages after the first concurrently, bounded, in the server order', async () => {
    sb.sandbox.maxInFlight = 0
    inject({path: '^/projects/21/labels$', kind: 'latency', latencyMs: 100})
    const from = sb.sandbox.requests.length
    const result = await sb.run(['labels', 'list', '-p', '21', '--all', '--per-page', '2', '--concurrency', '4', '--json'])
    const names = result.json<Array<{name: string}>>().map(l => l.name)
    expect(names).toHaveLength(31)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(sb.sandbox.maxInFlight).toBe(4)
    // the sandbox's log times each request (the benchmark's paging figure): the 100 ms fault is in each
    const spans = sb.sandbox.requests.slice(from).map(r => (r.answeredAt ?? 0) - r.receivedAt)
    expect(spans).toHaveLength(16)
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(95)
  })

  it('follows X-Next-Page one by one when the server omits the totals', async () => {
    const limit = sb.sandbox.store.options.totalsLimit
    sb.sandbox.store.options.totalsLimit = 10
    sb.sandbox.maxInFlight = 0
    try {
      const result = await sb.run(['labels', 'list', '-p', '21', '--all', '--per-page', '5', '--json'])
      expect(result.json<unknown[]>()).toHaveLength(31)
      expect(sb.sandbox.maxInFlight).toBe(1)
    } finally {
      sb.sandbox.store.options.totalsLimit = limit
    }
  })
})
