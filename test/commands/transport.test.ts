// What Node's fetch did for forgectl and the node:http transport (src/core/http/http-transport.ts) must do too:
// answers compressed by a proxy or the server are decoded, and a download asks for the file as stored,
// so that its size can be checked against Content-Length.
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterEach, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const servers: HostileServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

const api = (server: HostileServer, args: string[]) => runCli(['api', ...args, '--host', server.url, '--token', 'transport-token'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})

describe('the transport', () => {
  it('decodes a gzip answer it asked for', async () => {
    const user = {id: 7, username: 'zipped'}
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-encoding': 'gzip'})
      res.end(gzipSync(JSON.stringify(user)))
    })
    servers.push(server)
    const result = await api(server, ['GET', '/user'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual(user)
    expect(server.requests[0]!.headers['accept-encoding']).toMatch(/gzip/)
  })

  it('downloads without asking for compression, and saves the bytes as sent', async () => {
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': '11'})
      res.end('hello bytes')
    })
    servers.push(server)
    const target = join(mkdtempSync(join(tmpdir(), 'forgectl-transport-')), 'file.bin')
    const result = await api(server, ['GET', '/file', '--download', target])
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(target, 'utf8')).toBe('hello bytes')
    expect(server.requests[0]!.headers['accept-encoding']).toBeUndefined()
  })
})

describe('what fetch did and the transport still does', () => {
  it('decodes a brotli answer, and a body that a 204 never has is not waited for', async () => {
    const {brotliCompressSync} = await import('node:zlib')
    const server = await startHostileServer((req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204)
        res.end()
        return
      }
      res.writeHead(200, {'content-type': 'application/json', 'content-encoding': 'br'})
      res.end(brotliCompressSync(JSON.stringify({id: 8})))
    })
    servers.push(server)
    expect((await api(server, ['GET', '/thing'])).json()).toEqual({id: 8})
    const deleted = await api(server, ['DELETE', '/thing'])
    expect(deleted.code, deleted.stderr).toBe(0)
  })

  it('sends JSON bodies as JSON, with the token and no other credentials', async () => {
    const server = await startHostileServer((_req, res) => {
      res.writeHead(201, {'content-type': 'application/json'})
      res.end('{"id":9}')
    })
    servers.push(server)
    const result = await api(server, ['POST', '/things', '-f', 'name=x'])
    expect(result.code, result.stderr).toBe(0)
    const [request] = server.requests
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.headers['private-token']).toBe('transport-token')
    // the body, {"name":"x"}, with its length (the sandbox's tests read what such bodies say)
    expect(request!.headers['content-length']).toBe(String(JSON.stringify({name: 'x'}).length))
  })
})
