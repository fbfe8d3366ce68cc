// TLS options against a real HTTPS server with a self-signed certificate: refused by default,
// trusted with --ca-file (or the profile's ca-file), accepted with --insecure.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync} from 'node:fs'
import {createServer, type Server} from 'node:https'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'

const dir = mkdtempSync(join(tmpdir(), 'forgectl-tls-'))
const cert = join(dir, 'cert.pem')
let server: Server
const FILE = Buffer.alloc(3_000_000, 'tls bytes ')
let url = ''

beforeAll(async () => {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    {stdio: 'ignore'},
  )
  server = createServer({key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(cert)}, (req, res) => {
    if (req.url === '/api/v4/file' && req.headers['private-token'] === 'tls-token') {
      // a download: read off the TLS socket by forgectl itself (src/core/http/http1-download.ts)
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': String(FILE.length)})
      res.end(FILE)
      return
    }
    const ok = req.url === '/api/v4/user' && req.headers['private-token'] === 'tls-token'
    res.writeHead(ok ? 200 : 401, {'content-type': 'application/json'})
    res.end(JSON.stringify(ok ? {id: 1, username: 'tls-user', name: 'TLS'} : {message: '401 Unauthorized'}))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

const run = (args: string[]) => runCli(['api', 'GET', '/user', '--host', url, '--token', 'tls-token', '--retries', '0', ...args], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})

describe('TLS', () => {
  it('refuses an untrusted certificate with a one-line hint', async () => {
    const result = await run([])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: GET .*\/user: .*(self-signed|not trusted).*--ca-file/)
    expect(result.stderr).not.toContain('tls-token')
  })

  it('http:// to the TLS port: the server closes without answering, and the line suggests https://', async () => {
    const plain = url.replace('https:', 'http:')
    const result = await runCli(['api', 'GET', '/user', '--host', plain, '--token', 'tls-token', '--retries', '0'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`Error: GET ${plain}/api/v4/user: ${plain.slice('http://'.length)} closed the connection without answering (if it serves https on this port, use ${url})\n`)
  })

  it('trusts the certificate given with --ca-file', async () => {
    const result = await run(['--ca-file', cert])
    expect(result.code).toBe(0)
    expect(result.json()).toMatchObject({username: 'tls-user'})
  })

  it('skips verification with --insecure', async () => {
    const result = await run(['--insecure'])
    expect(result.code).toBe(0)
  })

  it('reads the ca-file from the profile', async () => {
    const config = freshConfigDir()
    const env = {FORGECTL_CONFIG_DIR: config}
    expect((await runCli(['config', 'set', 'ca-file', cert], {env})).code).toBe(0)
    const result = await runCli(['api', 'GET', '/user', '--host', url, '--token', 'tls-token'], {env})
    expect(result.code).toBe(0)
  })

  it('downloads over its own TLS connection with the same trust: refused by default, saved whole with --ca-file', async () => {
    const target = join(dir, 'file.bin')
    const download = (extra: string[]) =>
      runCli(['api', 'GET', '/file', '--download', target, '--host', url, '--token', 'tls-token', '--retries', '0', ...extra], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
    const refused = await download([])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/(self-signed|not trusted).*--ca-file/)
    expect(existsSync(target)).toBe(false)
    const saved = await download(['--ca-file', cert])
    expect(saved.code, saved.stderr).toBe(0)
    expect(readFileSync(target).equals(FILE)).toBe(true)
  })
})
