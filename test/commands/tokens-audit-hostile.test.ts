// `tokens audit` against a server that answers as no platform would: token records that are not
// records, owners without an ID or with one beyond 2^53, expiries that are no dates, owners that never
// answer. The audit never crashes, never asks for /users/undefined, never leaves out a token it cannot
// read, and a Ctrl-C while owners are looked up ends it with 130, not with a report passing for whole.
import {spawn} from 'node:child_process'
import {afterEach, describe, expect, it} from 'vitest'
import type {AuditedToken} from '../../src/api/token-audit.js'
import {BIN, cleanEnv, freshConfigDir, runCli} from '../helpers/cli.js'
import {type Answer, answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const servers: HostileServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

const token = (id: number, over: Record<string, unknown>) => ({
  id,
  name: `t${id}`,
  revoked: false,
  active: true,
  scopes: ['api'],
  user_id: 7,
  created_at: '2020-01-01T00:00:00Z',
  expires_at: null,
  last_used_at: null,
  ...over,
})

/** the token list as `tokens` (raw JSON text), and each owner as `owner` answers */
async function serve(tokens: string, owner: Answer): Promise<HostileServer> {
  const server = await startHostileServer((req, res) => {
    if (req.url?.startsWith('/api/v4/personal_access_tokens')) {
      res.writeHead(200, {'content-type': 'application/json', 'x-total-pages': '1'})
      res.end(tokens)
    } else void owner(req, res)
  })
  servers.push(server)
  return server
}

const env = (server: HostileServer) => ({FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'a-token'})

describe('tokens audit: records a server should not send', () => {
  it('reports every token it cannot read rather than crashing or leaving it out, and looks up only real owner IDs', async () => {
    const records = [
      token(1, {user_id: undefined}),
      token(2, {user_id: null}),
      token(3, {user_id: 'abc'}),
      token(4, {expires_at: 5}),
      token(5, {expires_at: '2020/01/02'}),
      token(6, {expires_at: '2999-01-01', last_used_at: {}}),
    ]
    const big = '{"id":7,"name":"t7","revoked":false,"active":true,"scopes":["api"],"user_id":123456789012345678901,"created_at":"2020-01-01","expires_at":null}'
    const server = await serve(`[null, 1, "x", ${JSON.stringify(records).slice(1, -1)}, ${big}]`, answers.json(200, {id: 7, username: 'jane', name: 'Jane', state: 'active'}))
    const result = await runCli(['tokens', 'audit', '--unused-for', '30d', '--json'], {env: env(server)})
    expect(result.code, result.stderr).toBe(10)
    const found = result.json<AuditedToken[]>()
    const reasons = new Map(found.map(t => [t.id, t.reasons]))
    expect(reasons.get(4)).toEqual(['expiry not a date', 'never used'])
    expect(reasons.get(5)).toEqual(['expiry not a date', 'never used'])
    expect(reasons.get(6)).toEqual(['last use not a date'])
    expect([...reasons.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    const owners = server.requests.filter(r => r.url.startsWith('/api/v4/users/')).map(r => r.url)
    expect(owners.sort()).toEqual(['/api/v4/users/123456789012345678901', '/api/v4/users/7'])
    expect(result.stdout).toContain('"user_id": 123456789012345678901')
  })
})

describe('tokens audit: a server that answers other than asked', () => {
  it('--user keeps the report to that user when the server ignores user_id, and an owner record of another user names no token', async () => {
    const records = JSON.stringify([token(1, {user_id: 7}), token(2, {user_id: 8})])
    // every /users/:id answers user 7, whatever the ID asked for
    const server = await serve(records, answers.json(200, {id: 7, username: 'jane', name: 'Jane', state: 'active'}))
    const mine = await runCli(['tokens', 'audit', '--user', '7', '--json'], {env: env(server)})
    expect(mine.code, mine.stderr).toBe(10)
    expect(mine.json<AuditedToken[]>().map(t => [t.id, t.username])).toEqual([[1, 'jane']])
    expect(server.requests.filter(r => r.url.startsWith('/api/v4/users/')).map(r => r.url)).toEqual(['/api/v4/users/7'])
    const all = await runCli(['tokens', 'audit', '--json'], {env: env(server)})
    expect(all.json<AuditedToken[]>().map(t => [t.id, t.username])).toEqual([
      [1, 'jane'],
      [2, ''],
    ])
  })
})

describe('tokens audit: a report larger than a pipe holds', () => {
  const many = JSON.stringify(Array.from({length: 3000}, (_, i) => token(i + 1, {user_id: 7})))
  const owner = answers.json(200, {id: 7, username: 'jane', name: 'Jane', state: 'active'})

  it('reaches the reader whole, with exit 10 (process.exit dropped all but the first 128 KiB)', async () => {
    const server = await serve(many, owner)
    const result = await runCli(['tokens', 'audit', '--json'], {spawn: true, env: env(server)})
    expect(result.code, result.stderr).toBe(10)
    expect(result.json<AuditedToken[]>()).toHaveLength(3000)
  })

  it('exits 10 when the reader leaves early (| head): what was found was found', async () => {
    const server = await serve(many, owner)
    const child = spawn(process.execPath, [BIN, 'tokens', 'audit', '--json'], {env: {...cleanEnv(), ...env(server), FORGECTL_CONFIG_DIR: freshConfigDir()}})
    child.stdin.end()
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise<number | null>(resolve => child.on('close', resolve))
    expect(code).toBe(10)
  })
})

describe('tokens audit: owners that never answer', () => {
  it('ends with 130 on Ctrl-C while owners are looked up, without a report that passes for whole', async () => {
    const many = JSON.stringify(Array.from({length: 40}, (_, i) => token(i + 1, {user_id: 1000 + i})))
    const server = await serve(many, () => {
      // never answers
    })
    const child = spawn(process.execPath, [BIN, 'tokens', 'audit', '--json'], {env: {...cleanEnv(), ...env(server), FORGECTL_CONFIG_DIR: freshConfigDir()}})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.stdin.end()
    const poll = setInterval(() => {
      if (server.requests.some(r => r.url.startsWith('/api/v4/users/'))) {
        clearInterval(poll)
        child.kill('SIGINT')
        // a run deaf to the signal is killed (no exit code) long after: a safety net, never a measure
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref()
      }
    }, 20)
    const code = await new Promise<number | null>(resolve => child.on('close', resolve))
    clearInterval(poll)
    expect(code, stderr).toBe(130)
    expect(stdout).toBe('')
    expect(stderr).not.toContain('to act on')
    // the owners are looked up a few at a time, not 40 at once
    expect(server.requests.filter(r => r.url.startsWith('/api/v4/users/')).length).toBeLessThanOrEqual(8)
  })
})

describe('tokens audit: many owners, and owners that hang', () => {
  /** tokens of `count` owners (IDs 1000…), one each, all without expiry */
  const ofOwners = (count: number) => JSON.stringify(Array.from({length: count}, (_, i) => token(i + 1, {user_id: 1000 + i})))
  const user = (id: number) => ({id, username: `user${id}`, name: `User ${id}`, state: 'active', bot: id === 1003})

  it('reads the users list once, pages concurrently, for more owners than a page holds, and only the owners it leaves out one by one', async () => {
    // the list leaves out users 1001 and 1002 (a kind of account it does not show)
    const all = Array.from({length: 600}, (_, i) => user(1000 + i)).filter(u => u.id !== 1001 && u.id !== 1002)
    const server = await serve(ofOwners(500), (req, res) => {
      const url = new URL(req.url!, 'http://x')
      const alone = /^\/api\/v4\/users\/(\d+)$/.exec(url.pathname)
      if (alone) return answers.json(200, user(Number(alone[1])))(req, res)
      if (url.pathname !== '/api/v4/users') return answers.json(404, {message: '404 Not found'})(req, res)
      const page = Number(url.searchParams.get('page') ?? 1)
      const perPage = Number(url.searchParams.get('per_page') ?? 20)
      res.writeHead(200, {'content-type': 'application/json', 'x-total-pages': String(Math.ceil(all.length / perPage))})
      res.end(JSON.stringify(all.slice((page - 1) * perPage, page * perPage)))
    })
    const result = await runCli(['tokens', 'audit', '--json'], {env: env(server)})
    expect(result.code, result.stderr).toBe(10)
    const found = result.json<AuditedToken[]>()
    expect(found).toHaveLength(500)
    expect(found.every(t => t.username === `user${t.user_id}`)).toBe(true)
    expect(found.find(t => t.user_id === 1003)?.kind).toBe('bot')
    const users = server.requests.filter(r => r.url.startsWith('/api/v4/users'))
    expect(
      users
        .filter(r => r.url.startsWith('/api/v4/users/'))
        .map(r => r.url)
        .sort(),
    ).toEqual(['/api/v4/users/1001', '/api/v4/users/1002'])
    expect(users.filter(r => r.url.startsWith('/api/v4/users?'))).toHaveLength(6)
    expect(result.stderr).not.toContain('Warning')
  })

  it('names the owners by ID with one warning when the users list cannot be read', async () => {
    const server = await serve(ofOwners(150), answers.json(403, {message: '403 Forbidden'}))
    const result = await runCli(['tokens', 'audit', '--json', '--retries', '0'], {env: env(server)})
    expect(result.code, result.stderr).toBe(10)
    expect(result.json<AuditedToken[]>().map(t => t.username)).toEqual(Array(150).fill(''))
    expect(result.stderr).toMatch(/^Warning: the 150 owners are named by user ID only: reading the users list failed \(403 Forbidden.*\)\.?$/m)
    expect(server.requests.filter(r => r.url.startsWith('/api/v4/users/'))).toHaveLength(0)
  })

  it('stops looking owners up after a few that hang, and reports every token with a warning saying why', async () => {
    const server = await serve(ofOwners(40), () => {
      // never answers
    })
    const result = await runCli(['tokens', 'audit', '--json', '--timeout', '1', '--retries', '0', '--concurrency', '2'], {env: env(server)})
    expect(result.code, result.stderr).toBe(10)
    expect(result.json<AuditedToken[]>()).toHaveLength(40)
    const lookups = server.requests.filter(r => r.url.startsWith('/api/v4/users/')).length
    // the two in flight when the third failure came, at most: not 40 timeouts
    expect(lookups).toBeLessThanOrEqual(4)
    expect(result.stderr).toMatch(/^Warning: \d+ of 40 owners are named by user ID only: their lookup stopped after \d+ failed \(the first: .*\)\.?$/m)
  })
})
