// tokens list/get/rotate/revoke against the sandbox's personal access token API, and
// `tokens rotate self --update-profile`, which must never lock the user out nor lose the new value.
import {chmodSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {hostname} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {PersonalAccessToken as Token} from '../../src/api/tokens.js'
import {NOT_ALLOWED_HINT} from '../../src/core/base/errors.js'
import {tokenRecords} from '../../src/sandbox/token-records.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, startHostileServer} from '../helpers/hostile-server.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** runs forgectl with this token value (not a role's) */
const withToken = (token: string): SandboxRunOptions => ({env: {FORGECTL_TOKEN: token}})
/** the record of the token itself, as the server sees it: 0 when it authenticates, 4 when it does not */
const getSelf = (token: string) => sb.run(['tokens', 'get', 'self', '--json'], withToken(token))
/** a fresh api-scoped token of bob (user 3), created by the administrator */
async function bobToken(name: string, scope = 'api'): Promise<Token> {
  const result = await sb.run(['tokens', 'create', '-u', '3', '--name', name, '--scope', scope, '--json'], admin)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Token>()
}
const names = (tokens: Token[]) => tokens.map(t => t.name)
const lastQuery = () => new URLSearchParams(sb.sandbox.requests.at(-1)!.query)

describe('tokens list', () => {
  it('shows an ordinary user their own tokens, impersonation tokens excluded, with the filters sent as the API names them', async () => {
    const all = await sb.run(['tokens', 'list', '--json'])
    expect(all.code, all.stderr).toBe(0)
    expect(names(all.json<Token[]>())).toEqual(['sandbox-developer', 'laptop', 'expired-ci', 'leaked-laptop'])
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/personal_access_tokens'})

    const active = await sb.run(['tokens', 'list', '--state', 'active', '--json'])
    expect(names(active.json<Token[]>())).toEqual(['sandbox-developer', 'laptop'])
    expect(lastQuery().get('state')).toBe('active')
    const inactive = await sb.run(['tokens', 'list', '--state', 'inactive', '--json'])
    expect(names(inactive.json<Token[]>())).toEqual(['expired-ci', 'leaked-laptop'])

    const revoked = await sb.run(['tokens', 'list', '--revoked', '--json'])
    expect(names(revoked.json<Token[]>())).toEqual(['leaked-laptop'])
    expect(lastQuery().get('revoked')).toBe('true')
    const notRevoked = await sb.run(['tokens', 'list', '--no-revoked', '--search', 'LAPTOP', '--json'])
    expect(names(notRevoked.json<Token[]>())).toEqual(['laptop'])
    expect(lastQuery().get('revoked')).toBe('false')
    expect(lastQuery().get('search')).toBe('LAPTOP')
  })

  it('filters by creation and last use times', async () => {
    const created = await sb.run(['tokens', 'list', '--created-after', '2025-05-01T00:00:00Z', '--created-before', '2025-12-31T00:00:00Z', '--json'])
    expect(names(created.json<Token[]>())).toEqual(['laptop', 'expired-ci'])
    expect(lastQuery().get('created_after')).toBe('2025-05-01T00:00:00Z')
    const used = await sb.run(['tokens', 'list', '--last-used-after', '2026-01-01T00:00:00Z', '--json'])
    // the token this very request came with was used just now (the sandbox records use: src/sandbox/token-use.ts)
    expect(names(used.json<Token[]>())).toEqual(['sandbox-developer', 'laptop'])
    const before = await sb.run(['tokens', 'list', '--last-used-before', '2026-01-01T00:00:00Z', '--json'])
    expect(names(before.json<Token[]>())).toEqual(['expired-ci'])
    const bad = await sb.runCounted(['tokens', 'list', '--created-after', 'yesterday'])
    expect(bad.result.code).toBe(2)
    expect(bad.requests).toBe(0)
  })

  it("lets an administrator list any user's tokens, and pages like every list", async () => {
    const bob = await sb.run(['tokens', 'list', '--user', '3', '--revoked', '--json'], admin)
    expect(bob.code, bob.stderr).toBe(0)
    expect(names(bob.json<Token[]>()).sort()).toEqual(['leaked-laptop', 'old-support'])
    expect(lastQuery().get('user_id')).toBe('3')
    const everyone = await sb.run(['tokens', 'list', '--json', '--all', '--per-page', '2'], admin)
    const owners = new Set(everyone.json<Token[]>().map(t => t.user_id))
    for (const id of [1, 2, 3, 4, 5, 6]) expect(owners).toContain(id)
    expect(sb.sandbox.requests.at(-1)!.query).toContain('per_page=2')
    const table = await sb.run(['tokens', 'list', '--state', 'active', '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+name\s+scopes\s+active\s+revoked\s+expires_at$/)
  })

  it('refuses another user\'s tokens to a non-administrator: exit 5 with the reason, not "log in again"', async () => {
    const other = await sb.run(['tokens', 'list', '--user', '1'])
    expect(other.code).toBe(5)
    expect(other.stderr).toBe(`Error: only administrators can list another user's tokens (the server answered 401 to --user 1)\n${NOT_ALLOWED_HINT}.\n`)
    expect(other.stdout).toBe('')
    // an invalid token is still an authentication failure
    const invalid = await sb.run(['tokens', 'list', '--user', '1'], withToken('not-a-token'))
    expect(invalid.code).toBe(4)
    expect(invalid.stderr).toMatch(/^Error: 401 Unauthorized/)
    // a username is looked up first (issue 27), then meets the same refusal
    const username = await sb.run(['tokens', 'list', '--user', 'root'])
    expect(username.code).toBe(5)
    expect(username.stderr).toContain("only administrators can list another user's tokens")
  })
})

describe('tokens get', () => {
  it('shows the token in use as self, and a token by ID; never a value', async () => {
    const self = await sb.run(['tokens', 'get', 'self', '--json'])
    expect(self.code, self.stderr).toBe(0)
    const record = self.json<Token>()
    expect(record).toMatchObject({name: 'sandbox-developer', user_id: 3, active: true, revoked: false, scopes: ['api']})
    expect(record).not.toHaveProperty('token')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/personal_access_tokens/self'})
    const byId = await sb.run(['tokens', 'get', String(record.id), '--json'])
    expect(byId.json<Token>()).toEqual(record)
    expect(sb.sandbox.requests.at(-1)!.path).toBe(`/personal_access_tokens/${record.id}`)
  })

  it("refuses someone else's token, or one that does not exist, to a non-administrator: the server's 401 said as not allowed (exit 5)", async () => {
    const adminSelf = (await sb.run(['tokens', 'get', 'self', '--json'], admin)).json<Token>()
    for (const id of [String(adminSelf.id), '999999']) {
      const hidden = await sb.run(['tokens', 'get', id])
      expect(hidden.code).toBe(5)
      expect(hidden.stderr).toBe(
        `Error: personal access token ${id} is not yours, or does not exist: only administrators can read other users' tokens (the server answered 401)\n${NOT_ALLOWED_HINT}.\n`,
      )
    }
    // an administrator is told 404 for one that does not exist
    expect((await sb.run(['tokens', 'get', '999999'], admin)).code).toBe(3)
    // a rejected token is still a 401 (exit 4)
    expect((await sb.run(['tokens', 'get', String(adminSelf.id)], {env: {FORGECTL_TOKEN: 'not-a-token'}})).code).toBe(4)
    const developerSelf = (await sb.run(['tokens', 'get', 'self', '--json'])).json<Token>()
    const seen = await sb.run(['tokens', 'get', String(developerSelf.id), '--json'], admin)
    expect(seen.code).toBe(0)
    expect(seen.json<Token>().user_id).toBe(3)
  })

  it.each(['abc', '0', '-1', 'SELF', '12a'])('refuses %s before sending (exit 2)', async ref => {
    const {result, requests} = await sb.runCounted(['tokens', 'get', '--', ref])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`TOKEN_ID "${ref}": must be a positive whole number or "self"`)
    expect(requests).toBe(0)
  })
})

describe('tokens rotate', () => {
  it("rotates a token by ID: a new value that works, with the old one's lifetime, and the old one gets 401", async () => {
    const old = await bobToken('rotate-by-id')
    const result = await sb.run(['tokens', 'rotate', String(old.id), '--yes', '--json'], withToken(old.token!))
    expect(result.code, result.stderr).toBe(0)
    const fresh = result.json<Token>()
    // created without --expires-at: the server's maximum, a year, which the new token keeps as far as every server takes it (the platform alone gives a week)
    expect(fresh).toMatchObject({name: 'rotate-by-id', scopes: ['api'], user_id: 3, active: true, expires_at: daysFromToday(364)})
    expect(result.stderr).toBe(
      `The new token expires on ${daysFromToday(364)}: the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day); the old token's was 365 days.\n`,
    )
    expect(sb.sandbox.requests.at(-2)).toMatchObject({method: 'GET', path: `/personal_access_tokens/${old.id}`})
    expect(fresh.token).toMatch(/^glpat-/)
    expect(fresh.id).not.toBe(old.id)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: `/personal_access_tokens/${old.id}/rotate`})
    expect((await getSelf(fresh.token!)).json<Token>().id).toBe(fresh.id)
    const stale = await getSelf(old.token!)
    expect(stale.code).toBe(4)
    expect(stale.stderr).toMatch(/^Error: 401 Unauthorized/)
    const listed = await sb.run(['tokens', 'get', String(old.id), '--json'], admin)
    expect(listed.json<Token>()).toMatchObject({revoked: true, active: false})
  })

  it('rotates self with --expires-at; -q prints the value alone, so TOKEN=$(...) works', async () => {
    const old = await bobToken('rotate-self')
    const expires = daysFromToday(30)
    const result = await sb.run(['tokens', 'rotate', 'self', '--expires-at', expires, '-y', '-q'], withToken(old.token!))
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^glpat-\S+\n$/)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/personal_access_tokens/self/rotate'})
    expect((await getSelf(result.stdout.trim())).json<Token>()).toMatchObject({name: 'rotate-self', expires_at: expires})
    expect((await getSelf(old.token!)).code).toBe(4)
  })

  it('on a table, shows the new value once with the warning, and never in a --verbose trace', async () => {
    const old = await bobToken('rotate-table')
    const result = await sb.run(['tokens', 'rotate', 'self', '-y', '-o', 'table', '--verbose'], withToken(old.token!))
    expect(result.code, result.stderr).toBe(0)
    const value = result.stdout.match(/^token: (glpat-\S+)$/m)?.[1]
    expect(value).toBeDefined()
    expect(result.stdout.split(value!)).toHaveLength(2)
    expect(result.stderr).toContain('Copy the token now: it is shown only once')
    expect(result.stderr).toContain('"token":"[REDACTED]"')
    expect(result.stderr).not.toContain(value!)
    expect(result.stderr).not.toContain(old.token!)
  })

  it('refuses a revoked token (400, exit 6, nothing changes) and rotates an expired one (rotate_service.rb checks revocation only)', async () => {
    const mine = (await sb.run(['tokens', 'list', '--json'])).json<Token[]>()
    const revoked = mine.find(t => t.name === 'leaked-laptop')!
    const expired = mine.find(t => t.name === 'expired-ci')!
    const r = await sb.run(['tokens', 'rotate', String(revoked.id), '-y'])
    expect(r.code).toBe(6)
    expect(r.stderr).toBe(`Error: 400 Bad Request: Bad request - Token already revoked (POST /api/v4/personal_access_tokens/${revoked.id}/rotate)\n`)
    expect(r.stdout).toBe('')
    expect(names((await sb.run(['tokens', 'list', '--json'])).json<Token[]>())).toEqual(names(mine))
    const e = await sb.run(['tokens', 'rotate', String(expired.id), '-y', '--json'])
    expect(e.code, e.stderr).toBe(0)
    expect(e.json<Token>()).toMatchObject({name: 'expired-ci', active: true})
  })

  it("refuses someone else's token to a non-administrator (the server's 401, exit 5), and that token keeps working", async () => {
    const victim = await sb.run(['tokens', 'create', '-u', '2', '--name', 'alice-ci', '--scope', 'api', '--json'], admin)
    const token = victim.json<Token>()
    const result = await sb.run(['tokens', 'rotate', String(token.id), '-y'])
    expect(result.code).toBe(5)
    expect(result.stderr).toMatch(/^Error: personal access token \d+ is not yours, or does not exist: only administrators can rotate other users' tokens \(the server answered 401\)/)
    // --expires-at: no read first, the rotation itself is refused
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const direct = await sb.run(['tokens', 'rotate', String(token.id), '-y', '--expires-at', inAMonth])
    expect(direct.code).toBe(5)
    expect(direct.stderr).toMatch(
      /^Error: personal access token \d+ is not yours, or does not exist: only administrators can rotate other users' tokens \(the server answered 401\)\nNot allowed: the token is valid, but .*\n$/,
    )
    expect((await getSelf(token.token!)).code).toBe(0)
    // an administrator may
    const byAdmin = await sb.run(['tokens', 'rotate', String(token.id), '-y', '-q'], admin)
    expect(byAdmin.code, byAdmin.stderr).toBe(0)
    expect((await getSelf(byAdmin.stdout.trim())).json<Token>().user_id).toBe(2)
    expect((await getSelf(token.token!)).code).toBe(4)
  })

  it('asks first: without a terminal and without --yes it refuses (exit 2) and sends nothing', async () => {
    const old = await bobToken('unconfirmed')
    const {result, requests} = await sb.runCounted(['tokens', 'rotate', 'self'], withToken(old.token!))
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: refusing to rotate the token forgectl is using and revoke its old value without confirmation: pass --yes (-y)\n')
    expect(requests).toBe(0)
    expect((await getSelf(old.token!)).code).toBe(0)
  })
})

describe("tokens rotate keeps the old token's lifetime", () => {
  /** a token of bob's as if it had been created `age` days ago, to live `lifetime` days from then (null: no expiry) */
  async function agedToken(name: string, age: number, lifetime: number | null): Promise<Token> {
    const token = await bobToken(name)
    const record = tokenRecords(sb.sandbox.store).get(plainId(token.id))!
    record.created_at = new Date(Date.now() - age * 86_400_000).toISOString()
    record.expires_at = lifetime === null ? null : daysFromToday(lifetime - age)
    return token
  }
  const rotateSelf = (token: Token, ...flags: string[]) => sb.runCounted(['tokens', 'rotate', 'self', '-y', '--json', ...flags], withToken(token.token!))

  it('a 30-day token rotated on its 24th day is good for 30 more days, and the note says so', async () => {
    const {result, requests} = await rotateSelf(await agedToken('monthly', 24, 30))
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Token>().expires_at).toBe(daysFromToday(30))
    expect(result.stderr).toBe(`The new token expires on ${daysFromToday(30)}: the old token's lifetime of 30 days.\n`)
    // the old token read first (self works with any scope), then the rotation
    expect(requests).toBe(2)
    expect(sb.sandbox.requests.at(-2)).toMatchObject({method: 'GET', path: '/personal_access_tokens/self'})
  })

  it('gives a token that never expired, or one that lived a year or longer, 364 days: the longest every time zone of the server takes', async () => {
    const never = await rotateSelf(await agedToken('forever', 100, null))
    expect(never.result.code, never.result.stderr).toBe(0)
    expect(never.result.json<Token>().expires_at).toBe(daysFromToday(364))
    expect(never.result.stderr).toContain('the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day), as the old token never expired')
    const long = await rotateSelf(await agedToken('two-years', 700, 730))
    expect(long.result.code, long.result.stderr).toBe(0)
    expect(long.result.json<Token>().expires_at).toBe(daysFromToday(364))
    expect(long.result.stderr).toContain("the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day); the old token's was 730 days")
  })

  it('--expires-at wins, and the old token is not read', async () => {
    const {result, requests} = await rotateSelf(await agedToken('chosen', 5, 30), '--expires-at', daysFromToday(12))
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Token>().expires_at).toBe(daysFromToday(12))
    expect(result.stderr).toBe(`The new token expires on ${daysFromToday(12)}: as --expires-at asked.\n`)
    expect(requests).toBe(1)
  })

  it('a record whose dates give no lifetime leaves the choice to the server, with a warning that -q keeps', async () => {
    const token = await agedToken('odd-dates', 5, 30)
    tokenRecords(sb.sandbox.store).get(plainId(token.id))!.created_at = 'yesterday\u001b[2J'
    const result = await sb.run(['tokens', 'rotate', 'self', '-y', '-q'], withToken(token.token!))
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^glpat-\S+\n$/)
    expect(result.stderr).toBe(
      `Warning: the old token's record gives no lifetime (created_at "yesterday\\u001b[2J", expires_at "${daysFromToday(25)}"): the server chose the new token's expiry, ${daysFromToday(7)}.\n`,
    )
  })

  it('rotates nothing when the old token cannot be read (a server without the read): the error names the read, and the token keeps working', async () => {
    const token = await agedToken('unreadable', 5, 30)
    sb.sandbox.faults.push({path: '^/personal_access_tokens/self$', method: 'GET', kind: 'status', status: 404, times: 1})
    const {result, requests} = await rotateSelf(token)
    expect(result.code).toBe(3)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'Error: 404 Not Found: Service Unavailable (GET /api/v4/personal_access_tokens/self): nothing was rotated; forgectl reads the old token to keep its lifetime (--expires-at chooses the new expiry without reading it)\n',
    )
    expect(requests).toBe(1)
    expect((await getSelf(token.token!)).code).toBe(0)
  })

  it('--dry-run reads nothing, sends nothing, and says that a real run sends expires_at', async () => {
    const {result, requests} = await rotateSelf(await agedToken('dry', 5, 30), '--dry-run')
    expect(result.code, result.stderr).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('Dry run: the old token was not read; a real run reads it first and sends expires_at')
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/personal_access_tokens/self/rotate`)
  })
})

describe('a token with only the self_rotate scope', () => {
  it('can read and rotate itself, and nothing else', async () => {
    const created = await sb.run(['tokens', 'create', '--name', 'nightly', '--scope', 'self_rotate', '-q'], {as: 'reporter'})
    const value = created.stdout.trim()
    expect(value).toMatch(/^glpat-/)
    const list = await sb.run(['tokens', 'list'], withToken(value))
    expect(list.code).toBe(5)
    expect(list.stderr).toBe(`Error: 403 Forbidden: insufficient_scope (GET /api/v4/personal_access_tokens)\n${NOT_ALLOWED_HINT}.\n`)
    const self = (await getSelf(value)).json<Token>()
    expect(self).toMatchObject({name: 'nightly', scopes: ['self_rotate'], user_id: 6})
    // by ID it needs the api scope, even for itself
    const byId = await sb.run(['tokens', 'rotate', String(self.id), '-y'], withToken(value))
    expect(byId.code).toBe(5)
    expect(byId.stderr).toContain('insufficient_scope')
    const rotated = await sb.run(['tokens', 'rotate', 'self', '-y', '-q'], withToken(value))
    expect(rotated.code, rotated.stderr).toBe(0)
    expect((await getSelf(rotated.stdout.trim())).json<Token>()).toMatchObject({name: 'nightly', scopes: ['self_rotate']})
    expect((await getSelf(value)).code).toBe(4)
  })
})

describe('tokens revoke', () => {
  it('asks first (exit 2 without --yes, nothing sent), then revokes: 204, and the token stops working', async () => {
    const token = await bobToken('to-revoke')
    const refused = await sb.runCounted(['tokens', 'revoke', String(token.id)])
    expect(refused.result.code).toBe(2)
    expect(refused.result.stderr).toBe(`Error: refusing to revoke token ${token.id} without confirmation: pass --yes (-y)\n`)
    expect(refused.requests).toBe(0)
    const result = await sb.run(['tokens', 'revoke', String(token.id), '--yes'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`Revoked token ${token.id}.\n`)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'DELETE', path: `/personal_access_tokens/${token.id}`})
    expect((await getSelf(token.token!)).code).toBe(4)
    const again = await sb.run(['tokens', 'revoke', String(token.id), '--yes'])
    expect(again.code).toBe(6)
  })

  it("revokes self with any scope, and refuses someone else's token to a non-administrator", async () => {
    const value = (await sb.run(['tokens', 'create', '--name', 'short-lived', '--scope', 'self_rotate', '-q'])).stdout.trim()
    const result = await sb.run(['tokens', 'revoke', 'self', '-y'], withToken(value))
    expect(result.code, result.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'DELETE', path: '/personal_access_tokens/self'})
    expect((await getSelf(value)).code).toBe(4)
    const adminSelf = (await sb.run(['tokens', 'get', 'self', '--json'], admin)).json<Token>()
    const other = await sb.run(['tokens', 'revoke', String(adminSelf.id), '-y'])
    expect(other.code).toBe(6)
    expect((await sb.run(['tokens', 'get', 'self'], admin)).code).toBe(0)
  })
})

describe('tokens rotate self --update-profile', () => {
  /** a config folder of its own with profile `ci` logged in with `token` */
  async function loggedIn(token: string): Promise<{dir: string; env: Record<string, string | undefined>}> {
    const dir = freshConfigDir()
    const env = {FORGECTL_CONFIG_DIR: dir, FORGECTL_PROFILE: 'ci'}
    const login = await sb.run(['auth', 'login', '--token-stdin'], {as: null, env, stdin: token})
    expect(login.code, login.stderr).toBe(0)
    return {dir, env}
  }
  const storedToken = (dir: string) => (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {profiles: Record<string, {token?: string}>}).profiles.ci?.token

  it('stores the new token in the profile (mode 0600), prints the record without the value, and the next command works', async () => {
    const old = await bobToken('ci-job')
    const {dir, env} = await loggedIn(old.token!)
    const result = await sb.run(['tokens', 'rotate', 'self', '--update-profile', '--yes'], {as: null, env})
    expect(result.code, result.stderr).toBe(0)
    const record = result.json<Token>()
    expect(record).toMatchObject({name: 'ci-job', active: true, expires_at: daysFromToday(364)})
    // the value went into the profile, not into a log
    expect(record).not.toHaveProperty('token')
    expect(result.stderr).toBe(
      `Stored the new token in profile "ci": the old one is revoked.\nThe new token expires on ${daysFromToday(364)}: the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day); the old token's was 365 days.\n`,
    )
    const stored = storedToken(dir)!
    expect(stored).toMatch(/^glpat-/)
    expect(stored).not.toBe(old.token)
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600)
    const next = await sb.run(['tokens', 'get', 'self', '--json'], {as: null, env})
    expect(next.code, next.stderr).toBe(0)
    expect(next.json<Token>().id).toBe(record.id)
    expect((await getSelf(old.token!)).code).toBe(4)
  })

  it('-q prints the new value, the same that was stored', async () => {
    const {dir, env} = await loggedIn((await bobToken('ci-quiet')).token!)
    const result = await sb.run(['tokens', 'rotate', 'self', '--update-profile', '-y', '-q'], {as: null, env})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(`${storedToken(dir)}\n`)
  })

  it('refuses a token that came from FORGECTL_TOKEN or --token before rotating (exit 2), and the token keeps working', async () => {
    const old = await bobToken('ci-env')
    const {dir, env} = await loggedIn((await bobToken('ci-profile')).token!)
    const fromEnv = await sb.runCounted(['tokens', 'rotate', 'self', '--update-profile', '-y'], {env: {...env, FORGECTL_TOKEN: old.token}})
    expect(fromEnv.result.code).toBe(2)
    expect(fromEnv.result.stderr).toBe(
      'Error: --update-profile writes the new token into the stored profile the current one came from, but it came from FORGECTL_TOKEN; rotate without --update-profile and store the printed value where the old one was\n',
    )
    expect(fromEnv.requests).toBe(0)
    const fromFlag = await sb.runCounted(['tokens', 'rotate', 'self', '--update-profile', '-y', '--token', old.token!], {as: null, env})
    expect(fromFlag.result.code).toBe(2)
    expect(fromFlag.result.stderr).toContain('but it came from --token')
    expect(fromFlag.requests).toBe(0)
    expect(fromFlag.result.stderr).not.toContain(old.token!)
    const byId = await sb.runCounted(['tokens', 'rotate', String(old.id), '--update-profile', '-y'], {as: null, env})
    expect(byId.result.code).toBe(2)
    expect(byId.result.stderr).toContain('--update-profile goes with self')
    expect(byId.requests).toBe(0)
    expect((await getSelf(old.token!)).code).toBe(0)
    expect(storedToken(dir)).not.toBe(old.token)
  })

  it('settings written at the same time by other forgectl runs never put the old token back (issue 23.9)', async () => {
    const {dir, env} = await loggedIn((await bobToken('ci-crowded')).token!)
    const rotate = sb.run(['tokens', 'rotate', 'self', '--update-profile', '-y', '-q'], {as: null, env, spawn: true})
    const others = Array.from({length: 8}, (_, i) => sb.run(['config', 'set', 'timeout', String(10 + i), '--profile', i % 2 ? 'ci' : `other${i}`], {as: null, env, spawn: true}))
    const [rotated, ...sets] = await Promise.all([rotate, ...others])
    expect(rotated!.code, rotated!.stderr).toBe(0)
    expect(sets.every(set => set.code === 0)).toBe(true)
    expect(storedToken(dir)).toBe(rotated!.stdout.trim())
    const profiles = (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {profiles: Record<string, object>}).profiles
    expect(Object.keys(profiles).sort()).toEqual(['ci', 'other0', 'other2', 'other4', 'other6'])
    expect((await sb.run(['tokens', 'get', 'self'], {as: null, env})).code).toBe(0)
  }, 120_000)

  it('a settings file kept locked by another forgectl: the new value is printed, not lost (exit 1)', async () => {
    const old = await bobToken('ci-locked')
    const {dir, env} = await loggedIn(old.token!)
    const lock = join(dir, 'config.json.lock')
    writeFileSync(lock, JSON.stringify({pid: process.pid, host: hostname(), id: 'busy'}))
    const result = await sb.run(['tokens', 'rotate', 'self', '--update-profile', '-y', '-q'], {as: null, env: {...env, FORGECTL_LOCK_WAIT_MS: '200'}})
    rmSync(lock)
    expect(result.code).toBe(1)
    const value = result.stdout.trim()
    expect(value).toMatch(/^glpat-/)
    expect(result.stderr).toContain('storing the new one in profile "ci" failed (the settings file')
    expect(result.stderr).toContain('is being changed by another forgectl')
    expect(storedToken(dir)).toBe(old.token)
    expect((await getSelf(value)).code).toBe(0)
  })

  it("refuses when the host is not the profile's: the profile would get a token of another server", async () => {
    const {env} = await loggedIn((await bobToken('ci-host')).token!)
    const elsewhere = sb.url.replace('127.0.0.1', 'localhost')
    const {result, requests} = await sb.runCounted(['tokens', 'rotate', 'self', '--update-profile', '-y'], {as: null, env: {...env, FORGECTL_HOST: elsewhere}})
    expect(result.code).toBe(2)
    // the connection already keeps the profile's token from another origin (connection.ts), and says why
    expect(result.stderr).toContain(`--update-profile: the stored token of profile "ci" is for ${sb.url} and is not sent to ${elsewhere} (FORGECTL_HOST)`)
    expect(requests).toBe(0)
  })

  it('when storing fails after the rotation, prints the new value on stdout with a warning, exits 1, and the value works', async () => {
    const old = await bobToken('ci-unlucky')
    const {dir, env} = await loggedIn(old.token!)
    // Hold the server's answer long enough to make the config folder unwritable meanwhile: the token was
    // read, the rotation happens, and only storing fails (a plain file where the folder was: even root
    // cannot write into that).
    sb.sandbox.faults.push({path: '^/personal_access_tokens/self/rotate$', method: 'POST', kind: 'latency', latencyMs: 1500, times: 1})
    const before = sb.sandbox.requests.length
    const running = sb.run(['tokens', 'rotate', 'self', '--update-profile', '-y', '--json'], {as: null, env})
    while (!sb.sandbox.requests.slice(before).some(r => r.path === '/personal_access_tokens/self/rotate')) await new Promise(r => setTimeout(r, 20))
    rmSync(dir, {recursive: true})
    writeFileSync(dir, '')
    const result = await running
    rmSync(dir)
    expect(result.code).toBe(1)
    const value = result.json<Token>().token!
    expect(value).toMatch(/^glpat-/)
    expect(result.stderr).toBe(
      `Error: the token was rotated and the old one revoked, but storing the new one in profile "ci" failed (refusing to use the settings folder ${dir}: it is not a folder): the value printed on stdout is the only copy; store it with \`forgectl auth login --profile ci --token-stdin\`\n`,
    )
    expect((await getSelf(value)).json<Token>().name).toBe('ci-unlucky')
    expect((await getSelf(old.token!)).code).toBe(4)
  })

  it('an answer lost after the rotation says the rotation may have happened, not only that the connection closed', async () => {
    const old = await bobToken('ci-lost')
    sb.sandbox.faults.push({path: '^/personal_access_tokens/self/rotate$', method: 'POST', kind: 'drop', phase: 'after', times: 1})
    const result = await sb.run(['tokens', 'rotate', 'self', '-y'], withToken(old.token!))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^Error: POST \S+\/personal_access_tokens\/self\/rotate: .*closed the connection without answering.*; the POST may have been carried out all the same: check before repeating it\n$/,
    )
    // it was: the old token is revoked
    expect((await getSelf(old.token!)).code).toBe(4)
  })

  it("a new value no token can have (a hostile server's line break) is printed, not stored (exit 1)", async () => {
    const server = await startHostileServer()
    try {
      const record = {id: 7, name: 'ci', active: true, scopes: ['api'], created_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-31'}
      server.answer((req, res) =>
        req.method === 'POST' ? answers.json(200, {...record, id: 8, token: 'glpat-new\r\nX-Injected: 1', expires_at: '2099-01-01'})(req, res) : answers.json(200, record)(req, res),
      )
      const dir = freshConfigDir()
      writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {ci: {host: server.url, token: 'glpat-old'}}}), {mode: 0o600})
      const result = await runCli(['tokens', 'rotate', 'self', '--update-profile', '-y', '--json'], {env: {FORGECTL_CONFIG_DIR: dir, FORGECTL_PROFILE: 'ci'}})
      expect(result.code).toBe(1)
      expect(result.json<Token>().token).toBe('glpat-new\r\nX-Injected: 1')
      expect(result.stderr).toContain(
        'storing the new one in profile "ci" failed (the new token: an access token is printable ASCII without spaces, and this one holds a line break): the value printed on stdout is the only copy',
      )
      expect(storedToken(dir)).toBe('glpat-old')
    } finally {
      await server.close()
    }
  })

  it.skipIf(process.getuid?.() === 0)('refuses before rotating when the config folder is read-only (exit 2), and nothing changes', async () => {
    const old = await bobToken('ci-read-only')
    const {dir, env} = await loggedIn(old.token!)
    chmodSync(dir, 0o500)
    try {
      const {result, requests} = await sb.runCounted(['tokens', 'rotate', 'self', '--update-profile', '-y'], {as: null, env})
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('(EACCES); nothing was rotated')
      expect(requests).toBe(0)
    } finally {
      chmodSync(dir, 0o700)
    }
    expect((await getSelf(old.token!)).code).toBe(0)
  })

  it('without --update-profile, a rotated self from a profile is printed, with a note that the profile is stale', async () => {
    const old = await bobToken('ci-stale')
    const {dir, env} = await loggedIn(old.token!)
    const result = await sb.run(['tokens', 'rotate', 'self', '-y', '-q'], {as: null, env})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^glpat-\S+\n$/)
    expect(result.stderr).toContain('Warning: profile "ci" still holds the old token, which no longer works')
    expect(storedToken(dir)).toBe(old.token)
  })
})
