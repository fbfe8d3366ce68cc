import {describe, expect, it} from 'vitest'
import type {EnterpriseUser} from '../../src/api/enterprise-users.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

/** "Enterprise user" fields of the spec, in its order */
const SPEC_FIELDS = [
  'id',
  'username',
  'name',
  'state',
  'avatar_url',
  'web_url',
  'created_at',
  'bio',
  'location',
  'public_email',
  'professional_network_url',
  'microblog_url',
  'website_url',
  'organization',
  'job_title',
  'pronouns',
  'bot',
  'work_information',
  'followers',
  'following',
  'local_time',
  'last_sign_in_at',
  'confirmed_at',
  'last_activity_on',
  'email',
  'theme_id',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'two_factor_enabled',
  'external',
  'private_profile',
  'commit_email',
  'shared_runners_minutes_limit',
  'extra_shared_runners_minutes_limit',
  'scim_identities',
]

const sb = useSandbox()

/** the seeded enterprise user of acme with this username, as the API shows it */
async function enterpriseUser(username: string): Promise<EnterpriseUser> {
  const list = await sb.api<EnterpriseUser[]>('GET', `/groups/10/enterprise_users?username=${username}`, {as: 'owner'})
  return list.body[0]!
}

const usernames = (result: {json<T>(): T}) => result.json<EnterpriseUser[]>().map(u => u.username)

describe('enterprise-users list', () => {
  it('prints exactly the API JSON: the enterprise users of the group only, with every field of the spec', async () => {
    const result = await sb.run(['enterprise-users', 'list', '-g', 'acme', '--json'], {as: 'owner'})
    expect(result.code).toBe(0)
    const api = await sb.api<EnterpriseUser[]>('GET', '/groups/acme/enterprise_users', {as: 'owner'})
    expect(result.json()).toEqual(api.body)
    expect(usernames(result)).toEqual(['judy', 'ivan', 'heidi', 'grace', 'frank'])
    for (const user of result.json<EnterpriseUser[]>()) {
      expect(user.email).toMatch(/@acme\.example\.com$/)
      expect(Object.keys(user).sort()).toEqual([...SPEC_FIELDS].sort())
    }
  })

  it('filters as the API does', async () => {
    const run = async (...filters: string[]) => usernames(await sb.run(['enterprise-users', 'list', '-g', '10', ...filters, '--json'], {as: 'owner'}))
    expect(await run('--two-factor', 'enabled')).toEqual(['judy', 'heidi', 'frank'])
    expect(await run('--two-factor', 'disabled')).toEqual(['ivan', 'grace'])
    expect(await run('--search', 'SMITH')).toEqual(['judy', 'ivan'])
    expect(await run('--search', 'grace@acme')).toEqual(['grace'])
    expect(await run('--username', 'heidi')).toEqual(['heidi'])
    expect(await run('--blocked')).toEqual(['heidi'])
    expect(await run('--active')).toEqual(['judy', 'ivan', 'grace', 'frank'])
    expect(await run('--created-after', '2026-01-01T00:00:00Z')).toEqual(['judy', 'ivan'])
    expect(await run('--created-before', '2025-07-01', '--created-after', '2025-01-01T00:00:00+01:00')).toEqual(['frank'])
    expect(await run('--active', '--two-factor', 'enabled', '--search', 'smith')).toEqual(['judy'])
  })

  it('pages with --per-page and --page, and --all follows every page', async () => {
    const page2 = await sb.run(['enterprise-users', 'list', '-g', 'acme', '--per-page', '2', '--page', '2', '--json'], {as: 'owner'})
    expect(usernames(page2)).toEqual(['heidi', 'grace'])
    const {result, requests} = await sb.runCounted(['enterprise-users', 'list', '-g', 'acme', '--per-page', '2', '--all', '--json'], {as: 'owner'})
    expect(usernames(result)).toEqual(['judy', 'ivan', 'heidi', 'grace', 'frank'])
    expect(requests).toBe(3)
  })

  it('prints a table with the default columns', async () => {
    const result = await sb.run(['enterprise-users', 'list', '-g', 'acme', '--blocked', '-o', 'table'], {as: 'owner'})
    expect(result.stdout.split('\n')[0]).toMatch(/^id\s+username\s+name\s+email\s+state\s+two_factor_enabled\s*$/)
    expect(result.stdout).toMatch(/heidi\s+Heidi Blocked\s+heidi@acme\.example\.com\s+blocked\s+true/)
  })

  it('validates filters locally and sends nothing (exit 2)', async () => {
    for (const [args, message] of [
      [['--two-factor', 'on'], /Error: --two-factor "on": must be one of enabled, disabled/],
      [['--created-after', 'yesterday'], /Error: --created-after "yesterday": must be an ISO 8601 date-time/],
      [['--created-before', '2026-13-01'], /Error: --created-before "2026-13-01": there is no month 13: months run from 01 to 12/],
      [['--username', ''], /Error: --username "": must not be empty/],
      [['--active', '--created-after', ''], /Error: --created-after "": must not be empty/],
      [['--per-page', '500'], /per-page/],
    ] as Array<[string[], RegExp]>) {
      const {result, requests} = await sb.runCounted(['enterprise-users', 'list', '-g', 'acme', ...args], {as: 'owner'})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(requests).toBe(0)
    }
  })

  it('top-level groups only: a subgroup path is refused locally, a subgroup ID by the server (400, exit 6)', async () => {
    const byPath = await sb.runCounted(['enterprise-users', 'list', '-g', 'acme/platform'], {as: 'owner'})
    expect(byPath.result.code).toBe(2)
    expect(byPath.result.stderr).toContain('Error: --group "acme/platform": enterprise users belong to top-level groups only, and this path names a subgroup')
    expect(byPath.requests).toBe(0)
    const byId = await sb.run(['enterprise-users', 'list', '-g', '11'], {as: 'owner'})
    expect(byId.code).toBe(6)
    expect(byId.stderr).toContain('400 Bad Request: Bad request - Must be a top-level group (GET /api/v4/groups/11/enterprise_users)')
  })

  it('an empty --search is a search like any other: it matches every user', async () => {
    const {result, requests} = await sb.runCounted(['enterprise-users', 'list', '-g', 'acme', '--search', '', '--json', '--verbose'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(requests).toBe(1)
    expect(result.stderr).toContain('/groups/acme/enterprise_users?search=')
    expect(usernames(result)).toEqual(['judy', 'ivan', 'heidi', 'grace', 'frank'])
  })

  it('every command needs the group: missing or empty -g is refused the same way, sending nothing (exit 2)', async () => {
    const frank = await enterpriseUser('frank')
    for (const args of [['list'], ['get', String(frank.id)], ['update', String(frank.id), '--name', 'F'], ['delete', String(frank.id), '--yes'], ['disable-2fa', String(frank.id), '--yes']]) {
      const missing = await sb.runCounted(['enterprise-users', ...args], {as: 'owner'})
      expect(missing.result.code, args.join(' ')).toBe(2)
      expect(missing.result.stderr, args.join(' ')).toBe('Error: missing --group (top-level group ID or path)\n')
      expect(missing.requests).toBe(0)
      const empty = await sb.runCounted(['enterprise-users', ...args, '-g', ''], {as: 'owner'})
      expect(empty.result.code, args.join(' ')).toBe(2)
      expect(empty.result.stderr, args.join(' ')).toContain('Error: --group "": must not be empty')
      expect(empty.requests).toBe(0)
    }
  })

  it('needs the Owner role: 403 for a Maintainer (exit 5), 404 for an outsider (exit 3)', async () => {
    const maintainer = await sb.run(['enterprise-users', 'list', '-g', 'acme'], {as: 'maintainer'})
    expect(maintainer.code).toBe(5)
    expect(maintainer.stderr).toContain('403 Forbidden (GET /api/v4/groups/acme/enterprise_users)')
    const outsider = await sb.run(['enterprise-users', 'list', '-g', 'acme'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Group Not Found')
    for (const r of [maintainer, outsider]) expect(r.stdout).toBe('')
  })
})

describe('enterprise-users get and update', () => {
  it('gets one enterprise user, equal to the API', async () => {
    const frank = await enterpriseUser('frank')
    const result = await sb.run(['enterprise-users', 'get', String(frank.id), '-g', 'acme', '--json'], {as: 'owner'})
    expect(result.code).toBe(0)
    const api = await sb.api<EnterpriseUser>('GET', `/groups/acme/enterprise_users/${frank.id}`, {as: 'owner'})
    expect(result.json()).toEqual(api.body)
    expect(result.json()).toMatchObject({
      username: 'frank',
      job_title: 'Platform lead',
      two_factor_enabled: true,
      identities: [{provider: 'group_saml', extern_uid: 'frank@acme.example.com', saml_provider_id: 10}],
      scim_identities: [{extern_uid: 'frank@acme.example.com', group_id: 10, active: true}],
    })
  })

  it('does not find a user who is not an enterprise user of the group (exit 3), and refuses a bad ID (exit 2)', async () => {
    const alice = await sb.run(['enterprise-users', 'get', '2', '-g', 'acme'], {as: 'owner'})
    expect(alice.code).toBe(3)
    expect(alice.stderr).toContain('404 Not Found: Not found (GET /api/v4/groups/acme/enterprise_users/2)')
    const bad = await sb.runCounted(['enterprise-users', 'get', 'frank!', '-g', 'acme'], {as: 'owner'})
    expect(bad.result.code).toBe(2)
    expect(bad.result.stderr).toContain('USER_ID "frank!": must be a user ID or a username (letters, digits, _, - and .)')
    expect(bad.requests).toBe(0)
  })

  it("takes a username, looked up among the group's enterprise users only (issue 27)", async () => {
    const frank = await enterpriseUser('frank')
    const before = sb.sandbox.requests.length
    const byName = await sb.run(['enterprise-users', 'get', 'Frank', '-g', 'acme', '--json'], {as: 'owner'})
    expect(byName.code, byName.stderr).toBe(0)
    expect(byName.json()).toMatchObject({id: frank.id, username: 'frank'})
    expect(sb.sandbox.requests.slice(before).map(r => `${r.path}${r.query}`)).toEqual(['/groups/acme/enterprise_users?username=Frank', `/groups/acme/enterprise_users/${frank.id}`])
    // alice is a user of the instance, and no enterprise user of acme: not found in the group's list
    const alice = await sb.runCounted(['enterprise-users', 'disable-2fa', 'alice', '-g', 'acme', '--yes'], {as: 'owner'})
    expect(alice.result.code).toBe(3)
    expect(alice.result.stderr).toBe('Error: no enterprise user of group acme has the username "alice" (GET /groups/acme/enterprise_users?username=alice found none)\n')
    expect(alice.requests).toBe(1)
  })

  it('changes name and e-mail on a verified domain, and the API shows it', async () => {
    const ivan = await enterpriseUser('ivan')
    const result = await sb.run(['enterprise-users', 'update', String(ivan.id), '-g', 'acme', '--name', 'Ivan Smith-Jones', '--email', 'ivan.jones@acme.example.com', '--json'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(result.json()).toMatchObject({name: 'Ivan Smith-Jones', email: 'ivan.jones@acme.example.com'})
    const api = await sb.api<EnterpriseUser>('GET', `/groups/10/enterprise_users/${ivan.id}`, {as: 'owner'})
    expect(result.json()).toEqual(api.body)
  })

  it('reports an e-mail outside the verified domains as the server words it (400, exit 6)', async () => {
    const ivan = await enterpriseUser('ivan')
    const result = await sb.run(['enterprise-users', 'update', String(ivan.id), '-g', 'acme', '--email', 'ivan@gmail.com'], {as: 'owner'})
    expect(result.code).toBe(6)
    expect(result.stderr).toContain("400 Bad Request: Email must be owned by the user's enterprise group")
    expect((await sb.api<EnterpriseUser>('GET', `/groups/10/enterprise_users/${ivan.id}`, {as: 'owner'})).body.email).toBe('ivan.jones@acme.example.com')
  })

  it('needs a change and a plausible e-mail, sending nothing otherwise (exit 2)', async () => {
    const ivan = await enterpriseUser('ivan')
    for (const [args, message] of [
      [[], /nothing to change: give at least one of --name, --email/],
      [['--email', 'ivan-at-acme'], /Error: --email "ivan-at-acme": must be an e-mail address such as jane@example.com/],
      [['--email', 'ivan@acme'], /Error: --email "ivan@acme": must be an e-mail address/],
      [['--name', ''], /Error: --name "": must not be empty/],
      [['--name', '  ', '--email', 'ivan@acme.example.com'], /Error: --name " {2}": must not be empty/],
      [['--email', ''], /Error: --email "": must not be empty/],
    ] as Array<[string[], RegExp]>) {
      const {result, requests} = await sb.runCounted(['enterprise-users', 'update', String(ivan.id), '-g', 'acme', ...args], {as: 'owner'})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(requests).toBe(0)
    }
  })

  it('--dry-run of an update sends nothing', async () => {
    const ivan = await enterpriseUser('ivan')
    const {result, requests} = await sb.runCounted(['enterprise-users', 'update', String(ivan.id), '-g', 'acme', '--name', 'Dry', '--dry-run'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN PATCH ${sb.url}/api/v4/groups/acme/enterprise_users/${ivan.id}`)
    expect(result.stderr).toContain('{"name":"Dry"}')
    expect(result.stderr).not.toContain('sandbox-owner-token')
  })
})

describe('enterprise-users disable-2fa', () => {
  it('both destructive commands refuse without a terminal and without --yes, sending nothing', async () => {
    for (const [verb, username, action] of [
      ['disable-2fa', 'judy', 'disable two-factor authentication of'],
      ['delete', 'grace', 'delete'],
    ]) {
      const user = await enterpriseUser(username!)
      const {result, requests} = await sb.runCounted(['enterprise-users', verb!, String(user.id), '-g', 'acme'], {as: 'owner'})
      expect(result.code, verb).toBe(2)
      expect(result.stderr).toContain(`refusing to ${action} enterprise user ${user.id} of group acme without confirmation: pass --yes`)
      expect(requests).toBe(0)
    }
  })

  it('disables it with --yes; a second time the server answers 400 (exit 6)', async () => {
    const judy = await enterpriseUser('judy')
    const result = await sb.run(['enterprise-users', 'disable-2fa', String(judy.id), '-g', 'acme', '--yes'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`Disabled two-factor authentication of enterprise user ${judy.id}.`)
    expect((await enterpriseUser('judy')).two_factor_enabled).toBe(false)
    const again = await sb.run(['enterprise-users', 'disable-2fa', String(judy.id), '-g', 'acme', '--yes'], {as: 'owner'})
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('400 Bad Request: Bad request - Two-factor authentication is not enabled for this user')
  })

  it('needs the Owner role (403, exit 5)', async () => {
    const frank = await enterpriseUser('frank')
    const result = await sb.run(['enterprise-users', 'disable-2fa', String(frank.id), '-g', 'acme', '--yes'], {as: 'maintainer'})
    expect(result.code).toBe(5)
    expect((await enterpriseUser('frank')).two_factor_enabled).toBe(true)
  })
})

describe('enterprise-users delete', () => {
  it('deletes an enterprise user with --yes; the user is then not found', async () => {
    const grace = await enterpriseUser('grace')
    const result = await sb.run(['enterprise-users', 'delete', String(grace.id), '-g', 'acme', '--yes'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect((await sb.api('GET', `/groups/acme/enterprise_users/${grace.id}`, {as: 'owner'})).status).toBe(404)
  })

  it('refuses the sole Owner of a group (409, exit 6); --hard-delete deletes the user and that group', async () => {
    const frank = await enterpriseUser('frank')
    const refused = await sb.run(['enterprise-users', 'delete', String(frank.id), '-g', 'acme', '--yes'], {as: 'owner'})
    expect(refused.code).toBe(6)
    expect(refused.stderr).toContain(`409 Conflict: Can not remove a user who is the sole owner of a group. (DELETE /api/v4/groups/acme/enterprise_users/${frank.id})`)
    expect((await sb.api('GET', `/groups/acme/enterprise_users/${frank.id}`, {as: 'owner'})).status).toBe(200)
    expect(sb.sandbox.store.groups.has(sb.sandbox.store.findGroup('frank-lab').id)).toBe(true)

    const hard = await sb.run(['enterprise-users', 'delete', String(frank.id), '-g', 'acme', '--hard-delete', '--yes', '--verbose'], {as: 'owner'})
    expect(hard.code).toBe(0)
    expect(hard.stderr).toContain(`> DELETE ${sb.url}/api/v4/groups/acme/enterprise_users/${frank.id}?hard_delete=true`)
    expect((await sb.api('GET', `/groups/acme/enterprise_users/${frank.id}`, {as: 'owner'})).status).toBe(404)
    expect(() => sb.sandbox.store.findGroup('frank-lab')).toThrow()
  })
})

describe.runIf(await hasTmux())('enterprise-users on a terminal', () => {
  it('asks for a missing group with the same rule as -g: a subgroup answer is refused and asked again', async () => {
    const sent = sb.sandbox.requests.length
    const t = await TerminalSession.start(['enterprise-users', 'list', '--username', 'heidi', '-o', 'table'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.owner,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    try {
      await t.waitFor('Top-level group ID or path: not a subgroup (a path with /)')
      await t.type('acme/platform')
      await t.press('Enter')
      await t.waitFor('enterprise users belong to top-level groups only, and this path names a subgroup')
      expect(sb.sandbox.requests.slice(sent).filter(r => r.path.includes('/enterprise_users'))).toEqual([])
      // the refused answer stays in the field: rub it out (DEL is the terminal's backspace)
      await t.type('\x7f'.repeat('acme/platform'.length) + 'acme')
      await t.press('Enter')
      expect(await t.exitCode()).toBe(0)
      expect(await t.screen()).toMatch(/heidi\s+Heidi Blocked\s+heidi@acme\.example\.com/)
    } finally {
      await t.close()
    }
  })
})
