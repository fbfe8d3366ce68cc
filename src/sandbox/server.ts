// The sandbox server: plain node:http on loopback, in memory. It follows the spec's conventions
// (`/api/v4` prefix, PRIVATE-TOKEN or Bearer auth with Sudo, `:id` as number or encoded path, JSON/query/form/multipart
// bodies, the platform's pagination headers) and can inject faults per route for the fault tests.

import {readdirSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {dirname, join} from 'node:path'
import {Readable} from 'node:stream'
import {setTimeout as sleep} from 'node:timers/promises'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {HttpError, type Reply} from './http.js'
import {limiterFor} from './rate-limit.js'
import {requestToken} from './request-token.js'
import {type Ctx, type Input, type Method, Router, type ServedRoute, type UploadedFile} from './router.js'
import {seed, TOKENS} from './seed.js'
import {type SandboxOptions, Store} from './store.js'
import {sudoUser} from './sudo.js'
import {recordTokenUse} from './token-use.js'
import {requestBase, withBase} from './web-url.js'

export const PREFIX = '/api/v4'

export interface FaultRule {
  /** regular expression matched against the path after /api/v4 (without the query) */
  path: string
  method?: string
  /**
   * latency: wait `latencyMs`, then answer normally · status: answer `status` (with `Retry-After` when
   * `retryAfter` is set) · drop: close the connection without an answer · truncate: answer with a body
   * cut short · malformed: answer 200 with broken JSON · revoke: the request's token stops
   * authenticating (a token revoked mid-run), so this request and every later one with it get 401
   */
  kind: 'latency' | 'status' | 'drop' | 'truncate' | 'malformed' | 'revoke'
  status?: number
  retryAfter?: number
  latencyMs?: number
  /** `after`: run the handler (the request takes effect) before the fault; default `before` */
  phase?: 'before' | 'after'
  /** how many matching requests the fault applies to; unlimited when absent */
  times?: number
  /** how many matching requests pass untouched before the fault applies */
  skip?: number
}

export interface LoggedRequest {
  method: string
  path: string
  query: string
  token: string | undefined
  contentType: string | undefined
  /** when the request arrived, and when its answer was written to the socket (performance.now() of the sandbox) */
  receivedAt: number
  answeredAt?: number
  /** the answer's status, once written */
  status?: number
}

export interface Sandbox {
  /** the most API requests ever handled at the same time (shows whether a client runs them concurrently) */
  maxInFlight: number
  url: string
  port: number
  tokens: typeof TOKENS
  store: Store
  requests: LoggedRequest[]
  faults: FaultRule[]
  /** every route served and the routes file (area) that serves it: contract.ts names each area's platform sources */
  routes: ServedRoute[]
  close(): Promise<void>
}

export interface StartOptions extends Partial<SandboxOptions> {
  port?: number
  host?: string
  faults?: FaultRule[]
}

async function loadRoutes(router: Router, store: Store): Promise<void> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'routes')
  const files = readdirSync(dir)
    .filter(f => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort()
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as {default: (r: Router, s: Store) => void}
    router.area = file.replace(/\.(ts|js)$/, '')
    mod.default(router, store)
  }
}

export async function startSandbox(options: StartOptions = {}): Promise<Sandbox> {
  const {port = 0, host = '127.0.0.1', faults = [], ...storeOptions} = options
  const store = new Store(storeOptions)
  seed(store)
  const router = new Router()
  await loadRoutes(router, store)
  const requests: LoggedRequest[] = []
  const sandbox = {faults, requests, maxInFlight: 0, routes: router.served()} as Sandbox
  let inFlight = 0

  const server: Server = createServer((req, res) => {
    sandbox.maxInFlight = Math.max(sandbox.maxInFlight, ++inFlight)
    res.once('close', () => inFlight--)
    // web_url and Link headers are built on the address this request used (see web-url.ts)
    withBase(requestBase(req, sandbox.url), () => handle(req, res, router, store, sandbox)).catch(error => {
      if (!res.headersSent) send(res, {status: 500, body: {message: `500 Internal Server Error: ${String(error)}`}})
      else res.destroy()
    })
  })
  // Node's default; with 1 s, Node clients took the Keep-Alive hint (timeout=1) as no keep-alive and opened a
  // connection per request, which real servers (60 s and more) do not make them do
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return Object.assign(sandbox, {
    // an IPv6 address is bracketed in a URL (`--host ::1`)
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    tokens: TOKENS,
    store,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

async function handle(req: IncomingMessage, res: ServerResponse, router: Router, store: Store, sandbox: Sandbox): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox')
  const rawPath = (req.url ?? '/').split('?')[0]!
  if (rawPath.startsWith('/__sandbox/')) return control(req, res, rawPath, sandbox)
  if (!rawPath.startsWith(PREFIX + '/')) return send(res, {status: 404, body: {error: '404 Not Found'}})
  const path = rawPath.slice(PREFIX.length)
  const token = requestToken(req)
  const logged: LoggedRequest = {method: req.method ?? 'GET', path, query: url.search, token, contentType: req.headers['content-type'], receivedAt: performance.now()}
  sandbox.requests.push(logged)
  res.once('finish', () => {
    logged.answeredAt = performance.now()
    logged.status = res.statusCode
  })

  // the platform's rate limit, when switched on: its headers on every answer, 429 beyond it
  if (store.options.rateLimit) {
    const counted = limiterFor(store.options.rateLimit).count(token)
    for (const [name, value] of Object.entries(counted.headers)) res.setHeader(name, value)
    if (counted.refused) {
      req.resume()
      return send(res, {status: 429, body: {message: '429 Too Many Requests'}})
    }
  }

  if (store.options.latencyMs > 0) await sleep(store.options.latencyMs)
  const fault = takeFault(sandbox.faults, req.method ?? 'GET', path)
  if (fault?.kind === 'revoke' && token !== undefined) store.tokens.delete(token)
  if (fault && (fault.phase ?? 'before') === 'before') {
    const done = await applyFaultBefore(fault, req, res)
    if (done) return
  }

  let reply: Reply
  try {
    const found = router.match(req.method ?? 'GET', rawPath.slice(PREFIX.length))
    if (!found) throw new HttpError(404, {error: '404 Not Found'})
    if ('allowed' in found) throw new HttpError(405, {error: '405 Method Not Allowed'})
    const user = store.authenticate(token)
    if (!user && !found.route.anonymous) throw new HttpError(401, {message: '401 Unauthorized'})
    if (user && token !== undefined) recordTokenUse(store, token)
    const {input, files} = await readInput(req, url)
    const ctx: Ctx = {method: req.method as Method, params: found.params, input, files, user, store, req}
    ctx.user = sudoUser(ctx, url.searchParams.get('sudo'))
    reply = await found.route.handler(ctx)
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    reply = {status: error.status, body: error.body}
  }
  if (fault && fault.phase === 'after') {
    const done = await applyFaultBefore(fault, req, res)
    if (done) return
  }
  if (fault?.kind === 'truncate') return sendTruncated(res, reply)
  if (fault?.kind === 'malformed') return send(res, {status: 200, raw: '{"id": 1, "name": "trunc', contentType: 'application/json'})
  send(res, reply)
}

function takeFault(faults: FaultRule[], method: string, path: string): FaultRule | undefined {
  const fault = faults.find(f => (!f.method || f.method.toUpperCase() === method) && new RegExp(f.path).test(path) && (f.times ?? 1) > 0)
  if (fault?.skip) {
    fault.skip--
    return undefined
  }
  if (fault && fault.times !== undefined) fault.times--
  return fault
}

/** applies a fault that replaces the answer; returns true when the response is finished */
async function applyFaultBefore(fault: FaultRule, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  switch (fault.kind) {
    case 'latency': {
      await sleep(fault.latencyMs ?? 1000)
      return false
    }
    case 'status': {
      const status = fault.status ?? 503
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : {'Retry-After': String(fault.retryAfter)}
      req.resume()
      send(res, {status, headers, body: {message: `${status} ${status === 429 ? 'Too Many Requests' : 'Service Unavailable'}`}})
      return true
    }
    case 'drop': {
      req.resume()
      req.socket.destroy()
      return true
    }
    default:
      return false
  }
}

function sendTruncated(res: ServerResponse, reply: Reply): void {
  const text = reply.raw === undefined ? JSON.stringify(reply.body ?? null) : String(reply.raw)
  const full = Buffer.from(text.length > 1 ? text : text + '          ')
  res.writeHead(reply.status, {'Content-Type': reply.contentType ?? 'application/json', 'Content-Length': String(full.length)})
  res.write(full.subarray(0, Math.floor(full.length / 2)))
  setTimeout(() => res.destroy(), 20)
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = {...reply.headers}
  if (reply.raw !== undefined) {
    headers['Content-Type'] = reply.contentType ?? 'application/octet-stream'
    if (reply.raw instanceof Readable) {
      res.writeHead(reply.status, headers)
      reply.raw.pipe(res)
      return
    }
    const body = typeof reply.raw === 'string' ? Buffer.from(reply.raw) : reply.raw
    headers['Content-Length'] = String(body.length)
    res.writeHead(reply.status, headers)
    res.end(body)
    return
  }
  if (reply.body === undefined || reply.status === 204 || reply.status === 304) {
    res.writeHead(reply.status, headers)
    res.end()
    return
  }
  const body = Buffer.from(JSON.stringify(reply.body))
  headers['Content-Type'] = 'application/json'
  headers['Content-Length'] = String(body.length)
  res.writeHead(reply.status, headers)
  res.end(body)
}

// ---- request bodies ----------------------------------------------------------------------------------

async function readInput(req: IncomingMessage, url: URL): Promise<{input: Input; files: Record<string, UploadedFile>}> {
  const input: Input = {}
  for (const [key, value] of url.searchParams) if (key !== 'private_token' && key !== 'sudo') assignNested(input, key, value)
  const files: Record<string, UploadedFile> = {}
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (chunks.length === 0) return {input, files}
  const raw = Buffer.concat(chunks)
  const type = req.headers['content-type'] ?? ''
  if (type.includes('application/json')) {
    let body: unknown
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch {
      throw new HttpError(400, {error: 'body is not valid JSON'})
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(input, body)
  } else if (type.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) assignNested(input, key, value)
  } else if (type.includes('multipart/form-data')) {
    // undici's Request parses multipart for us: the sandbox need not carry a parser of its own
    const form = await new Request('http://sandbox/', {method: 'POST', headers: {'content-type': type}, body: raw}).formData()
    for (const [key, value] of form) {
      if (typeof value === 'string') assignNested(input, key, value)
      else files[key] = {name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer())}
    }
  }
  return {input, files}
}

/** `a[b][]=1` → {a: {b: ['1']}} — the platform's (Rack's) nesting of bracketed names */
function assignNested(target: Input, key: string, value: string): void {
  const parts = key.replace(/\]/g, '').split('[')
  let node: Record<string, unknown> = target
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1
    const nextIsArray = parts[i + 1] === ''
    if (part === '') continue
    if (last) {
      node[part] = value
    } else if (nextIsArray && i + 1 === parts.length - 1) {
      const arr = Array.isArray(node[part]) ? (node[part] as unknown[]) : []
      arr.push(value)
      node[part] = arr
      return
    } else {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {}
      node = node[part] as Record<string, unknown>
    }
  }
}

// ---- control endpoints (no auth; loopback only) ------------------------------------------------------

async function control(req: IncomingMessage, res: ServerResponse, path: string, sandbox: Sandbox): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined
  if (path === '/__sandbox/faults' && req.method === 'POST') {
    const rules = Array.isArray(body) ? (body as FaultRule[]) : [body as FaultRule]
    sandbox.faults.push(...rules)
    return send(res, {status: 201, body: sandbox.faults})
  }
  if (path === '/__sandbox/faults' && req.method === 'DELETE') {
    sandbox.faults.splice(0)
    return send(res, {status: 204})
  }
  if (path === '/__sandbox/faults') return send(res, {status: 200, body: sandbox.faults})
  if (path === '/__sandbox/requests') return send(res, {status: 200, body: sandbox.requests})
  if (path === '/__sandbox/features' && req.method === 'POST') {
    const {name, enabled} = body as {name: string; enabled: boolean}
    if (enabled) sandbox.store.options.features.add(name)
    else sandbox.store.options.features.delete(name)
    return send(res, {status: 200, body: [...sandbox.store.options.features]})
  }
  send(res, {status: 404, body: {error: 'unknown control endpoint'}})
}
