import {describe, expect, it} from 'vitest'
import type {ImpersonationToken} from '../../src/api/tokens.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const counted = (args: string[], options: SandboxRunOptions = admin) => sb.runCounted(args, options)
const listed = async (query = '') => (await sb.api<ImpersonationToken[]>('GET', `/users/3/impersonation_tokens${query}`, {as: 'admin'})).body

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function create(name: string, extra: string[] = ['--expires-at', inDays(30)]): Promise<ImpersonationToken> {
  const result = await sb.run(['impersonation-tokens', 'create', '-u', '3', '--name', name, '--scope', 'api', ...extra, '--json'], admin)
  expect(result.code, result.stderr).toBe(0)
  return result.json<ImpersonationToken>()
}

describe('impersonation-tokens list and get', () => {
  it("lists the user's tokens exactly as the API does, without values", async () => {
    const result = await sb.run(['impersonation-tokens', 'list', '-u', '3', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(await listed())
    expect(result.json<ImpersonationToken[]>().map(t => t.name)).toEqual(expect.arrayContaining(['support-session', 'old-support']))
    expect(result.stdout).not.toContain('"token"')
  })

  it('filters by --state and shows the default columns in a table', async () => {
    const active = await sb.run(['impersonation-tokens', 'list', '-u', '3', '--state', 'active', '--json'], admin)
    expect(active.json()).toEqual(await listed('?state=active'))
    expect(active.json<ImpersonationToken[]>().every(t => t.active)).toBe(true)
    const inactive = await sb.run(['impersonation-tokens', 'list', '-u', '3', '--state', 'inactive', '--json'], admin)
    expect(inactive.json<ImpersonationToken[]>().map(t => t.name)).toContain('old-support')
    expect(inactive.json<ImpersonationToken[]>().every(t => !t.active)).toBe(true)
    const table = await sb.run(['impersonation-tokens', 'list', '-u', '3', '-o', 'table'], admin)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+name\s+scopes\s+active\s+revoked\s+expires_at\s*$/)
    expect(table.stdout).toMatch(/old-support\s+api\s+false\s+true/)
  })

  it('gets one token, as the API shows it', async () => {
    const [first] = await listed()
    const result = await sb.run(['impersonation-tokens', 'get', String(first!.id), '-u', '3', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', `/users/3/impersonation_tokens/${first!.id}`, {as: 'admin'})).body)
    expect(result.json<ImpersonationToken>().impersonation).toBe(true)
  })

  it('reports an unknown token or user as not found (exit 3)', async () => {
    const token = await sb.run(['impersonation-tokens', 'get', '999999', '-u', '3'], admin)
    expect(token.code).toBe(3)
    expect(token.stderr).toContain('404 Not Found: Impersonation Token Not Found (GET /api/v4/users/3/impersonation_tokens/999999)')
    const user = await sb.run(['impersonation-tokens', 'list', '-u', '999999'], admin)
    expect(user.code).toBe(3)
    expect(user.stderr).toContain('User Not Found')
  })

  it('is for administrators: 403 (exit 5) for an owner, 401 (exit 4) without a valid token', async () => {
    const forbidden = await sb.run(['impersonation-tokens', 'list', '-u', '3'], {as: 'owner'})
    expect(forbidden.code).toBe(5)
    expect(forbidden.stderr).toMatch(/^Error: 403 Forbidden/)
    const wrong = await sb.run(['impersonation-tokens', 'list', '-u', '3'], {env: {FORGECTL_TOKEN: 'not-a-token'}})
    expect(wrong.code).toBe(4)
    expect(wrong.stderr).toMatch(/^Error: 401 Unauthorized/)
    const create = await sb.run(['impersonation-tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api', '--expires-at', inDays(1)], {as: 'developer'})
    expect(create.code).toBe(5)
  })

  it('names a missing -u, refuses an empty --name, and sends nothing (exit 2)', async () => {
    const missing = await counted(['impersonation-tokens', 'list'])
    expect(missing.result.code).toBe(2)
    expect(missing.result.stderr).toBe('Error: missing --user (user ID or username)\n')
    const empty = await counted(['impersonation-tokens', 'create', '-u', '3', '--name', '', '--scope', 'api'])
    expect(empty.result.code).toBe(2)
    expect(empty.result.stderr).toBe('Error: --name "": must not be empty\n')
    const state = await counted(['impersonation-tokens', 'list', '-u', '3', '--state', 'revoked'])
    expect(state.result.stderr).toBe('Error: --state "revoked": must be one of all, active, inactive\n')
    expect(missing.requests + empty.requests + state.requests).toBe(0)
  })

  it('validates --state, -u and TOKEN_ID before sending (exit 2)', async () => {
    for (const args of [
      ['impersonation-tokens', 'list', '-u', '3', '--state', 'revoked'],
      ['impersonation-tokens', 'list', '-u', 'bob smith'],
      ['impersonation-tokens', 'get', 'abc', '-u', '3'],
      ['impersonation-tokens', 'get', '7'],
    ]) {
      const {result, requests} = await counted(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
  })
})

describe('impersonation-tokens create and revoke', () => {
  it('creates an active impersonation token whose value acts as the user; revoking it stops it (401)', async () => {
    const token = await create('support-call', ['--description', 'Ticket 4242', '--expires-at', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)])
    expect(token).toMatchObject({name: 'support-call', impersonation: true, active: true, revoked: false, user_id: 3})
    expect(token.token).toMatch(/^glpat-/)
    const asBob = await sb.run(['api', 'GET', '/user'], {env: {FORGECTL_TOKEN: token.token}})
    expect(asBob.json<{username: string}>().username).toBe('bob')

    const revoked = await sb.run(['impersonation-tokens', 'revoke', String(token.id), '-u', '3', '--yes'], admin)
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(revoked.stdout).toBe('')
    expect(revoked.stderr).toContain(`Revoked impersonation token ${token.id} of user 3.`)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'DELETE', path: `/users/3/impersonation_tokens/${token.id}`})
    const after = await sb.run(['impersonation-tokens', 'get', String(token.id), '-u', '3', '--json'], admin)
    expect(after.json<ImpersonationToken>()).toMatchObject({revoked: true, active: false})
    const rejected = await sb.run(['api', 'GET', '/user'], {env: {FORGECTL_TOKEN: token.token}})
    expect(rejected.code).toBe(4)
    expect(rejected.stderr).not.toContain(token.token!)
  })

  it('requires --expires-at, since the platform gives impersonation tokens no default: named before sending (exit 2)', async () => {
    const {result, requests} = await counted(['impersonation-tokens', 'create', '-u', '3', '--name', 'long', '--scope', 'api'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: missing --expires-at (expiry date (required: the server sets none for impersonation tokens))\n')
    expect(requests).toBe(0)
    // what a request without it meets (lib/api/users.rb builds the token from the model)
    const server = await sb.api('POST', '/users/3/impersonation_tokens', {as: 'admin', body: {name: 'long', scopes: ['api']}})
    expect({status: server.status, body: server.body}).toEqual({status: 400, body: {message: {expires_at: ["can't be blank"]}}})
    expect((await create('dated', ['--expires-at', inDays(365)])).expires_at).toBe(inDays(365))
  })

  it('shows the value once on a table, with the warning', async () => {
    const result = await sb.run(['impersonation-tokens', 'create', '-u', '3', '--name', 'tabled', '--scope', 'read_user', '--expires-at', inDays(7), '-o', 'table'], admin)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^token: glpat-\S+$/m)
    expect(result.stdout).toMatch(/^impersonation\s+true/m)
    expect(result.stderr).toContain('shown only once')
  })

  it('a second revoke succeeds as the first (the platform answers 204 again), and the token stays revoked', async () => {
    const token = await create('twice')
    expect((await sb.run(['impersonation-tokens', 'revoke', String(token.id), '-u', '3', '-y'], admin)).code).toBe(0)
    const again = await sb.run(['impersonation-tokens', 'revoke', String(token.id), '-u', '3', '-y'], admin)
    expect(again.code, again.stderr).toBe(0)
    expect((await listed()).find(t => t.id === token.id)).toMatchObject({revoked: true, active: false})
  })

  it('refuses to revoke without a terminal and without --yes, sending nothing', async () => {
    const token = await create('kept')
    const {result, requests} = await counted(['impersonation-tokens', 'revoke', String(token.id), '-u', '3'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`refusing to revoke impersonation token ${token.id} of user 3 without confirmation: pass --yes`)
    expect(requests).toBe(0)
    expect((await sb.api<ImpersonationToken>('GET', `/users/3/impersonation_tokens/${token.id}`, {as: 'admin'})).body.active).toBe(true)
  })

  it('validates the inputs locally and the server checks them too', async () => {
    const {result, requests} = await counted(['impersonation-tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api', '--expires-at', inDays(3), '--description', 'd'.repeat(256)])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: --description "${'d'.repeat(60)}…": must be at most 255 characters, not 256\n`)
    expect(requests).toBe(0)
    const server = await sb.run(['impersonation-tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api', '--expires-at', '2099-01-01'], admin)
    expect(server.code).toBe(6)
    expect(server.stderr).toContain('expires_at must be before')
  })

  it('--verbose and --dry-run never show the access token nor the created value on stderr', async () => {
    const verbose = await sb.run(['impersonation-tokens', 'create', '-u', '3', '--name', 'traced', '--scope', 'api', '--expires-at', inDays(2), '--verbose', '--json'], admin)
    const value = verbose.json<ImpersonationToken>().token!
    expect(value).toMatch(/^glpat-/)
    expect(verbose.stderr).toContain('"token":"[REDACTED]"')
    expect(verbose.stderr).not.toContain(value)
    expect(verbose.stderr).not.toContain('sandbox-admin-token')
    const {result: dry, requests} = await counted(['impersonation-tokens', 'revoke', '5', '-u', '3', '--dry-run'])
    expect(requests).toBe(0)
    expect(dry.code).toBe(0)
    expect(dry.stderr).toContain('DRY RUN DELETE')
    expect(dry.stderr).not.toContain('sandbox-admin-token')
  })
})
