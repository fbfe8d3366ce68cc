// `tokens audit` against the sandbox, whose seed dates dave's and erin's tokens from today: one expiring
// in 3 days, one in 20 (used 200 days ago), one in 200 (never used, 120 days old); the role tokens
// never expire; bob has an impersonation token and a service account tokens in every state.
import {describe, expect, it} from 'vitest'
import type {AuditedToken} from '../../src/api/token-audit.js'
import {auditTokens} from '../../src/api/token-audit.js'
import type {PersonalAccessToken} from '../../src/api/tokens.js'
import {parsePeriod} from '../../src/core/input/period.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const audit = async (args: string[], options: SandboxRunOptions = admin) => {
  const result = await sb.run(['tokens', 'audit', ...args, '--json'], options)
  return {...result, found: result.code === 0 || result.code === 10 ? result.json<AuditedToken[]>() : []}
}
const names = (found: AuditedToken[]) => found.map(t => t.name)
const DAY = 86_400_000

describe('tokens audit', () => {
  it('reports tokens expiring within 30 days and tokens without expiry, soonest first, and exits 10', async () => {
    const {code, found, stderr} = await audit([])
    expect(code, stderr).toBe(10)
    expect(names(found).slice(0, 2)).toEqual(['nightly-backup', 'release-bot'])
    expect(found[0]).toMatchObject({username: 'dave', kind: 'personal', reasons: ['expires in 3 days']})
    // no expiry: the sandbox's role tokens, after every dated one
    const undated = found.slice(2)
    expect(undated.length).toBeGreaterThanOrEqual(6)
    expect(undated.every(t => t.expires_at === null && t.reasons.includes('no expiry'))).toBe(true)
    // not reported: far expiries, revoked and expired tokens
    expect(names(found)).not.toContain('dashboard')
    expect(names(found)).not.toContain('leaked-laptop')
    expect(names(found)).not.toContain('expired-ci')
    expect(stderr).toMatch(/\d+ of \d+ active tokens to act on/)
  })

  it('asks the server for active tokens only, reading every page', async () => {
    const before = sb.sandbox.requests.length
    await sb.run(['tokens', 'audit', '--json'], admin)
    const lists = sb.sandbox.requests.slice(before).filter(r => r.path === '/personal_access_tokens')
    expect(lists.length).toBeGreaterThan(0)
    expect(lists.every(r => new URLSearchParams(r.query).get('state') === 'active')).toBe(true)
  })

  it('--expires-within narrows the window; --unused-for adds tokens unused or never used for that long', async () => {
    expect(names((await audit(['--expires-within', '7d'])).found)).not.toContain('release-bot')
    const {found} = await audit(['--expires-within', '7d', '--unused-for', '90d'])
    const byName = new Map(found.map(t => [t.name, t]))
    expect(byName.get('release-bot')?.reasons).toEqual(['unused for 200 days'])
    expect(byName.get('dashboard')?.reasons).toEqual(['never used'])
    // used yesterday: reported for its expiry only
    expect(byName.get('nightly-backup')?.reasons).toEqual(['expires in 3 days'])
    expect(byName.get('support-session')).toMatchObject({kind: 'impersonation', username: 'bob', reasons: ['never used']})
    expect(byName.get('deploy-staging')).toMatchObject({kind: 'service account', username: 'service_account_group_10_deployer', reasons: ['never used']})
  })

  it('exits 0 and prints an empty list when nothing needs attention', async () => {
    // erin: her role token has no expiry, and --user keeps the report to her
    const erin = await audit(['--user', '6'])
    expect(erin.code).toBe(10)
    expect(erin.found.map(t => [t.user_id, t.reasons])).toEqual([[6, ['no expiry']]])
    // the deployer's live tokens expire in years and it has no token without expiry
    const accounts = await sb.api<Array<{id: number; username: string}>>('GET', '/groups/10/service_accounts', {as: 'admin'})
    const deployer = accounts.body.find(a => a.username === 'service_account_group_10_deployer')
    const quiet = await audit(['--user', String(deployer?.id)])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(quiet.found).toEqual([])
  })

  it('a developer audits their own tokens', async () => {
    const {found} = await audit(['--unused-for', '30d'], {as: 'developer'})
    expect(found.length).toBeGreaterThan(0)
    expect(found.every(t => t.user_id === 3)).toBe(true)
    expect(names(found)).toContain('laptop')
  })

  it('shows a table on a terminal-less run when asked, with the reasons', async () => {
    const result = await sb.run(['tokens', 'audit', '-o', 'table'], admin)
    expect(result.code).toBe(10)
    expect(result.stdout).toMatch(/USERNAME/i)
    expect(result.stdout).toContain('expires in 3 days')
  })

  it('refuses a span it cannot read before any request, exit 2', async () => {
    const {result, requests} = await sb.runCounted(['tokens', 'audit', '--expires-within', 'soon'], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--expires-within "soon": must be a span of time')
    expect(requests).toBe(0)
  })
})

describe('auditTokens and parsePeriod (pure)', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  const token = (over: Partial<PersonalAccessToken>): PersonalAccessToken => ({
    id: 1,
    name: 't',
    description: null,
    revoked: false,
    active: true,
    scopes: ['api'],
    user_id: 7,
    created_at: '2026-01-01T00:00:00Z',
    expires_at: null,
    last_used_at: null,
    ...over,
  })

  it('reads spans in hours, days, weeks and years; a plain number is days', () => {
    expect(parsePeriod('30')).toBe(30 * DAY)
    expect(parsePeriod('12h')).toBe(DAY / 2)
    expect(parsePeriod('2w')).toBe(14 * DAY)
    expect(parsePeriod('1y')).toBe(365 * DAY)
    expect(parsePeriod('0d')).toBe(0)
    for (const bad of ['', 'soon', '-1d', '11y', '3m', '1e3']) expect(() => parsePeriod(bad)).toThrow(/span of time/)
  })

  it('leaves out what a server sent though it is not active (a server older than the state filter)', () => {
    const tokens = [token({id: 1, revoked: true}), token({id: 2, active: false}), token({id: 3})]
    expect(auditTokens(tokens, new Map(), {now, expiresWithinMs: 30 * DAY}).map(t => t.id)).toEqual([3])
  })

  it('counts an expiry on its date at midnight UTC, and sorts by it with undated tokens last', () => {
    const tokens = [token({id: 1}), token({id: 2, expires_at: '2026-12-20'}), token({id: 3, expires_at: '2026-11-27'}), token({id: 4, expires_at: '2026-12-27'})]
    const found = auditTokens(tokens, new Map(), {now, expiresWithinMs: 30 * DAY})
    expect(found.map(t => [t.id, t.reasons])).toEqual([
      [3, ['expires in 1 day']],
      [2, ['expires in 24 days']],
      [1, ['no expiry']],
    ])
  })

  it('says a token past its expiry date but still active has expired, not that it expires in a day', () => {
    const tokens = [token({id: 1, expires_at: '2026-11-26'}), token({id: 2, expires_at: '2026-11-20'}), token({id: 3, expires_at: '2026-11-27'})]
    expect(auditTokens(tokens, new Map(), {now, expiresWithinMs: DAY}).map(t => [t.id, t.reasons])).toEqual([
      [2, ['expired 6 days ago']],
      [1, ['expired today']],
      [3, ['expires in 1 day']],
    ])
  })

  it('skips what is no record and sorts an expiry that is no date after the real dates', () => {
    const odd = [null, 'x', token({id: 1, expires_at: 'soon'}), token({id: 2, expires_at: '2026-12-01'})] as unknown as PersonalAccessToken[]
    expect(auditTokens(odd, new Map(), {now, expiresWithinMs: 30 * DAY, unusedForMs: DAY}).map(t => t.id)).toEqual([2, 1])
  })

  it('names the kind from the owner: a bot named service_account… is a service account, another bot a bot', () => {
    const owners = new Map([
      ['7', {username: 'service_account_x', bot: true}],
      ['8', {username: 'project_5_bot_abc', bot: true}],
      ['9', {username: 'jane', bot: false}],
    ])
    const tokens = [token({id: 1, user_id: 7}), token({id: 2, user_id: 8}), token({id: 3, user_id: 9}), {...token({id: 4, user_id: 9}), impersonation: true}, token({id: 5, user_id: 10})]
    const kinds = auditTokens(tokens, owners, {now, expiresWithinMs: 0}).map(t => [t.id, t.kind, t.username])
    expect(kinds).toEqual([
      [1, 'service account', 'service_account_x'],
      [2, 'bot', 'project_5_bot_abc'],
      [3, 'personal', 'jane'],
      [4, 'impersonation', 'jane'],
      [5, 'personal', ''],
    ])
  })
})

// last in the file: it adds users and tokens to the sandbox that the tests above do not expect
describe('tokens audit on an instance with many owners', () => {
  it('names more owners than a page holds from the users list, read once, not one GET /users/:id each', async () => {
    const store = sb.sandbox.store
    const added = Array.from({length: 120}, (_, i) => store.addUser({username: `owner${i}`, name: `Owner ${i}`, email: `owner${i}@example.com`, bot: i === 0}))
    const soon = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)
    for (const user of added) {
      const made = await sb.api('POST', `/users/${user.id}/personal_access_tokens`, {as: 'admin', body: {name: `t-${user.username}`, scopes: ['api'], expires_at: soon}})
      expect(made.status).toBe(201)
    }
    const before = sb.sandbox.requests.length
    const {code, found, stderr} = await audit([])
    expect(code, stderr).toBe(10)
    const byName = new Map(found.map(t => [t.name, t]))
    for (const user of added) expect(byName.get(`t-${user.username}`)?.username).toBe(user.username)
    expect(byName.get('t-owner0')?.kind).toBe('bot')
    expect(byName.get('nightly-backup')?.username).toBe('dave')
    const asked = sb.sandbox.requests.slice(before).map(r => r.path)
    expect(asked.filter(p => p.startsWith('/users/'))).toEqual([])
    expect(asked.filter(p => p === '/users').length).toBeGreaterThanOrEqual(2)
    expect(stderr).not.toContain('Warning')
  })
})
