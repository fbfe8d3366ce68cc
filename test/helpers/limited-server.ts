// A test server that enforces a rate limit as the platform does (issue 29), with the sandbox's limiter
// (src/sandbox/rate-limit.ts: a fixed window per token, RateLimit-* headers, 429 with Retry-After
// beyond it), and that can also answer every request 429 for a while (a storm). It takes label creates (POST
// /api/v4/projects/:id/labels) and counts each label's creates, so a test can prove each write went
// through exactly once.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {RateLimiter, type RateLimitOption} from '../../src/sandbox/rate-limit.js'

export interface LimitedServer {
  readonly url: string
  /** how many times each label was created */
  readonly created: Map<string, number>
  /** what each request was answered, in order */
  readonly statuses: number[]
  /**
   * every request is answered 429 with `Retry-After: retryAfter` for `ms` from the next request on: from
   * the run's first request, not from the call, so that a slow start-up on a busy machine cannot miss it
   */
  storm(ms: number, retryAfter: number): void
  close(): Promise<void>
}

export async function startLimitedServer(option: RateLimitOption): Promise<LimitedServer> {
  const created = new Map<string, number>()
  const statuses: number[] = []
  const limiter = new RateLimiter(option)
  let storm: {ms: number; until?: number; retryAfter: number} = {ms: 0, until: 0, retryAfter: 0}
  const answer = (res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) => {
    statuses.push(status)
    res.writeHead(status, {'content-type': 'application/json', ...headers})
    res.end(JSON.stringify(body))
  }
  const handle = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const now = Date.now()
    storm.until ??= now + storm.ms
    if (now < storm.until) return answer(res, 429, {'retry-after': String(storm.retryAfter)}, {message: '429 Too Many Requests'})
    const {headers, refused} = limiter.count(String(req.headers['private-token'] ?? ''), now)
    if (refused) return answer(res, 429, headers, {message: '429 Too Many Requests'})
    const label = JSON.parse(body) as {name: string; color: string}
    created.set(label.name, (created.get(label.name) ?? 0) + 1)
    answer(res, 201, headers, {id: created.size, name: label.name, color: label.color})
  }
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => handle(req, body, res))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    statuses,
    storm(ms, retryAfter) {
      storm = {ms, retryAfter}
    },
    close() {
      server.closeAllConnections()
      return new Promise(resolve => server.close(() => resolve()))
    },
  }
}
