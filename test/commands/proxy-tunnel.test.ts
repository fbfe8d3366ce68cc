// Issue 24: a proxy that misbehaves before the tunnel is open must not hold forgectl past --timeout, nor
// make it hammer the proxy. Two proxies below HTTP: one that closes every connection as CONNECT
// arrives (undici took that for a passing socket error and tried again at once, 20,000 CONNECTs in
// 15 s, without end), and one that takes the connection and never answers (undici reads a request's
// signal only once it has a connection, so --timeout and Ctrl-C waited on it forever).
// No clock bound from above (issue 36: a 2-core machine busy with other work): neither proxy ever
// answers, so the run ending at all, with the exit code and line of the limit and the proxy's count of
// connections, says what ended it; a run held forever fails on the test's own timeout.
import {createServer, type Server, type Socket} from 'node:net'
import {afterEach, describe, expect, it} from 'vitest'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'

const TOKEN = 'tunnel-token'
interface CountingProxy {
  url: string
  connections: () => number
  close(): Promise<void>
}

const closers: CountingProxy[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map(p => p.close()))
})

/** a TCP server standing in for a proxy: `onRequest` gets each socket once its first bytes (the CONNECT) arrive */
async function proxy(onRequest: (socket: Socket) => void): Promise<CountingProxy> {
  let count = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer(socket => {
    count++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    socket.once('data', () => onRequest(socket))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  const handle = {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  closers.push(handle)
  return handle
}

async function timedRun(proxyUrl: string, args: string[]): Promise<RunResult & {ms: number}> {
  const started = Date.now()
  const result = await runCli(args, {
    spawn: true,
    env: {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_HOST: 'https://forge.example.invalid', FORGECTL_TOKEN: TOKEN, HTTPS_PROXY: proxyUrl},
  })
  return {...result, ms: Date.now() - started}
}

describe('a proxy that will not open a tunnel', () => {
  it('closing every CONNECT: one attempt per --retries, then one line, exit 1', async () => {
    const closing = await proxy(socket => socket.destroy())
    const result = await timedRun(closing.url, ['labels', 'list', '-p', '1', '--timeout', '2s', '--retries', '2'])
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toBe(
      `Error: GET https://forge.example.invalid/api/v4/projects/1/labels: the proxy ${closing.url.replace('http://', '')} closed the connection instead of opening a tunnel to forge.example.invalid:443 (check HTTPS_PROXY/HTTP_PROXY)\n`,
    )
    expect(result.stdout).toBe('')
    // three attempts, not thousands
    expect(closing.connections()).toBe(3)
  })

  it('silent after the connection: --timeout ends each attempt, exit 8', async () => {
    const silent = await proxy(() => undefined)
    const result = await timedRun(silent.url, ['labels', 'list', '-p', '1', '--timeout', '2s', '--retries', '1'])
    expect(result.code, result.stderr).toBe(8)
    expect(result.stderr).toMatch(/^Error: GET https:\/\/forge\.example\.invalid\/api\/v4\/projects\/1\/labels: no answer after \d+(\.\d)? s in all \(2 attempts, 2 s each\)[^\n]*\n$/)
    expect(result.stderr).not.toContain(TOKEN)
    expect(silent.connections()).toBe(2)
    // two attempts of 2 s each were waited out, not cut short
    expect(result.ms).toBeGreaterThanOrEqual(3900)
  })
})
