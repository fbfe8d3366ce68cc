// Loops the server steers must end: pages that point back at themselves, a page count no answer bears
// out, and waits the server asks for that are longer than the user allowed (issue 24, points 3 and 4).
// Each case runs bin/run.js as a child with a deadline of its own, so that a loop that never ends fails
// the test instead of holding the suite, and asserts the exit code, one line on stderr and, for pages,
// how many requests the server saw. No clock bound from above (issue 36: a 2-core machine busy with
// other work): what could end a run other than the limit under test is made far longer than the test
// (--timeout 3600, answers that never come, a list without end), so the line and exit code say which
// limit ended it, and a run that would wait or loop is killed at the deadline and fails.
import {spawn} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {BIN, cleanEnv, freshConfigDir} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const TOKEN = 'glpat-bounded-loops-0123456789'
const LABELS = '/api/v4/projects/20/labels'
/** a run still going by then is killed, and fails its test: a safety net, never a measure */
const DEADLINE_MS = 45_000
/** where the clock is not what is tested: no request gives up on its own while the test lasts */
const NO_TIMEOUT = ['--timeout', '3600']

let server: HostileServer
/** another origin: a Link that names it must not bring it a request, let alone the token */
let elsewhere: HostileServer

beforeAll(async () => {
  server = await startHostileServer()
  elsewhere = await startHostileServer(answers.json(200, []))
  return async () => void (await Promise.all([server.close(), elsewhere.close()]))
})
beforeEach(() => {
  for (const each of [server, elsewhere]) each.requests.splice(0)
})

interface Bounded {
  code: number | null
  stdout: string
  stderr: string
  ms: number
  /** the run was still going at the deadline and was killed */
  killed: boolean
}

/** bin/run.js as a child process, killed at `deadlineMs` if still running */
function forgectl(args: string[], deadlineMs: number, env: Record<string, string> = {}): Promise<Bounded> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {...cleanEnv(), FORGECTL_RETRY_BASE_MS: '20', FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: freshConfigDir(), ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let killed = false
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => {
      killed = true
      child.kill('SIGKILL')
    }, deadlineMs)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({code, stdout, stderr, ms: Date.now() - started, killed})
    })
  })
}

/** the one line on stderr */
function oneLine(result: Bounded): string {
  expect(result.killed, `still running after ${result.ms} ms; stderr: ${result.stderr.slice(0, 500)}`).toBe(false)
  const lines = result.stderr.split('\n').filter(Boolean)
  expect(lines, result.stderr.slice(0, 2000)).toHaveLength(1)
  expect(result.stderr).not.toContain(TOKEN)
  return lines[0]!
}

/** a page's query, as the server reads it */
function query(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://x').searchParams
}

function page(res: ServerResponse, items: unknown[], headers: Record<string, string> = {}): void {
  res.writeHead(200, {'content-type': 'application/json', ...headers})
  res.end(JSON.stringify(items))
}

const label = (id: number) => ({id, name: `label-${id}`, color: '#ff0000'})
const labelRequests = () => server.requests.filter(r => r.url.startsWith(LABELS)).length

describe('--all ends, whatever the pages say', () => {
  it('X-Next-Page that always says 2: page 2 is read once, then one line and exit 1', async () => {
    server.answer((req, res) => page(res, [label(Number(query(req).get('page') ?? 1))], {'x-next-page': '2'}))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(1)
    expect(line).toMatch(/^Error: the server named a page already read as the next one \(page=2&per_page=100\); stopped after 2 pages \(GET \/api\/v4\/projects\/20\/labels\)$/)
    expect(labelRequests()).toBe(2)
    // what was read is on stdout as a whole JSON document, each record once
    expect(JSON.parse(result.stdout)).toEqual([label(1), label(2)])
  })

  it('a Link rel="next" that points at the page just read is not followed', async () => {
    let n = 0
    server.answer((req, res) => page(res, [label(++n)], {link: `<${server.url}${req.url}>; rel="next"`}))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(1)
    expect(line).toMatch(/^Error: the server named a page already read as the next one \(page=1&per_page=100\); stopped after 1 page \(GET \/api\/v4\/projects\/20\/labels\)$/)
    expect(labelRequests()).toBe(1)
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
  })

  it('the same records again under another page number end the list with one line', async () => {
    // a proxy that drops the query: every page is page 1, and the page count is huge
    server.answer((_req, res) => page(res, [label(1), label(2)], {'x-total-pages': '1000000000'}))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(1)
    expect(line).toBe(`Error: page 2 holds the same records as page 1: the server is not moving on (GET ${LABELS})`)
    expect(labelRequests()).toBeLessThanOrEqual(1 + 32)
    expect(JSON.parse(result.stdout)).toEqual([label(1), label(2)])
  })

  it('X-Total-Pages: 1000000000 with empty pages: the first empty page ends the list, and a few requests were sent, not a billion', async () => {
    server.answer((req, res) => {
      const number = Number(query(req).get('page') ?? 1)
      page(res, number === 1 ? [label(1)] : [], {'x-total-pages': '1000000000', 'x-page': String(number)})
    })
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    expect(result.killed, `still running after ${result.ms} ms`).toBe(false)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
    // the first page, then at most the look-ahead of the concurrent fetch (4 × --concurrency)
    expect(labelRequests()).toBeLessThanOrEqual(1 + 4 * 8)
  })

  it('pages still in flight when an empty page ends the list are called off, not waited for', async () => {
    server.answer((req, res) => {
      const number = Number(query(req).get('page') ?? 1)
      // the pages after the empty one never come
      if (number > 2) return
      page(res, number === 1 ? [label(1)] : [], {'x-total-pages': '50'})
    })
    // were they waited for, the run would never end: no request gives up on its own
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json', ...NO_TIMEOUT], DEADLINE_MS)
    expect(result.killed, `still running after ${result.ms} ms`).toBe(false)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
  })

  it('an empty page ends a list that X-Next-Page would continue', async () => {
    server.answer((req, res) => {
      const number = Number(query(req).get('page') ?? 1)
      page(res, number === 1 ? [label(1)] : [], {'x-next-page': String(number + 1)})
    })
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    expect(result.killed).toBe(false)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
    expect(labelRequests()).toBe(2)
  })

  it('a relative Link (RFC 8288) is resolved against the request', async () => {
    server.answer((req, res) => {
      const after = query(req).get('id_after')
      if (after === null) page(res, [label(1)], {link: `<${LABELS}?id_after=1&per_page=100&pagination=keyset>; rel="next"`})
      else page(res, [label(2)], {link: `<?id_after=1&per_page=100&pagination=keyset>; rel="first"`})
    })
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    expect(result.killed).toBe(false)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual([label(1), label(2)])
    expect(server.requests.map(r => r.url)).toEqual([`${LABELS}?per_page=100`, `${LABELS}?per_page=100&id_after=1&pagination=keyset`])
  })

  it('a Link to another origin is read for its query only: the next page is asked of --host, and the other origin sees nothing', async () => {
    server.answer((req, res) => {
      if (query(req).get('page') === '2') page(res, [label(2)])
      else page(res, [label(1)], {link: `<${elsewhere.url}${LABELS}?page=2&per_page=100>; rel="next"`})
    })
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual([label(1), label(2)])
    expect(elsewhere.requests).toEqual([])
    expect(server.requests.map(r => r.headers['private-token'])).toEqual([TOKEN, TOKEN])
  })

  it('a Link that is not a URL ends with one line, and stdout holds whole JSON', async () => {
    server.answer((_req, res) => page(res, [label(1)], {link: '<http://[::1>; rel="next"'}))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(1)
    expect(line).toBe(`Error: the server's Link header names a next page that is not a URL: "http://[::1" (GET ${LABELS})`)
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
  })

  it('a page that fails after others were printed leaves a whole JSON array on stdout, and the error', async () => {
    server.answer((req, res) => {
      const number = Number(query(req).get('page') ?? 1)
      if (number === 3) return answers.json(500, {message: 'boom'})(req, res)
      page(res, [label(number)], {'x-next-page': String(number + 1)})
    })
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json', '--retries', '0'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(1)
    expect(line).toBe(`Error: 500 Internal Server Error: boom (GET ${LABELS})`)
    expect(JSON.parse(result.stdout)).toEqual([label(1), label(2)])
  })
})

describe('waits the server asks for count against the time the user allowed', () => {
  const tooMany = (retryAfter: string) => answers.json(429, {message: '429 Too Many Requests'}, {'retry-after': retryAfter})

  it('Retry-After: 999999 ends at once with exit 7 and the wait the server asked for', async () => {
    server.answer(tooMany('999999'))
    const result = await forgectl(['labels', 'list', '-p', '20'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(7)
    expect(line).toMatch(
      /^Error: 429 Too Many Requests \(GET \/api\/v4\/projects\/20\/labels\): the server asks to wait 11d 13h, more than the (2m|1m 5\ds) left of the time allowed \(--timeout 30 s × 4 attempts\)$/,
    )
    expect(labelRequests()).toBe(1)
  })

  it('Retry-After as an HTTP date a month away ends at once with exit 7', async () => {
    server.answer(tooMany(new Date(Date.now() + 30 * 86_400_000).toUTCString()))
    const result = await forgectl(['labels', 'list', '-p', '20', '--timeout', '10', '--retries', '2'], DEADLINE_MS)
    const line = oneLine(result)
    expect(result.code).toBe(7)
    expect(line).toMatch(/: the server asks to wait (29d 23h|30d), more than the (30|29) s left of the time allowed \(--timeout 10 s × 3 attempts\)$/)
    expect(labelRequests()).toBe(1)
  })

  it(
    'a Retry-After that is neither seconds nor an HTTP date is ignored: the usual backoff, then exit 7',
    async () => {
      for (const nonsense of ['Dec 2099', 'soon', '-5', '1e9']) {
        server.requests.splice(0)
        server.answer(tooMany(nonsense))
        // a nonsense value taken for a wait would be one that fits the 3-hour budget (and never ends here), or one refused in other words
        const result = await forgectl(['labels', 'list', '-p', '20', '--retries', '2', ...NO_TIMEOUT], DEADLINE_MS)
        const line = oneLine(result)
        expect(result.code, nonsense).toBe(7)
        expect(line).toBe(`Error: 429 Too Many Requests (GET ${LABELS})`)
        expect(labelRequests(), nonsense).toBe(3)
      }
    },
    4 * DEADLINE_MS,
  )

  it('a wait that fits is waited, and said once on stderr off a terminal when it is longer than a few seconds', async () => {
    let n = 0
    server.answer((req, res) => (++n <= 2 ? tooMany('3.1')(req, res) : page(res, [label(1)])))
    const result = await forgectl(['labels', 'list', '-p', '20', '--json', '--timeout', '10', '--retries', '2'], DEADLINE_MS)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('retrying in 3.1 s: 429 Too Many Requests (attempt 2 of 3); every request of this run waits, then they resume slowly\n')
    expect(JSON.parse(result.stdout)).toEqual([label(1)])
    expect(result.ms).toBeGreaterThanOrEqual(6200)
  })
})

describe('a wait command ends at its own --wait-timeout, whatever one poll takes', () => {
  const MOVE = '/api/v4/group_repository_storage_moves/5'
  const moves = () => server.requests.filter(r => r.url.startsWith(MOVE)).length

  it('a poll the server never answers ends the wait at --wait-timeout with exit 8, not after the request budget (2 minutes)', async () => {
    server.answer(() => undefined)
    const result = await forgectl(['storage-moves', 'wait', '5', '--wait-timeout', '2', '--interval', '1', ...NO_TIMEOUT], DEADLINE_MS)
    expect(oneLine(result)).toBe('Error: gave up waiting for storage move 5 after 2s (last status: unknown)')
    expect(result.code).toBe(8)
    expect(moves()).toBe(1)
  })

  it('a slow poll after a first answer ends it too, naming the last status seen', async () => {
    server.answer((_req, res) => {
      if (moves() > 1) return
      res.writeHead(200, {'content-type': 'application/json'})
      res.end(JSON.stringify({id: 5, state: 'started', source_storage_name: 'default', destination_storage_name: 'other'}))
    })
    const result = await forgectl(['storage-moves', 'wait', '5', '--wait-timeout', '3', '--interval', '1', ...NO_TIMEOUT], DEADLINE_MS)
    expect(oneLine(result)).toBe('Error: gave up waiting for storage move 5 after 3s (last status: started)')
    expect(result.code).toBe(8)
    expect(moves()).toBe(2)
  })
})

describe('--timeout is the per-request limit on a wait command too, beside --wait-timeout (issue 25, point 4)', () => {
  const MOVE = '/api/v4/group_repository_storage_moves/5'
  const moves = () => server.requests.filter(r => r.url.startsWith(MOVE)).length

  it("a poll the server never answers ends at --timeout (exit 8, the request's words), well before --wait-timeout", async () => {
    server.answer(() => undefined)
    const result = await forgectl(['storage-moves', 'wait', '5', '--wait-timeout', '3600', '--timeout', '1', '--retries', '0', '--interval', '1'], DEADLINE_MS)
    expect(oneLine(result)).toMatch(/^Error: GET \S+\/group_repository_storage_moves\/5: no answer after 1(\.\d)? s in all \(1 attempt of 1 s\); the server may be down or --timeout too short$/)
    expect(result.code).toBe(8)
    expect(moves()).toBe(1)
  })

  it("a lone --timeout keeps its old meaning, the wait's limit, with a warning naming --wait-timeout", async () => {
    server.answer(() => undefined)
    const result = await forgectl(['storage-moves', 'wait', '5', '--timeout', '2', '--interval', '1'], DEADLINE_MS)
    expect(result.stderr).toBe(
      "Warning: --timeout 2 is read as the wait's limit, its old meaning on this command: say --wait-timeout 2 for the wait; --timeout is how long each request may take, as on every other command.\n"
        + 'Error: gave up waiting for storage move 5 after 2s (last status: unknown)\n',
    )
    expect(result.code).toBe(8)
  })
})

describe('--all asks for pages no faster than stdout takes them', () => {
  it('a reader that does not read yet holds the list at a few pages, and then gets all of it', async () => {
    const LAST = 40
    server.answer((req, res) => {
      const number = Number(query(req).get('page') ?? 1)
      const records = Array.from({length: 100}, (_, i) => ({...label(number * 100 + i), description: 'd'.repeat(500)}))
      page(res, number > LAST ? [] : records, {'x-next-page': String(number + 1)})
    })
    const child = spawn(process.execPath, [BIN, 'labels', 'list', '-p', '20', '--all', '--json'], {
      env: {...cleanEnv(), FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: freshConfigDir()},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const ended = new Promise<number | null>(resolve => child.on('close', resolve))
    // nobody reads for 2 s: a pipe's 64 KiB and one page of 60 KB in Node's buffer, then no more requests
    child.stdout.pause()
    await new Promise(resolve => setTimeout(resolve, 2000))
    const whileBlocked = labelRequests()
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stdout.resume()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    expect(await ended, stderr).toBe(0)
    expect(whileBlocked).toBeLessThanOrEqual(5)
    expect(JSON.parse(stdout)).toHaveLength(LAST * 100)
    expect(labelRequests()).toBe(LAST + 1)
  })
})

describe('a list that never ends is read no further than the bound (FORGECTL_MAX_PAGES), then one line and exit 1', () => {
  /** small, so that each case runs in a second; the default is 10,000 pages */
  const MAX = 5
  const bounded = {FORGECTL_MAX_PAGES: String(MAX)}
  const past = (path: string) =>
    `Error: the list goes on past ${MAX} pages, the most forgectl reads of one list; stopped after ${MAX} pages, the list incomplete (GET ${path}): if the list really is that long, raise the bound for one run with FORGECTL_MAX_PAGES=${MAX * 10}, or with \`forgectl config set max-pages ${MAX * 10}\``
  const seen = (prefix: string) => server.requests.filter(r => r.url.startsWith(prefix)).length
  /** page `n` of a list that goes on for ever, each page new records; `next` names the page after it */
  const endless = (prefix: string, record: (id: number) => unknown, next: (n: number, req: IncomingMessage) => Record<string, string>) => {
    let n = 0
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!(req.url ?? '').startsWith(prefix)) return answers.json(404, {message: '404 Not Found'})(req, res)
      page(res, [record(2 * n), record(2 * n + 1)], next(++n, req))
    }
  }
  const number = (req: IncomingMessage) => Number(query(req).get('page') ?? 1)
  const WAYS: Array<[string, (n: number, req: IncomingMessage) => Record<string, string>]> = [
    ['X-Next-Page always one more', (_n, req) => ({'x-next-page': String(number(req) + 1)})],
    ['a Link to a new page', (_n, req) => ({link: `<${server.url}${LABELS}?page=${number(req) + 1}&per_page=100>; rel="next"`})],
    ['a keyset Link with a new id_after', n => ({link: `<${LABELS}?id_after=${1000 + n}&per_page=100&pagination=keyset>; rel="next"`})],
    ['X-Total-Pages of a billion', () => ({'x-total-pages': '1000000000'})],
  ]

  it.each(WAYS)('labels list --all --json, next page named by %s: %i pages read, whole JSON of them on stdout, then the error', async (_way, next) => {
    server.answer(endless(LABELS, label, next))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS, bounded)
    expect(oneLine(result)).toBe(past(LABELS))
    expect(result.code).toBe(1)
    expect(labelRequests()).toBe(MAX)
    // what was read is printed as what it is: a JSON document of the pages read, and the error says the list is incomplete
    expect(JSON.parse(result.stdout)).toHaveLength(2 * MAX)
  })

  it('--all --output ndjson: the pages already streamed, then the error', async () => {
    server.answer(endless(LABELS, label, (_n, req) => ({'x-next-page': String(number(req) + 1)})))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--output', 'ndjson'], DEADLINE_MS, bounded)
    expect(oneLine(result)).toBe(past(LABELS))
    expect(result.code).toBe(1)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map(line => JSON.parse(line).id),
    ).toEqual(Array.from({length: 2 * MAX}, (_, i) => i))
  })

  it('X-Total-Pages that grows with each page (each the last, naming one more): a next page past the count announced is refused after page 1', async () => {
    server.answer(endless(LABELS, label, (_n, req) => ({'x-total-pages': String(number(req)), 'x-next-page': String(number(req) + 1)})))
    const result = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS)
    expect(oneLine(result)).toBe(
      `Error: the server named a next page (page=2&per_page=100) past the 1 page its first page announced (X-Total-Pages), contradicting itself; stopped after 1 page, the list incomplete (GET ${LABELS})`,
    )
    expect(result.code).toBe(1)
    expect(labelRequests()).toBe(1)
    expect(JSON.parse(result.stdout)).toEqual([label(0), label(1)])
  })

  /** a state file asking for a label in every project of acme: plan reads acme's projects first */
  const planFile = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-pages-')), 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  "acme/**":\n    labels:\n      needs-review: {color: "#428bca"}\n')
    return file
  }
  const COMMANDS: Array<[string, () => string[], string, (id: number) => unknown, (n: number, req: IncomingMessage) => Record<string, string>]> = [
    [
      'features get NAME, the flag never found (once 187,000 requests a minute)',
      () => ['features', 'get', 'wanted_flag'],
      '/api/v4/features',
      id => ({name: `flag_${id}`, state: 'on', gates: [{key: 'boolean', value: true}]}),
      (_n, req) => ({'x-next-page': String(number(req) + 1)}),
    ],
    [
      'tokens audit, the tokens kept in memory (exit 1, not 0 or 10)',
      () => ['tokens', 'audit', '--json'],
      '/api/v4/personal_access_tokens',
      id => ({id, name: `t${id}`, user_id: 1, active: true, revoked: false, scopes: ['api'], expires_at: null, created_at: '2026-01-01T00:00:00Z'}),
      n => ({link: `</api/v4/personal_access_tokens?id_after=${n}&state=active&per_page=100>; rel="next"`}),
    ],
    [
      'plan over a group whose project list never ends',
      () => ['plan', '-f', planFile()],
      '/api/v4/groups/acme/projects',
      id => ({id, path_with_namespace: `acme/p${id}`}),
      (_n, req) => ({'x-total-pages': '1000000000', 'x-page': String(number(req))}),
    ],
  ]

  it.each(COMMANDS)('%s: the bound, then one line, and nothing printed as if complete', async (_what, args, path, record, next) => {
    server.answer(endless(path, record, next))
    const result = await forgectl(args(), DEADLINE_MS, bounded)
    expect(oneLine(result)).toBe(past(path))
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(seen(path)).toBe(MAX)
  })

  describe('plan over a glob of groups: the walk down the subgroups ends too', () => {
    const groups = (child: (path: string) => string) => (req: IncomingMessage, res: ServerResponse) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v4\/groups\//, ''))
      if (path.endsWith('/subgroups')) return page(res, [{id: 2, full_path: child(path.slice(0, -'/subgroups'.length))}])
      if (!path.includes('/')) return answers.json(200, {id: 1, full_path: path})(req, res)
      return answers.json(404, {message: '404 Not Found'})(req, res)
    }
    const planGroups = () => {
      const dir = mkdtempSync(join(tmpdir(), 'forgectl-pages-'))
      const file = join(dir, 'state.yaml')
      writeFileSync(file, 'version: 1\ngroups:\n  "acme/**":\n    labels:\n      needs-review: {color: "#428bca"}\n')
      return forgectl(['plan', '-f', file], DEADLINE_MS)
    }
    const subgroupReads = () => server.requests.filter(r => r.url.includes('/subgroups')).length

    it("subgroups that never end (each group a new one below it): refused past the platform's 20 levels", async () => {
      server.answer(groups(path => `${path}/sub`))
      const result = await planGroups()
      expect(oneLine(result)).toBe('Error: the server names subgroups more than 20 levels below acme, deeper than the platform nests groups; stopped (GET /api/v4/groups/:id/subgroups)')
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(subgroupReads()).toBe(21)
    })

    it('a group named as its own subgroup is walked once', async () => {
      server.answer(groups(path => path))
      const result = await planGroups()
      expect(result.killed).toBe(false)
      expect(subgroupReads()).toBe(1)
    })
  })

  it("the bound is the profile's max-pages when FORGECTL_MAX_PAGES is not set; a bound that is not a page count is refused before any request", async () => {
    server.answer(endless(LABELS, label, (_n, req) => ({'x-next-page': String(number(req) + 1)})))
    const config = freshConfigDir()
    writeFileSync(join(config, 'config.json'), JSON.stringify({profiles: {default: {'max-pages': 3}}}), {mode: 0o600})
    const byProfile = await forgectl(['labels', 'list', '-p', '20', '--all', '--json'], DEADLINE_MS, {FORGECTL_CONFIG_DIR: config})
    expect(oneLine(byProfile)).toContain('the list goes on past 3 pages, the most forgectl reads of one list; stopped after 3 pages')
    expect(labelRequests()).toBe(3)
    server.requests.splice(0)
    const refused = await forgectl(['labels', 'list', '-p', '20', '--all'], DEADLINE_MS, {FORGECTL_MAX_PAGES: 'lots'})
    expect(oneLine(refused)).toBe('Error: FORGECTL_MAX_PAGES "lots": must be a whole number of pages from 1 to 1000000')
    expect(refused.code).toBe(2)
    expect(labelRequests()).toBe(0)
  })

  it('Ctrl-C ends a list without end at once, long before the bound', async () => {
    server.answer(endless(LABELS, label, (_n, req) => ({'x-next-page': String(number(req) + 1)})))
    // the highest bound, a million pages: only the signal can end the run while the test lasts
    const child = spawn(process.execPath, [BIN, 'labels', 'list', '-p', '20', '--all', '--output', 'ndjson'], {
      env: {...cleanEnv(), FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_MAX_PAGES: '1000000'},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.resume()
    const ended = new Promise<number | null>(resolve => child.on('close', resolve))
    while (labelRequests() < 20) await new Promise(resolve => setTimeout(resolve, 20))
    child.kill('SIGINT')
    // a run that goes on after the signal is killed, with no exit code
    const ignored = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS)
    expect(await ended).toBe(130)
    clearTimeout(ignored)
  })
})
