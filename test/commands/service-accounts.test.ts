import {describe, expect, it} from 'vitest'
import type {ServiceAccount as Account} from '../../src/api/service-accounts.js'
import type {PersonalAccessToken as Token} from '../../src/api/tokens.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const owner: SandboxRunOptions = {as: 'owner'}
const counted = (args: string[], options: SandboxRunOptions = owner) => sb.runCounted(args, options)
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const whoIs = (token: string) => sb.run(['api', 'GET', '/user'], {env: {FORGECTL_TOKEN: token}})

async function json<T>(args: string[], options: SandboxRunOptions = owner): Promise<T> {
  const result = await sb.run([...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<T>()
}

/** the seeded acme account whose tokens cover every state (see the sandbox's service-accounts routes) */
async function deployer(): Promise<Account> {
  const accounts = (await sb.api<Account[]>('GET', '/groups/acme/service_accounts', {as: 'owner'})).body
  return accounts.find(a => a.username === 'service_account_group_10_deployer')!
}

/** a fresh acme account with tokens of its own, for the commands that change tokens */
async function accountWithTokens(names: string[]): Promise<{account: Account; tokens: Token[]}> {
  const account = await json<Account>(['service-accounts', 'create', '-g', 'acme'])
  const tokens: Token[] = []
  for (const name of names) tokens.push(await json<Token>(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '--name', name, '--scope', 'api']))
  return {account, tokens}
}

describe('service-accounts list', () => {
  it('lists the instance accounts as {id, username, name, public_email, email}, newest first, exactly as the API does', async () => {
    const result = await sb.run(['service-accounts', 'list', '--json'], admin)
    expect(result.code).toBe(0)
    const accounts = result.json<Account[]>()
    expect(accounts).toEqual((await sb.api('GET', '/service_accounts', {as: 'admin'})).body)
    expect(accounts.map(a => a.username)).toEqual(expect.arrayContaining(['service_account_backup', 'service_account_audit']))
    for (const a of accounts) expect(Object.keys(a).sort()).toEqual(['email', 'id', 'name', 'public_email', 'username'])
    const ids = accounts.map(a => plainId(a.id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a)) // API default: order_by id, sort desc
  })

  // the platform takes the field and the direction apart (the platform's API::ServiceAccounts and its group twin:
  // order_by id|username, sort asc|desc, each a parameter of its own); forgectl's one spelling names both, and is sent as that pair
  it('takes --sort -username, the one spelling of a sort, as order_by=username&sort=desc; --order-by naming another field is refused before sending', async () => {
    const result = await sb.run(['service-accounts', 'list', '--sort', '-username', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)!.query).toContain('order_by=username&sort=desc')
    const names = result.json<Account[]>().map(a => a.username)
    expect(names).toEqual([...names].sort().reverse())
    const same = await sb.run(['service-accounts', 'list', '--sort', 'username_desc', '--order-by', 'username', '--json'], admin)
    expect(same.json()).toEqual(result.json())
    const both = await sb.runCounted(['service-accounts', 'list', '--sort', '-username', '--order-by', 'id'], admin)
    expect(both.result.code).toBe(2)
    expect(both.result.stderr).toBe('Error: --sort username_desc orders by username, and --order-by id by another field: give one\n')
    expect(both.requests).toBe(0)
  })

  it('passes --order-by and --sort to the API and keeps its order', async () => {
    const result = await sb.run(['service-accounts', 'list', '--order-by', 'username', '--sort', 'asc', '--json'], admin)
    expect(result.code).toBe(0)
    expect(sb.sandbox.requests.at(-1)!.query).toContain('order_by=username&sort=asc')
    const names = result.json<Account[]>().map(a => a.username)
    expect(names).toEqual([...names].sort())
    const table = await sb.run(['service-accounts', 'list', '--sort', 'asc', '-o', 'table'], admin)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+username\s+name\s+email\s*$/)
    const tableIds = table.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map(line => Number(line.split(/\s+/)[0]))
    expect(tableIds).toEqual([...tableIds].sort((a, b) => a - b))
  })

  it("lists a group's accounts with their e-mail, and only that group's", async () => {
    const result = await sb.run(['service-accounts', 'list', '-g', 'acme', '--json'], owner)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/groups/acme/service_accounts', {as: 'owner'})).body)
    const accounts = result.json<Account[]>()
    expect(accounts.map(a => a.username)).toContain('service_account_group_10_deployer')
    expect(accounts.map(a => a.username)).not.toContain('service_account_group_12_releaser')
    expect(accounts.every(a => typeof a.email === 'string')).toBe(true)
    const table = await sb.run(['service-accounts', 'list', '-g', 'acme', '-o', 'table'], owner)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+username\s+name\s+email\s*$/)
  })

  it('maps refusals: instance list 403 for a user, 401 without a token; group list 403 below Owner, 404 outside; create 400 in a subgroup given by ID', async () => {
    const cases: Array<[string[], SandboxRunOptions, number, string]> = [
      [['service-accounts', 'list'], owner, 5, '403 Forbidden'],
      [['service-accounts', 'list'], {as: null}, 4, '401 Unauthorized'],
      [['service-accounts', 'list', '-g', 'acme'], {as: 'maintainer'}, 5, '403 Forbidden'],
      [['service-accounts', 'list', '-g', 'acme'], {as: 'outsider'}, 3, '404 Not Found: Group Not Found'],
      [['service-accounts', 'create', '-g', '11'], admin, 6, 'User does not have permission to create a service account in this group.'],
    ]
    for (const [args, options, code, message] of cases) {
      const result = await sb.run(args, options)
      expect(result.code, args.join(' ')).toBe(code)
      expect(result.stderr).toContain(message)
      expect(result.stdout).toBe('')
    }
  })

  it('refuses locally a subgroup path and unknown enum values (exit 2, nothing sent)', async () => {
    for (const args of [
      ['service-accounts', 'list', '-g', 'acme/platform'],
      ['service-accounts', 'list', '--order-by', 'name'],
      ['service-accounts', 'list', '--sort', 'up'],
    ]) {
      const {result, requests} = await counted(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
    const {result} = await counted(['service-accounts', 'create', '-g', 'acme/platform'])
    expect(result.stderr).toBe('Error: --group "acme/platform": is a subgroup; service accounts belong to top-level groups only\n')
  })
})

describe('service-accounts create and update', () => {
  it('creates an instance account with the defaults: name, service_account_ username, generated no-reply e-mail', async () => {
    const account = await json<Account>(['service-accounts', 'create'], admin)
    expect(account.name).toBe('Service account user')
    expect(account.username).toMatch(/^service_account_/)
    expect(account.username).not.toMatch(/^service_account_group_/)
    expect(account.email).toMatch(/^service_account_.*@noreply\./)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/service_accounts'})
    const listed = (await sb.api<Account[]>('GET', '/service_accounts', {as: 'admin'})).body
    expect(listed).toContainEqual(account)
  })

  it('creates a group account prefixed service_account_group_, with given fields', async () => {
    const generated = await json<Account>(['service-accounts', 'create', '-g', 'acme'])
    expect(generated.username).toMatch(/^service_account_group_/)
    expect(generated.email).toMatch(/^service_account_group_/)
    const named = await json<Account>(['service-accounts', 'create', '-g', 'acme', '--name', 'Release bot', '--username', 'release-bot', '--email', 'release-bot@acme.example.com'])
    expect(named).toMatchObject({name: 'Release bot', username: 'release-bot', email: 'release-bot@acme.example.com'})
  })

  it('refuses an e-mail used by another user: 400 (exit 6)', async () => {
    const result = await sb.run(['service-accounts', 'create', '--email', 'alice@example.com'], admin)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: Bad request - Email has already been taken (POST /api/v4/service_accounts)')
    const group = await sb.run(['service-accounts', 'create', '-g', 'acme', '--email', 'bob@example.com'], owner)
    expect(group.code).toBe(6)
  })

  it("an instance account's custom e-mail waits for confirmation (unconfirmed_email)", async () => {
    const account = await json<Account>(['service-accounts', 'create', '--name', 'Mailer'], admin)
    const result = await sb.run(['service-accounts', 'update', String(account.id), '--email', 'mailer@elsewhere.example.org', '--name', 'Mailer 2', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Account>()).toEqual({
      id: account.id,
      username: account.username,
      name: 'Mailer 2',
      public_email: null,
      email: account.email,
      unconfirmed_email: 'mailer@elsewhere.example.org',
    })
    expect(result.stderr).toContain('waits for confirmation')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'PATCH', path: `/service_accounts/${account.id}`})
  })

  it("a group account's e-mail in a verified domain of the group applies at once; another waits", async () => {
    const account = await json<Account>(['service-accounts', 'create', '-g', 'acme'])
    const verified = await json<Account>(['service-accounts', 'update', String(account.id), '-g', 'acme', '--email', 'bot@acme.example.com'])
    expect(verified.email).toBe('bot@acme.example.com')
    expect(verified).not.toHaveProperty('unconfirmed_email')
    const other = await sb.run(['service-accounts', 'update', String(account.id), '-g', 'acme', '--email', 'bot@gmail.example', '--json'], owner)
    expect(other.json<Account>()).toMatchObject({email: 'bot@acme.example.com', unconfirmed_email: 'bot@gmail.example'})
    const listed = (await sb.api<Account[]>('GET', '/groups/acme/service_accounts', {as: 'owner'})).body.find(a => a.id === account.id)
    expect(listed?.email).toBe('bot@acme.example.com')
  })

  it("update needs a change, a numeric USER_ID, and finds only the scope's accounts", async () => {
    const nothing = await counted(['service-accounts', 'update', '5'], admin)
    expect(nothing.result.code).toBe(2)
    expect(nothing.result.stderr).toContain('nothing to change')
    expect(nothing.requests).toBe(0)
    const bad = await counted(['service-accounts', 'update', 'bot!', '--name', 'x'], admin)
    expect(bad.result.code).toBe(2)
    expect(bad.result.stderr).toBe('Error: USER_ID "bot!": must be a user ID or a username (letters, digits, _, - and .)\n')
    expect(bad.requests).toBe(0)
    const missing = await counted(['service-accounts', 'update', '--name', 'x'], admin)
    expect(missing.result.code).toBe(2)
    expect(missing.result.stderr).toBe('Error: missing USER_ID (user ID or username of the service account)\nUsage: forgectl service-accounts update USER_ID [FLAGS]\n')
    expect(missing.requests).toBe(0)
    const ordinary = await sb.run(['service-accounts', 'update', '3', '--name', 'x'], admin)
    expect(ordinary.code).toBe(6)
    expect(ordinary.stderr).toContain('User is not of type Service Account')
    const nobody = await sb.run(['service-accounts', 'update', '999999', '--name', 'x'], admin)
    expect(nobody.code).toBe(3)
    const elsewhere = await sb.run(['service-accounts', 'update', String((await deployer()).id), '-g', 'opensource', '--name', 'x'], owner)
    expect(elsewhere.code).toBe(3)
  })
})

describe('service-accounts: an empty name, username or e-mail is refused, never sent', () => {
  it.each([
    [['service-accounts', 'create', '--name', ''], '--name ""'],
    [['service-accounts', 'create', '-g', 'acme', '--username', ' '], '--username " "'],
    [['service-accounts', 'update', '5', '--email', ''], '--email ""'],
    [['service-accounts', 'create', '-g', ''], '--group ""'],
  ])('%j (exit 2)', async (args, label) => {
    const {result, requests} = await counted(args, admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: ${label}: must not be empty\n`)
    expect(requests).toBe(0)
  })
})

describe('service-accounts delete', () => {
  it('refuses without a terminal and without --yes, and needs -g (exit 2, nothing sent)', async () => {
    const account = await json<Account>(['service-accounts', 'create', '-g', 'acme'])
    for (const args of [
      ['service-accounts', 'delete', String(account.id), '-g', 'acme'],
      ['service-accounts', 'delete', String(account.id), '--yes'],
    ]) {
      const {result, requests} = await counted(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
    const {result} = await counted(['service-accounts', 'delete', String(account.id), '-g', 'acme'])
    expect(result.stderr).toContain(`refusing to delete service account ${account.id} of group acme without confirmation: pass --yes`)
  })

  it('deletes with --yes --hard-delete; its tokens stop working; a second delete is 404 (exit 3)', async () => {
    const {account, tokens} = await accountWithTokens(['doomed'])
    expect((await whoIs(tokens[0]!.token!)).code).toBe(0)
    const result = await sb.run(['service-accounts', 'delete', String(account.id), '-g', 'acme', '--hard-delete', '--yes'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'DELETE', path: `/groups/acme/service_accounts/${account.id}`, query: '?hard_delete=true'})
    const listed = (await sb.api<Account[]>('GET', '/groups/acme/service_accounts', {as: 'owner'})).body
    expect(listed.map(a => a.id)).not.toContain(account.id)
    expect((await whoIs(tokens[0]!.token!)).code).toBe(4)
    const again = await sb.run(['service-accounts', 'delete', String(account.id), '-g', 'acme', '--yes'], owner)
    expect(again.code).toBe(3)
  })

  it("is for the group's Owner: 403 (exit 5) for a maintainer", async () => {
    const account = await json<Account>(['service-accounts', 'create', '-g', 'acme'])
    const result = await sb.run(['service-accounts', 'delete', String(account.id), '-g', 'acme', '--yes'], {as: 'maintainer'})
    expect(result.code).toBe(5)
  })
})

describe('service-accounts tokens list', () => {
  const names = async (args: string[]) => (await json<Token[]>(['service-accounts', 'tokens', 'list', String((await deployer()).id), '-g', 'acme', ...args])).map(t => t.name)

  it('prints exactly the API JSON, with the default columns in a table and no values', async () => {
    const id = (await deployer()).id
    const result = await sb.run(['service-accounts', 'tokens', 'list', String(id), '-g', 'acme', '--json'], owner)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', `/groups/acme/service_accounts/${id}/personal_access_tokens`, {as: 'owner'})).body)
    expect(result.stdout).not.toContain('"token"')
    const table = await sb.run(['service-accounts', 'tokens', 'list', String(id), '-g', 'acme', '-o', 'table'], owner)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+name\s+scopes\s+active\s+revoked\s+expires_at\s*$/)
  })

  it.each([
    [
      ['--state', 'active'],
      ['deploy-prod', 'deploy-staging'],
    ],
    [
      ['--state', 'inactive'],
      ['old-ci', 'leaked'],
    ],
    [['--revoked'], ['leaked']],
    [['--no-revoked', '--state', 'inactive'], ['old-ci']],
    [
      ['--search', 'DEPLOY'],
      ['deploy-prod', 'deploy-staging'],
    ],
    [
      ['--created-after', '2026-01-01T00:00:00Z'],
      ['deploy-prod', 'deploy-staging'],
    ],
    [['--created-before', '2025-12-01'], ['old-ci']],
    [
      ['--last-used-after', '2026-01-01T00:00:00+01:00'],
      ['deploy-prod', 'leaked'],
    ],
    [['--last-used-before', '2026-01-01T00:00:00Z'], ['old-ci']],
    [['--expires-after', '2030-06-01'], ['deploy-prod']],
    [
      ['--expires-before', '2029-12-31'],
      ['deploy-staging', 'old-ci'],
    ],
    [
      ['--sort', 'name_desc'],
      ['old-ci', 'leaked', 'deploy-staging', 'deploy-prod'],
    ],
    [
      ['--sort', 'expires_asc'],
      ['old-ci', 'deploy-staging', 'leaked', 'deploy-prod'],
    ],
    [
      ['--sort', 'last_used_desc'],
      ['deploy-prod', 'leaked', 'old-ci', 'deploy-staging'],
    ],
    [
      ['--sort', 'created_asc', '--state', 'active'],
      ['deploy-prod', 'deploy-staging'],
    ],
  ])('filters %j', async (args, expected) => {
    const got = await names(args)
    expect(args.includes('--sort') ? got : [...got].sort()).toEqual(args.includes('--sort') ? expected : [...expected].sort())
  })

  it('refuses bad times, dates and enum values before sending (exit 2)', async () => {
    for (const args of [
      ['--created-after', 'yesterday'],
      ['--last-used-before', '2026-13-01T00:00:00Z'],
      ['--expires-before', '2026-01-01T00:00:00Z'],
      ['--sort', 'newest'],
      ['--state', 'all'],
    ]) {
      const {result, requests} = await counted(['service-accounts', 'tokens', 'list', '7', '-g', 'acme', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(/^Error: /)
      expect(requests).toBe(0)
    }
  })

  it('maps 401 (exit 4), 403 below Owner (exit 5), and 404 for an account of another group (exit 3)', async () => {
    const id = String((await deployer()).id)
    expect((await sb.run(['service-accounts', 'tokens', 'list', id, '-g', 'acme'], {env: {FORGECTL_TOKEN: 'expired'}})).code).toBe(4)
    expect((await sb.run(['service-accounts', 'tokens', 'list', id, '-g', 'acme'], {as: 'developer'})).code).toBe(5)
    const other = await sb.run(['service-accounts', 'tokens', 'list', id, '-g', 'opensource'], owner)
    expect(other.code).toBe(3)
    expect(other.stderr).toContain('404 Not Found: User Not Found')
  })
})

describe('service-accounts tokens create, revoke, rotate', () => {
  it('creates a token whose value authenticates as the service account', async () => {
    const account = await json<Account>(['service-accounts', 'create', '-g', 'acme', '--username', 'token-holder'])
    const token = await json<Token>(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '--name', 'deploy', '--scope', 'api,read_repository', '--expires-at', daysFromToday(10)])
    expect(token).toMatchObject({name: 'deploy', user_id: account.id, active: true, revoked: false, scopes: ['api', 'read_repository'], expires_at: daysFromToday(10)})
    expect((await whoIs(token.token!)).json<{username: string}>().username).toBe('token-holder')
    const table = await sb.run(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '--name', 't', '--scope', 'api', '-o', 'table'], owner)
    expect(table.stdout).toMatch(/^token: glpat-\S+$/m)
    expect(table.stderr).toContain('shown only once')
  })

  it('names the account with -u/--user too, as tokens create does; both spellings only when they agree (issue 25, point 4)', async () => {
    const account = await json<Account>(['service-accounts', 'create', '-g', 'acme', '--username', 'flag-holder'])
    const byFlag = await json<Token>(['service-accounts', 'tokens', 'create', '-g', 'acme', '--user', String(account.id), '--name', 'by-flag', '--scope', 'api'])
    expect(byFlag).toMatchObject({name: 'by-flag', user_id: account.id})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: `/groups/acme/service_accounts/${account.id}/personal_access_tokens`})
    const both = await json<Token>(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '-u', String(account.id), '--name', 'both', '--scope', 'api'])
    expect(both.user_id).toBe(account.id)
    const {result, requests} = await counted(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '-u', '1', '--name', 'x', '--scope', 'api'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --user and USER_ID differ: give the value once\n')
    expect(requests).toBe(0)
    const bad = await counted(['service-accounts', 'tokens', 'create', '-g', 'acme', '-u', 'bob smith', '--name', 'x', '--scope', 'api'])
    expect(bad.result.stderr).toBe('Error: --user "bob smith": must be a user ID or a username (letters, digits, _, - and .)\n')
    expect(bad.requests).toBe(0)
    // a username, as every --user takes it: looked up for the account's ID
    const byName = await json<Token>(['service-accounts', 'tokens', 'create', '-g', 'acme', '-u', account.username, '--name', 'by-name', '--scope', 'api'])
    expect(byName.user_id).toBe(account.id)
    expect(sb.sandbox.requests.at(-2)).toMatchObject({method: 'GET', path: '/users', query: `?username=${account.username}`})
  })

  it('revokes with --yes (204): revoked in the list, the value stops working, a second revoke is 400 (exit 6)', async () => {
    const {
      account,
      tokens: [token],
    } = await accountWithTokens(['to-revoke'])
    const result = await sb.run(['service-accounts', 'tokens', 'revoke', String(account.id), String(token!.id), '-g', 'acme', '--yes'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`Revoked token ${token!.id}.`)
    const listed = await json<Token[]>(['service-accounts', 'tokens', 'list', String(account.id), '-g', 'acme', '--revoked'])
    expect(listed).toEqual([expect.objectContaining({id: token!.id, revoked: true, active: false})])
    expect((await whoIs(token!.token!)).code).toBe(4)
    const again = await sb.run(['service-accounts', 'tokens', 'revoke', String(account.id), String(token!.id), '-g', 'acme', '--yes'], owner)
    expect(again.code).toBe(6)
    const missing = await sb.run(['service-accounts', 'tokens', 'revoke', String(account.id), '999999', '-g', 'acme', '--yes'], owner)
    expect(missing.code).toBe(3)
  })

  it("rotate makes a new token with the old one's lifetime (not the platform's week) and revokes the rotated one only (RotateService); the new value works", async () => {
    const {
      account,
      tokens: [first, second],
    } = await accountWithTokens(['main', 'spare'])
    const result = await sb.run(['service-accounts', 'tokens', 'rotate', String(account.id), String(first!.id), '-g', 'acme', '--yes', '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    const fresh = result.json<Token>()
    // created without --expires-at: the server's maximum, a year; the new token keeps as much as every server takes
    expect(fresh).toMatchObject({name: 'main', active: true, revoked: false, user_id: account.id, scopes: ['api'], expires_at: daysFromToday(364)})
    expect(result.stderr).toBe(
      `The new token expires on ${daysFromToday(364)}: the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day); the old token's was 365 days.\n`,
    )
    expect(fresh.id).not.toBe(first!.id)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: `/groups/acme/service_accounts/${account.id}/personal_access_tokens/${first!.id}/rotate`})
    // the old token was read first, from the account's list: the spec has no read of one token
    expect(sb.sandbox.requests.at(-2)).toMatchObject({method: 'GET', path: `/groups/acme/service_accounts/${account.id}/personal_access_tokens`})
    expect((await whoIs(fresh.token!)).code).toBe(0)
    expect((await whoIs(first!.token!)).code).toBe(4)
    // the account's other tokens stay valid, as the confirmation says
    expect((await whoIs(second!.token!)).code).toBe(0)
    const active = await json<Token[]>(['service-accounts', 'tokens', 'list', String(account.id), '-g', 'acme', '--state', 'active'])
    expect(active.map(t => t.id).sort()).toEqual([second!.id, fresh.id].sort())
  })

  it('rotate takes --expires-at, prints the new value on a table, and refuses a revoked token (400, exit 6)', async () => {
    const {
      account,
      tokens: [token],
    } = await accountWithTokens(['dated'])
    const result = await sb.run(['service-accounts', 'tokens', 'rotate', String(account.id), String(token!.id), '-g', 'acme', '--expires-at', daysFromToday(30), '-y', '-o', 'table'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`^expires_at\\s+${daysFromToday(30)}`, 'm'))
    expect(result.stdout).toMatch(/^token: glpat-\S+$/m)
    const again = await sb.run(['service-accounts', 'tokens', 'rotate', String(account.id), String(token!.id), '-g', 'acme', '-y'], owner)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('Token already revoked')
  })

  it('revoke and rotate refuse without a terminal and without --yes, sending nothing', async () => {
    const {
      account,
      tokens: [token],
    } = await accountWithTokens(['guarded'])
    for (const verb of ['revoke', 'rotate']) {
      const {result, requests} = await counted(['service-accounts', 'tokens', verb, String(account.id), String(token!.id), '-g', 'acme'])
      expect(result.code, verb).toBe(2)
      expect(result.stderr).toContain('without confirmation: pass --yes')
      expect(requests).toBe(0)
    }
    expect((await whoIs(token!.token!)).code).toBe(0)
  })

  it('names every missing input of a token creation in one message (exit 2, nothing sent)', async () => {
    const {result, requests} = await counted(['service-accounts', 'tokens', 'create'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'Error: missing --group (top-level group ID or path), USER_ID or --user (user ID or username of the service account), --name (token name) and --scope (scope of the token, repeatable or a comma list: api, read_user, read_repository, ...)\nUsage: forgectl service-accounts tokens create USER_ID -g <value> --name <value> --scope <value> [FLAGS]\n',
    )
    expect(requests).toBe(0)
  })

  it('validates create and rotate inputs locally (exit 2, nothing sent)', async () => {
    for (const args of [
      ['create', '7', '-g', 'acme', '--name', 'x', '--scope', 'api', '--description', 'z'.repeat(256)],
      ['create', '7', '-g', 'acme', '--name', 'x', '--scope', 'api', '--expires-at', 'next week'],
      ['create', '7', '-g', 'acme', '--name', 'x'],
      ['create', '7', '--name', 'x', '--scope', 'api'],
      ['rotate', '7', '8', '-g', 'acme', '--expires-at', '2026-1-1', '--yes'],
      ['rotate', '7', '-g', 'acme', '--yes'],
      ['create', '7', '-g', 'acme', '--name', '', '--scope', 'api'],
    ]) {
      const {result, requests} = await counted(['service-accounts', 'tokens', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
  })

  it('--verbose and --dry-run never show the access token nor the new value on stderr; stdout has the value', async () => {
    const {
      account,
      tokens: [token],
    } = await accountWithTokens(['traced'])
    const verbose = await sb.run(['service-accounts', 'tokens', 'rotate', String(account.id), String(token!.id), '-g', 'acme', '--yes', '--verbose', '--json'], owner)
    expect(verbose.code, verbose.stderr).toBe(0)
    const value = verbose.json<Token>().token!
    expect(value).toMatch(/^glpat-/)
    expect(verbose.stderr).toContain('< 200 OK')
    expect(verbose.stderr).toContain('"token":"[REDACTED]"')
    expect(verbose.stderr).not.toContain(value)
    expect(verbose.stderr).not.toContain('sandbox-owner-token')
    const {result: dry, requests} = await counted(['service-accounts', 'tokens', 'create', String(account.id), '-g', 'acme', '--name', 'dry', '--scope', 'api', '--dry-run'])
    expect(requests).toBe(0)
    expect(dry.code).toBe(0)
    expect(dry.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/groups/acme/service_accounts/${account.id}/personal_access_tokens`)
    expect(dry.stderr).not.toContain('sandbox-owner-token')
    expect(dry.stdout).toBe('')
  })
})

describe.runIf(await hasTmux())('on a terminal', () => {
  it('asks before rotating; a yes rotates and shows the new value once', async () => {
    const {
      account,
      tokens: [token],
    } = await accountWithTokens(['confirmed'])
    const t = await TerminalSession.start(['service-accounts', 'tokens', 'rotate', String(account.id), String(token!.id), '-g', 'acme'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.owner,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    try {
      await t.waitFor(`Rotate token ${token!.id} of service account ${account.id} in group acme (only this token is revoked)?`)
      await t.type('y')
      await t.press('Enter')
      expect(await t.exitCode()).toBe(0)
      const screen = await t.screen()
      expect(screen).toContain('shown only once')
      const value = screen.match(/^token: (glpat-\S+)$/m)?.[1]
      expect(value).toBeDefined()
      expect(value).not.toBe(token!.token)
      expect((await whoIs(value!)).code).toBe(0)
      expect((await whoIs(token!.token!)).code).toBe(4)
    } finally {
      await t.close()
    }
  })
})
