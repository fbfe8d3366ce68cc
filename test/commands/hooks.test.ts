import {describe, expect, it} from 'vitest'
import type {SystemHook as Hook} from '../../src/api/hooks.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** the fields these tests read; the rest is compared whole with the API's own answer */

const sb = useSandbox()
const URL_RULE = '--url: must be an absolute http or https URL such as https://hooks.example.com/receive'
const admin: SandboxRunOptions = {as: 'admin'}
const hook = (id: number) => sb.api<Hook>('GET', `/hooks/${id}`, {as: 'admin'})
const seededHook = async () => (await sb.api<Hook[]>('GET', '/hooks', {as: 'admin'})).body.find(h => h.name === 'Audit log')!
/** a fresh hook made through the API, so that each test owns what it changes */
const newHook = async (body: Record<string, unknown> = {}) => (await sb.api<Hook>('POST', '/hooks', {as: 'admin', body: {url: 'https://receiver.example.com/hook', ...body}})).body

describe('hooks list and get', () => {
  it('--json prints exactly the API body', async () => {
    const result = await sb.run(['hooks', 'list', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/hooks', {as: 'admin'})).body)
    expect(result.json<Hook[]>().map(h => h.name)).toContain('Audit log')
  })

  it('the table shows the default columns', async () => {
    const result = await sb.run(['hooks', 'list', '-o', 'table'], admin)
    expect(result.stdout.split('\n')[0]).toMatch(/^id\s+name\s+url\s+push_events\s+created_at\s*$/)
    expect(result.stdout).toMatch(/Audit log\s+https:\/\/audit\.example\.com\/forge\/\{tenant\}\s+true\s+2026-01-15T09:30:00\.000Z/)
  })

  it('get shows one hook with the keys of its URL variables, never their values nor the token', async () => {
    const seeded = await seededHook()
    const result = await sb.run(['hooks', 'get', String(seeded.id), '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await hook(plainId(seeded.id))).body)
    expect(result.json<Hook>().url_variables).toEqual([{key: 'tenant'}])
    expect(result.stdout).not.toContain('acme-prod')
    expect(result.stdout).not.toContain('seeded-hook-secret')
    expect(result.json()).not.toHaveProperty('token')
  })

  it('an unknown hook is exit 3, a bad HOOK_ID is exit 2 with nothing sent', async () => {
    const missing = await sb.run(['hooks', 'get', '999999'], admin)
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('404 Not Found: Hook Not Found (GET /api/v4/hooks/999999)')
    const {result, requests} = await sb.runCounted(['hooks', 'get', 'abc'], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('HOOK_ID "abc": must be a positive whole number')
    expect(requests).toBe(0)
  })
})

describe('hooks create', () => {
  it('prints the single record, the same shape as hooks get, its URL (a secret input) as [REDACTED]', async () => {
    const result = await sb.run(
      [
        'hooks',
        'create',
        '--url',
        'https://ci.example.com/hook',
        '--name',
        'CI',
        '--description',
        'Triggers CI',
        '--no-push-events',
        '--tag-push-events',
        '--merge-requests-events',
        '--repository-update-events',
        '--no-enable-ssl-verification',
        '--push-events-branch-filter',
        '^release/',
        '--branch-filter-strategy',
        'regex',
        '--json',
      ],
      admin,
    )
    expect(result.code).toBe(0)
    const created = result.json<Hook>()
    expect(Array.isArray(created)).toBe(false)
    expect(created).toEqual({...(await hook(plainId(created.id))).body, url: '[REDACTED]'})
    expect(result.stdout).not.toContain('ci.example.com')
    expect((await hook(plainId(created.id))).body.url).toBe('https://ci.example.com/hook')
    expect(created).toMatchObject({
      name: 'CI',
      description: 'Triggers CI',
      push_events: false,
      tag_push_events: true,
      merge_requests_events: true,
      repository_update_events: true,
      enable_ssl_verification: false,
      push_events_branch_filter: '^release/',
      branch_filter_strategy: 'regex',
      url_variables: [],
    })
  })

  it("the API answers create with the hook as an object, as the platform does (not the spec's array of one)", async () => {
    const raw = await sb.api<Hook>('POST', '/hooks', {as: 'admin', body: {url: 'https://raw.example.com/'}})
    expect(raw.status).toBe(201)
    expect(Array.isArray(raw.body)).toBe(false)
    expect(raw.body).toEqual((await hook(plainId(raw.body.id))).body)
    const result = await sb.run(['hooks', 'create', '--url', 'https://shape.example.com/', '--json'], admin)
    const {id, created_at: _c, url: _u, ...settings} = result.json<Hook>()
    const {id: rawId, created_at: _rc, url: _ru, ...rawSettings} = raw.body
    expect(id).toBeGreaterThan(plainId(rawId))
    expect(settings).toEqual(rawSettings)
  })

  it("takes a system hook's defaults (app/models/hooks/system_hook.rb): repository update events and TLS verification on, the rest off", async () => {
    const result = await sb.run(['hooks', 'create', '--url', 'http://plain.example.com/hook', '--json'], admin)
    expect(result.json<Hook>()).toMatchObject({
      push_events: false,
      tag_push_events: false,
      merge_requests_events: false,
      repository_update_events: true,
      enable_ssl_verification: true,
      branch_filter_strategy: 'wildcard',
      name: null,
    })
  })

  it('--secret-token is sent as token, never returned, and never shown in --verbose', async () => {
    const secret = 'hook-secret-Zq81vX'
    const result = await sb.run(['hooks', 'create', '--url', 'https://secure.example.com/', '--secret-token', secret, '--verbose', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('"token":"[REDACTED]"')
    expect(result.stderr).toMatch(/< 201 Created/)
    expect(result.stderr + result.stdout).not.toContain(secret)
    expect(result.stderr + result.stdout).not.toContain(TOKENS.admin)
    expect(result.json()).not.toHaveProperty('token')
    const api = await hook(plainId(result.json<Hook>().id))
    expect(JSON.stringify(api.body)).not.toContain(secret)
  })

  it('--dry-run prints the request with both tokens redacted and sends nothing', async () => {
    const before = (await sb.api<Hook[]>('GET', '/hooks?per_page=100', {as: 'admin'})).body.length
    const {result, requests} = await sb.runCounted(['hooks', 'create', '--url', 'https://dry.example.com/', '--secret-token', 'dry-secret-123', '--dry-run'], admin)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/hooks`)
    expect(result.stderr).toContain('{"url":"[REDACTED]","token":"[REDACTED]"}')
    expect(result.stderr).not.toContain('dry.example.com/"')
    expect(result.stderr).not.toContain('dry-secret-123')
    expect(result.stderr).not.toContain(TOKENS.admin)
    expect((await sb.api<Hook[]>('GET', '/hooks?per_page=100', {as: 'admin'})).body).toHaveLength(before)
  })

  it.each([
    ['no --url', ['hooks', 'create', '--name', 'x'], 'missing --url (absolute http(s) URL the events are sent to)'],
    ['an empty --url', ['hooks', 'create', '--url', ''], '--url: must not be empty'],
    ['a relative URL', ['hooks', 'create', '--url', '/receive'], URL_RULE],
    ['an ftp URL, without echoing it (it may hold credentials)', ['hooks', 'create', '--url', 'ftp://bot:ftp-pass-77@files.example.com/'], URL_RULE],
    ['a URL without its scheme, without echoing it', ['hooks', 'create', '--url', 'bot:ftp-pass-77@files.example.com/'], URL_RULE],
    ['an empty --name', ['hooks', 'create', '--url', 'https://x.example.com/', '--name', ''], '--name "": must not be empty'],
    [
      'an unknown branch filter strategy',
      ['hooks', 'create', '--url', 'https://x.example.com/', '--branch-filter-strategy', 'glob'],
      '--branch-filter-strategy "glob": must be one of wildcard, regex, all_branches',
    ],
  ])('refuses %s locally: exit 2, nothing sent', async (_what, args, message) => {
    const {result, requests} = await sb.runCounted(args, admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(requests).toBe(0)
  })

  it('the server refuses a missing or non-http URL itself (400)', async () => {
    const missing = await sb.api<{error: string}>('POST', '/hooks', {as: 'admin', body: {name: 'no url'}})
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('url is missing')
    const ftp = await sb.api<{message: Record<string, string[]>}>('POST', '/hooks', {as: 'admin', body: {url: 'ftp://x.example.com/'}})
    expect(ftp.status).toBe(400)
    expect(ftp.body.message.url).toEqual(['is blocked: Only allowed schemes are http, https'])
  })
})

describe('hooks update, test, delete', () => {
  it('updates some settings; the others keep their value; the output equals hooks get but for the URL', async () => {
    const target = await newHook({name: 'keep me', tag_push_events: true})
    const result = await sb.run(
      [
        'hooks',
        'update',
        String(target.id),
        '--url',
        'https://moved.example.com/hook',
        '--merge-requests-events',
        '--branch-filter-strategy',
        'all_branches',
        '--secret-token',
        'rotated-secret-9',
        '--json',
      ],
      admin,
    )
    expect(result.code).toBe(0)
    expect(result.json()).toEqual({...(await hook(plainId(target.id))).body, url: '[REDACTED]'})
    expect((await hook(plainId(target.id))).body.url).toBe('https://moved.example.com/hook')
    expect(result.json<Hook>()).toMatchObject({merge_requests_events: true, branch_filter_strategy: 'all_branches', tag_push_events: true, name: 'keep me'})
    expect(result.stdout).not.toContain('rotated-secret-9')
  })

  it('needs at least one change, and checks --url: exit 2, nothing sent', async () => {
    const target = await newHook()
    for (const [args, message] of [
      [
        [],
        'nothing to change: give at least one of --url, --name, --description, --branch-filter-strategy, --push-events-branch-filter, --push-events, --tag-push-events, '
          + '--merge-requests-events, --repository-update-events, --enable-ssl-verification, --secret-token',
      ],
      [['--url', 'not a url'], URL_RULE],
      [['--url', ''], '--url: must not be empty'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['hooks', 'update', String(target.id), ...args], admin)
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(`Error: ${message}\n`)
      expect(requests).toBe(0)
    }
  })

  it('an empty --secret-token or --push-events-branch-filter is sent: it clears the token or the filter', async () => {
    const target = await newHook({token: 'old-secret-31', push_events_branch_filter: 'main'})
    const result = await sb.run(['hooks', 'update', String(target.id), '--secret-token', '', '--push-events-branch-filter', '', '--verbose', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('> {"push_events_branch_filter":"","token":""}')
    expect(result.json()).toMatchObject({push_events_branch_filter: ''})
    const help = await sb.run(['hooks', 'update', '--help'])
    const words = help.stdout.replace(/\s+/g, ' ')
    expect(words).toContain('--secret-token=SECRET-TOKEN secret the receiver uses to validate payloads (sent as the API\'s `token`; never shown back) ("" clears it)')
    expect(words).toContain('--push-events-branch-filter=PUSH-EVENTS-BRANCH-FILTER send push events only for branches matching this filter ("" clears it)')
  })

  it('changes --name and --description (the update takes the hook_parameters of lib/api/system_hooks.rb)', async () => {
    const target = await newHook({name: 'before'})
    const result = await sb.run(['hooks', 'update', String(target.id), '--name', 'after', '--description', 'audit', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Hook>()).toMatchObject({name: 'after', description: 'audit'})
  })

  it('a new --url without --secret-token says what the server drops with it (app/models/hooks/web_hook.rb)', async () => {
    const seeded = await newHook({url: 'https://audit.example.com/{tenant}', token: 'first-secret-12', url_variables: [{key: 'tenant', value: 'acme'}]})
    expect(seeded.url_variables).toEqual([{key: 'tenant'}])
    const result = await sb.run(['hooks', 'update', String(seeded.id), '--url', 'https://audit.example.com/v2', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain("Warning: a new URL drops the hook's secret token and URL variables unless given again")
    expect(result.json<Hook>().url_variables).toEqual([])
    const kept = await sb.run(['hooks', 'update', String(seeded.id), '--url', 'https://audit.example.com/v3', '--secret-token', 'again-secret-77'], admin)
    expect(kept.stderr).not.toContain('Warning')
  })

  it('test prints the mock payload the server answers with (201)', async () => {
    const seeded = await seededHook()
    const direct = await sb.api('POST', `/hooks/${seeded.id}`, {as: 'admin'})
    expect(direct.status).toBe(201)
    const result = await sb.run(['hooks', 'test', String(seeded.id), '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(direct.body)
    expect(result.json()).toEqual({project_id: 1, owner_email: 'example@gitlabhq.com', owner_name: 'Someone', name: 'Ruby', path: 'ruby', event_name: 'project_create'})
    const table = await sb.run(['hooks', 'test', String(seeded.id), '-o', 'table'], admin)
    expect(table.stdout).toMatch(/event_name\s+project_create/)
  })

  it('test of an unknown hook is exit 3', async () => {
    const result = await sb.run(['hooks', 'test', '999999'], admin)
    expect(result.code).toBe(3)
  })

  it('delete refuses without a terminal and without --yes, sending nothing; with --yes it deletes', async () => {
    const target = await newHook()
    const {result: refused, requests} = await sb.runCounted(['hooks', 'delete', String(target.id)], admin)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`refusing to delete system hook ${target.id} without confirmation: pass --yes (-y)`)
    expect(requests).toBe(0)
    const deleted = await sb.run(['hooks', 'delete', String(target.id), '--yes'], admin)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect(deleted.stderr).toContain(`Deleted system hook ${target.id}.`)
    expect((await hook(plainId(target.id))).status).toBe(404)
  })
})

describe('hooks url-variables', () => {
  it('set answers 204: nothing on stdout, the key appears on the hook, the value never does', async () => {
    const target = await newHook()
    const result = await sb.run(['hooks', 'url-variables', 'set', String(target.id), 'api_key', 'uv-secret-4471', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`Set URL variable "api_key" of system hook ${target.id}.`)
    const direct = await sb.api('PUT', `/hooks/${target.id}/url_variables/other`, {as: 'admin', body: {value: 'v'}})
    expect(direct.status).toBe(204)
    const after = await hook(plainId(target.id))
    expect(after.body.url_variables).toEqual([{key: 'api_key'}, {key: 'other'}])
    expect(JSON.stringify(after.body)).not.toContain('uv-secret-4471')
    const get = await sb.run(['hooks', 'get', String(target.id), '--json'], admin)
    expect(get.stdout).not.toContain('uv-secret-4471')
  })

  it('the value never appears in --verbose or --dry-run output', async () => {
    const target = await newHook()
    const verbose = await sb.run(['hooks', 'url-variables', 'set', String(target.id), 'password', 'uv-verbose-9910', '--verbose'], admin)
    expect(verbose.code).toBe(0)
    expect(verbose.stderr).toContain(`> PUT ${sb.url}/api/v4/hooks/${target.id}/url_variables/password`)
    expect(verbose.stderr).toContain('> {"value":"[REDACTED]"}')
    expect(verbose.stderr).toMatch(/< 204 No Content/)
    expect(verbose.stderr).not.toContain('uv-verbose-9910')
    const {result: dry, requests} = await sb.runCounted(['hooks', 'url-variables', 'set', String(target.id), 'plain', 'uv-dry-5512', '--dry-run'], admin)
    expect(requests).toBe(0)
    expect(dry.stderr).toContain('DRY RUN {"value":"[REDACTED]"}')
    expect(dry.stderr).not.toContain('uv-dry-5512')
    expect(dry.stderr).not.toContain(TOKENS.admin)
  })

  it('VALUE - reads the value from standard input', async () => {
    const target = await newHook()
    const result = await sb.run(['hooks', 'url-variables', 'set', String(target.id), 'from_stdin', '-'], {...admin, stdin: 'piped-value\n'})
    expect(result.code).toBe(0)
    expect((await hook(plainId(target.id))).body.url_variables).toEqual([{key: 'from_stdin'}])
  })

  it('set on an unknown hook is exit 3; an empty KEY is refused locally', async () => {
    const missing = await sb.run(['hooks', 'url-variables', 'set', '999999', 'k', 'v'], admin)
    expect(missing.code).toBe(3)
    for (const [args, message] of [
      [['1', '', 'v'], 'KEY "": must not be empty'],
      [['1', 'k', ''], 'VALUE: must not be empty'],
      [['1', 'k'], 'missing VALUE (the value, or - for standard input)\nUsage: forgectl hooks url-variables set HOOK_ID KEY VALUE [FLAGS]'],
      [['1'], 'missing KEY (URL variable key) and VALUE (the value, or - for standard input)\nUsage: forgectl hooks url-variables set HOOK_ID KEY VALUE [FLAGS]'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['hooks', 'url-variables', 'set', ...args], admin)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toBe(`Error: ${message}\n`)
      expect(requests).toBe(0)
    }
    const {result: piped, requests} = await sb.runCounted(['hooks', 'url-variables', 'set', '1', 'k', '-'], {...admin, stdin: '\n'})
    expect(piped.code).toBe(2)
    expect(piped.stderr).toBe('Error: VALUE from standard input: must not be empty\n')
    expect(requests).toBe(0)
  })

  it('a refused VALUE is never shown', async () => {
    const {result, requests} = await sb.runCounted(['hooks', 'url-variables', 'set', '1', 'k', '   '], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: VALUE: must not be empty\n')
    expect(requests).toBe(0)
  })

  it('the server requires the value (400)', async () => {
    const target = await newHook()
    const direct = await sb.api<{error: string}>('PUT', `/hooks/${target.id}/url_variables/k`, {as: 'admin', body: {}})
    expect(direct.status).toBe(400)
    expect(direct.body.error).toBe('value is missing')
  })

  it('delete: refused without --yes, 204 with it, and 404 (exit 3) when the key does not exist', async () => {
    const target = await newHook()
    await sb.api('PUT', `/hooks/${target.id}/url_variables/gone`, {as: 'admin', body: {value: 'v'}})
    const {result: refused, requests} = await sb.runCounted(['hooks', 'url-variables', 'delete', String(target.id), 'gone'], admin)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const {result: empty, requests: none} = await sb.runCounted(['hooks', 'url-variables', 'delete', String(target.id), '', '--yes'], admin)
    expect(empty.code).toBe(2)
    expect(empty.stderr).toBe('Error: KEY "": must not be empty\n')
    expect(none).toBe(0)
    const deleted = await sb.run(['hooks', 'url-variables', 'delete', String(target.id), 'gone', '--yes'], admin)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await hook(plainId(target.id))).body.url_variables).toEqual([])
    const again = await sb.run(['hooks', 'url-variables', 'delete', String(target.id), 'gone', '--yes'], admin)
    expect(again.code).toBe(3)
    expect(again.stderr).toContain(`404 Not Found: URL variable Not Found (DELETE /api/v4/hooks/${target.id}/url_variables/gone)`)
  })
})

describe('hooks: roles', () => {
  it.each([
    ['list', ['hooks', 'list']],
    ['create', ['hooks', 'create', '--url', 'https://x.example.com/']],
    ['url-variables set', ['hooks', 'url-variables', 'set', '1', 'k', 'v']],
  ])('a developer is refused %s (403, exit 5)', async (_what, args) => {
    const result = await sb.run(args, {as: 'developer'})
    expect(result.code).toBe(5)
    expect(result.stderr).toMatch(/^Error: 403 Forbidden/)
    expect(result.stdout).toBe('')
  })

  it('no token is 401, exit 4', async () => {
    const result = await sb.run(['hooks', 'list'], {as: null})
    expect(result.code).toBe(4)
  })
})
