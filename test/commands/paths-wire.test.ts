// The bytes on the wire keep a name of `..` as `%2E%2E`, whichever way a request leaves (issue 23):
// node:http, a download's own connection, undici through a proxy, and a followed redirect. A server of
// our own records each request line as it arrived; `new URL` anywhere on the way would have removed it.
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {type Answer, answers, type ForwardProxy, type HostileServer, startForwardProxy, startHostileServer} from '../helpers/hostile-server.js'

const LABEL = {id: 1, name: '..', color: '#00ff00'}
let server: HostileServer
let proxy: ForwardProxy
const dir = mkdtempSync(join(tmpdir(), 'forgectl-wire-'))

beforeAll(async () => {
  server = await startHostileServer()
  proxy = await startForwardProxy()
})

afterAll(async () => {
  await server.close()
  await proxy.close()
})

const run = (args: string[], env: Record<string, string> = {}) => runCli([...args, '--host', server.url, '--token', 'wire-token'], {env: {FORGECTL_CONFIG_DIR: freshConfigDir(), ...env}})

/** the request targets the server saw while `action` ran */
async function seen(action: () => Promise<unknown>): Promise<string[]> {
  const before = server.requests.length
  await action()
  return server.requests.slice(before).map(r => `${r.method} ${r.url}`)
}

const file: typeof answers.json = (status, body) => (_req, res) => {
  res.writeHead(status, {'content-type': 'application/octet-stream'})
  res.end(String(body))
}

describe('a dot segment on the wire', () => {
  it('node:http sends the name as built', async () => {
    server.answer(answers.json(200, LABEL))
    const paths = await seen(async () => expect((await run(['labels', 'get', '..', '-p', 'acme/app'])).code).toBe(0))
    expect(paths).toEqual(['GET /api/v4/projects/acme%2Fapp/labels/%2E%2E'])
  })

  it("a download's own connection sends the path as written", async () => {
    server.answer(file(200, 'bytes'))
    const target = join(dir, 'direct.bin')
    const paths = await seen(async () => expect((await run(['api', 'GET', '/files/%2E%2E/x/%2e', '--download', target])).code).toBe(0))
    expect(paths).toEqual(['GET /api/v4/files/%2E%2E/x/%2E'])
    expect(readFileSync(target, 'utf8')).toBe('bytes')
  })

  it('undici, through a proxy, sends it as built, for an API call and a download', async () => {
    server.answer(answers.json(200, LABEL))
    const env = {HTTP_PROXY: proxy.url}
    const before = proxy.seen.length
    const paths = await seen(async () => {
      expect((await run(['labels', 'delete', '..', '-g', 'acme', '-y'], env)).code).toBe(0)
      server.answer(file(200, 'proxied'))
      expect((await run(['api', 'GET', '/files/%2E%2E', '--download', join(dir, 'proxied.bin')], env)).code).toBe(0)
    })
    expect(proxy.seen.slice(before).map(s => `${s.method} ${s.target}`)).toEqual([`DELETE ${server.url}/api/v4/groups/acme/labels/%2E%2E`, `GET ${server.url}/api/v4/files/%2E%2E`])
    expect(paths).toEqual(['DELETE /api/v4/groups/acme/labels/%2E%2E', 'GET /api/v4/files/%2E%2E'])
  })

  it("a followed redirect keeps the Location's encoded name, and --verbose shows where it went", async () => {
    server.answer((req, res) => (req.url?.startsWith('/api/v4/projects/') ? answers.redirect(302, '/api/v4/moved/%2e%2E/label') : answers.json(200, LABEL))(req, res))
    let verbose = ''
    const paths = await seen(async () => {
      const result = await run(['labels', 'get', '..', '-p', '7', '--verbose'])
      expect(result.code, result.stderr).toBe(0)
      verbose = result.stderr
    })
    expect(paths).toEqual(['GET /api/v4/projects/7/labels/%2E%2E', 'GET /api/v4/moved/%2E%2E/label'])
    expect(verbose).toContain(`< 302 redirect to ${server.url}/api/v4/moved/%2E%2E/label\n`)
  })
})

describe('a file name from the server or the path', () => {
  const named =
    (disposition: string): Answer =>
    (_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-disposition': disposition})
      res.end('named')
    }

  it('never names the folder itself or its parent: "..", "." or a broken escape fall back to the next name', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-names-'))
    for (const [disposition, saved] of [
      ['attachment; filename=".."', 'report'],
      ["attachment; filename*=UTF-8''%2E%2E", 'report'],
      ['attachment; filename="."', 'report'],
      ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.csv"', 'plain.csv'],
    ] as const) {
      server.answer(named(disposition))
      const result = await run(['api', 'GET', '/files/report', '--download', `${folder}/`, '--clobber'])
      expect(result.code, `${disposition}: ${result.stderr}`).toBe(0)
      expect(result.stderr).toContain(`${join(folder, saved)}`)
      expect(readFileSync(join(folder, saved), 'utf8')).toBe('named')
    }
    server.answer(file(200, 'bytes'))
    const encoded = await run(['api', 'GET', '/files/%2E%2E', '--download', `${folder}/`])
    expect(encoded.code, encoded.stderr).toBe(0)
    expect(readFileSync(join(folder, '%2E%2E'), 'utf8')).toBe('bytes')
  })
})
