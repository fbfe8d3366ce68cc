// A test server of our own, not the sandbox: each test scripts what it answers, the way real networks
// answer when --host is not the API (an nginx welcome page, a proxy's 502, an empty 200, a cut
// connection, a redirect elsewhere, a slow answer). It records every request it saw, so a test can
// prove what was sent, where, and with which headers.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {type AddressInfo, connect, createServer as createNetServer, type Server as NetServer, type Socket} from 'node:net'

/**
 * `server` listening on a free loopback port. close() also ends the connections still open (a client
 * keeping one alive, a test that stopped mid-answer), so that a test never waits for them.
 */
async function listenOnLoopback(server: NetServer): Promise<{url: string; port: number; close(): Promise<void>}> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise(resolve => server.close(() => resolve()))
    },
  }
}

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
}

export type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export interface HostileServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly port: number
  readonly requests: SeenRequest[]
  /** what the next requests get (until changed); defaults to a 404 HTML page */
  answer(answer: Answer): void
  close(): Promise<void>
}

export async function startHostileServer(initial: Answer = answers.html(404, '404 Not Found')): Promise<HostileServer> {
  let current = initial
  const requests: SeenRequest[] = []
  const server: Server = createServer((req, res) => {
    requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers})
    req.resume()
    req.on('end', () => void current(req, res))
  })
  return {
    ...(await listenOnLoopback(server)),
    requests,
    answer(answer) {
      current = answer
    },
  }
}

const page = (title: string, body = '') => `<!DOCTYPE html>\n<html>\n<head><title>${title}</title>\n<style>body { width: 35em; }</style></head>\n<body>\n<h1>${title}</h1>\n${body}\n</body>\n</html>\n`

/** ready-made answers; combine them in a function of your own for anything else */
export const answers = {
  /** an HTML page, as nginx or a proxy serves it */
  html:
    (status: number, title: string, body?: string): Answer =>
    (_req, res) => {
      res.writeHead(status, {'content-type': 'text/html'})
      res.end(page(title, body))
    },
  text:
    (status: number, text: string, contentType = 'text/plain'): Answer =>
    (_req, res) => {
      res.writeHead(status, {'content-type': contentType})
      res.end(text)
    },
  json:
    (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
    (_req, res) => {
      res.writeHead(status, {'content-type': 'application/json', ...headers})
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    },
  /** a status with no body at all */
  empty:
    (status: number, headers: Record<string, string> = {}): Answer =>
    (_req, res) => {
      res.writeHead(status, headers)
      res.end()
    },
  redirect:
    (status: number, location: string): Answer =>
    (_req, res) => {
      res.writeHead(status, {location, 'content-type': 'text/html'})
      res.end(page(`${status} Moved`))
    },
  /** the connection is closed without any answer */
  cut: (): Answer => (req, _res) => {
    req.socket.destroy()
  },
  /** answers after `ms` milliseconds (or never, if the client gives up first) */
  slow:
    (ms: number, then: Answer): Answer =>
    async (req, res) => {
      await new Promise(resolve => setTimeout(resolve, ms))
      if (!req.socket.destroyed) await then(req, res)
    },
}

export interface ForwardProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  /** `CONNECT host:port` targets and absolute-URI requests, in order */
  readonly seen: Array<{method: string; target: string; headers: IncomingMessage['headers']}>
  close(): Promise<void>
}

/**
 * A forward proxy as companies run them: `CONNECT host:port` opens a tunnel (HTTPS), an absolute URI
 * (`GET http://host/...`) is relayed (plain HTTP). It records what it was asked, so a test can check
 * that an https host went through a tunnel and the token never crossed the proxy in clear.
 */
export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: ForwardProxy['seen'] = []
  const server = createServer((req, res) => {
    seen.push({method: req.method ?? '', target: req.url ?? '', headers: req.headers})
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      res.writeHead(400).end()
      return
    }
    const upstream = connect(Number(target.port || 80), target.hostname, () => {
      const headers = Object.entries(req.headers)
        .filter(([k]) => k !== 'proxy-connection')
        .map(([k, v]) => `${k}: ${String(v)}`)
      // the path as it came, as a proxy relays it: `target.pathname` would have removed dot segments
      const path = (req.url ?? '').replace(/^[a-z]+:\/\/[^/?#]*/i, '') || '/'
      upstream.write(`${req.method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\nconnection: close\r\n\r\n`)
      // not ended after the request, as real proxies do: a server that closes on a half-closed connection would cut its answer short
      req.pipe(upstream, {end: false})
      upstream.pipe(res.socket!)
    })
    upstream.on('error', () => res.writeHead(502).end())
  })
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push({method: 'CONNECT', target: req.url ?? '', headers: req.headers})
    const [host, port] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'))
    client.on('error', () => upstream.destroy())
  })
  const {url, close} = await listenOnLoopback(server)
  return {url, seen, close}
}

export interface RawServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  /** the head of each request, as sent */
  readonly requests: string[]
  close(): Promise<void>
}

/**
 * A server below HTTP: after each request's head it hands the socket to `answer`, which writes the
 * answer's bytes exactly as a test wants them (split anywhere, chunked, cut short, not HTTP at all).
 */
export async function startRawServer(answer: (socket: Socket, head: string) => unknown): Promise<RawServer> {
  const requests: string[] = []
  const server = createNetServer(socket => {
    socket.on('error', () => undefined)
    let received = ''
    const onData = (data: Buffer) => {
      received += data.toString('latin1')
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      socket.off('data', onData)
      requests.push(received.slice(0, end))
      void answer(socket, received.slice(0, end))
    }
    socket.on('data', onData)
  })
  const {url, close} = await listenOnLoopback(server)
  return {url, requests, close}
}

/** writes `pieces` one by one, each in its own packet as far as a socket can tell */
export async function writeSlowly(socket: Socket, pieces: Array<string | Buffer>, gapMs = 5): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed) return
    socket.write(piece)
    await new Promise(resolve => setTimeout(resolve, gapMs))
  }
}
