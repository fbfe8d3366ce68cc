// A server that shapes its answers oddly (issue 24, point 7), met through the CLI: a validation message
// whose fields hold objects, and file names in Content-Disposition that are broken, empty or a way out
// of the target folder. The error stays one readable line; the file lands inside the folder.
import {mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const servers: HostileServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

async function serve(answer: Parameters<typeof startHostileServer>[0]): Promise<HostileServer> {
  const server = await startHostileServer(answer)
  servers.push(server)
  return server
}

const run = (server: HostileServer, args: string[]) => runCli(args, {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'a-token'}})

describe('a validation message whose fields hold objects', () => {
  it('reads field.sub and its texts, on one line, with control characters shown', async () => {
    const server = await serve(answers.json(422, {message: {name: {first: ['is \u001b[31mred', 'is long']}, rules: [{pattern: ['is invalid']}], base: 'cannot be\nsaved'}}))
    const result = await run(server, ['labels', 'create', 'x', '--color', 'red', '-p', '20'])
    expect(result.code).toBe(6)
    // a model's own errors (base) are its sentences: no word base before them
    expect(result.stderr).toBe('Error: 422 Unprocessable Entity: name.first is \\e[31mred, is long; rules.pattern is invalid; cannot be saved (POST /api/v4/projects/20/labels)\n')
  })

  it('is cut at a line when the server sends pages of it', async () => {
    const server = await serve(answers.json(400, {message: Object.fromEntries(Array.from({length: 500}, (_, i) => [`field${i}`, ['is wrong']]))}))
    const result = await run(server, ['labels', 'create', 'x', '--color', 'red', '-p', '20'])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/^Error: 400 Bad Request: field0 is wrong; field1 is wrong; .{200,}… \(POST \/api\/v4\/projects\/20\/labels\)\n$/)
    expect(result.stderr.length).toBeLessThan(400)
  })
})

describe('a file name from the server', () => {
  const withName = (disposition: string) =>
    serve((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-disposition': disposition, 'content-length': '5'})
      res.end('bytes')
    })

  it.each([
    ["attachment; filename*=UTF-8''%E0%A4%A.csv", '\ufffd%A.csv'],
    ['attachment; filename="   "', 'export'],
    ['attachment; filename=".."', 'export'],
    ["attachment; filename*=UTF-8''..%2F..%2Fescaped.csv", 'escaped.csv'],
    ['attachment; filename="../../escaped.csv"', 'escaped.csv'],
    ['attachment; filename="reports/.."', 'export'],
  ])('%s is saved as %j inside the folder, and nothing else is written', async (disposition, saved) => {
    const outer = mkdtempSync(join(tmpdir(), 'forgectl-odd-'))
    const inner = join(outer, 'a', 'b')
    const server = await withName(disposition)
    const result = await run(server, ['api', 'GET', '/export', '--download', `${inner}/`])
    expect(result.code, result.stderr).toBe(0)
    expect(readdirSync(inner)).toEqual([saved])
    expect(readdirSync(outer)).toEqual(['a'])
    expect(readdirSync(join(outer, 'a'))).toEqual(['b'])
  })
})
