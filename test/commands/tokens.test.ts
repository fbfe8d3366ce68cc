import {describe, expect, it} from 'vitest'
import {TOKEN_SCOPES, type PersonalAccessToken as Token} from '../../src/api/tokens.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const counted = (args: string[], options: SandboxRunOptions = admin) => sb.runCounted(args, options)
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** who the server says a token belongs to, asked through forgectl itself */
const whoIs = (token: string) => sb.run(['api', 'GET', '/user'], {env: {FORGECTL_TOKEN: token}})

describe('tokens create --user (administrator)', () => {
  it('creates an active token for the user, with the value once, that really authenticates', async () => {
    const result = await sb.run(['tokens', 'create', '--user', '3', '--name', 'ci-deploy', '--scope', 'api', '--scope', 'read_user', '--description', 'Deploys', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    const token = result.json<Token>()
    expect(token).toMatchObject({name: 'ci-deploy', user_id: 3, scopes: ['api', 'read_user'], description: 'Deploys', active: true, revoked: false})
    expect(token.token).toMatch(/^glpat-/)
    // "if undefined, set to the maximum allowed lifetime"
    expect(token.expires_at).toBe(daysFromToday(365))
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/users/3/personal_access_tokens'})
    const me = await whoIs(token.token!)
    expect(me.code).toBe(0)
    expect(me.json<{username: string}>().username).toBe('bob')
  })

  it('takes the user as USER_ID too, as service-accounts tokens create does (issue 25, point 4)', async () => {
    const result = await sb.run(['tokens', 'create', '3', '--name', 'positional', '--scope', 'api', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Token>()).toMatchObject({name: 'positional', user_id: 3})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/users/3/personal_access_tokens'})
    const {result: differ, requests} = await counted(['tokens', 'create', '3', '-u', '4', '--name', 'x', '--scope', 'api'])
    expect(differ.stderr).toBe('Error: USER_ID and --user differ: give the value once\n')
    expect(differ.code).toBe(2)
    expect(requests).toBe(0)
  })

  it('sends --expires-at and a comma list of scopes', async () => {
    const expires = daysFromToday(30)
    const result = await sb.run(['tokens', 'create', '-u', '4', '--name', 'short', '--scope', 'read_repository,read_user', '--expires-at', expires, '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json<Token>()).toMatchObject({expires_at: expires, scopes: ['read_repository', 'read_user'], user_id: 4})
  })

  it('on a table, shows the value on its own line with a warning on stderr, and keeps it out of the table', async () => {
    const result = await sb.run(['tokens', 'create', '-u', '3', '--name', 'tabled', '--scope', 'api', '-o', 'table'], admin)
    expect(result.code).toBe(0)
    const value = result.stdout.match(/^token: (glpat-\S+)$/m)?.[1]
    expect(value).toBeDefined()
    expect(result.stdout.split(value!)).toHaveLength(2) // once, not also inside the table
    expect(result.stdout).toMatch(/^name\s+tabled/m)
    expect(result.stderr).toContain('Copy the token now: it is shown only once')
    expect((await whoIs(value!)).code).toBe(0)
  })

  it('--quiet prints the value alone, csv keeps it in a column', async () => {
    const quiet = await sb.run(['tokens', 'create', '-u', '3', '--name', 'quiet', '--scope', 'api', '-q'], admin)
    expect(quiet.code).toBe(0)
    expect(quiet.stdout).toMatch(/^glpat-\S+\n$/)
    expect((await whoIs(quiet.stdout.trim())).json<{username: string}>().username).toBe('bob')
    const csv = await sb.run(['tokens', 'create', '-u', '3', '--name', 'csv', '--scope', 'api', '-o', 'csv'], admin)
    expect(csv.stdout.split('\n')[0]).toBe('id,name,scopes,active,revoked,expires_at,token')
    expect(csv.stdout.split('\n')[1]).toMatch(/,csv,api,true,false,\d{4}-\d{2}-\d{2},glpat-\S+$/)
    // columns the user chose without the value: it is kept as a last column, never dropped
    const chosen = await sb.run(['tokens', 'create', '-u', '3', '--name', 'chosen', '--scope', 'api', '-o', 'csv', '--columns', 'id,name'], admin)
    expect(chosen.stdout.split('\n')[0]).toBe('id,name,token')
    expect(chosen.stdout.split('\n')[1]).toMatch(/^\d+,chosen,glpat-\S+$/)
  })

  it("maps the server's refusals: 403 for an ordinary user, 401 without a valid token, 404 for an unknown user, 422 past the longest lifetime", async () => {
    const forbidden = await sb.run(['tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api'], {as: 'developer'})
    expect(forbidden.code).toBe(5)
    expect(forbidden.stderr).toMatch(/^Error: 403 Forbidden/)
    const anonymous = await sb.run(['tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api'], {as: null})
    expect(anonymous.code).toBe(4)
    expect(anonymous.stderr).toMatch(/^Error: 401 Unauthorized/)
    const missing = await sb.run(['tokens', 'create', '-u', '999999', '--name', 'x', '--scope', 'api'], admin)
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('404 Not Found: User Not Found (POST /api/v4/users/999999/personal_access_tokens)')
    // a scope the platform does not know is refused before sending (below); the server would say 400
    const scope = await sb.run(['api', 'POST', '/users/3/personal_access_tokens', '-f', 'name=x', '-f', 'scopes[]=nonsense'], admin)
    expect(scope.code).toBe(6)
    expect(scope.stderr).toContain('400 Bad Request: scopes does not have a valid value')
    // PersonalAccessTokens::CreateService: the model's refusal as one sentence, 422
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10)
    const past = await sb.run(['tokens', 'create', '-u', '3', '--name', 'x', '--scope', 'api', '--expires-at', far], admin)
    expect(past.code).toBe(6)
    expect(past.stderr).toMatch(/422 Unprocessable Entity: Expires at must be before \d{4}-\d{2}-\d{2} \(POST/)
    for (const r of [forbidden, anonymous, missing, scope, past]) expect(r.stdout).toBe('')
  })
})

describe('tokens create (for yourself)', () => {
  it('creates a token for the caller with the self-service scopes', async () => {
    const result = await sb.run(['tokens', 'create', '--name', 'rotate-me', '--scope', 'self_rotate,orchestrator_proxy', '--json'], {as: 'reporter'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Token>()).toMatchObject({name: 'rotate-me', user_id: 6, scopes: ['self_rotate', 'orchestrator_proxy'], active: true})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/user/personal_access_tokens'})
    expect((await whoIs(result.json<Token>().token!)).json<{username: string}>().username).toBe('erin')
  })

  it('refuses other scopes before sending, naming the allowed ones', async () => {
    const {result, requests} = await counted(['tokens', 'create', '--name', 'x', '--scope', 'self_rotate,api'], {as: 'developer'})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('takes only the scopes orchestrator_proxy and self_rotate; not api')
    expect(requests).toBe(0)
  })

  it('the server refuses other scopes too (400, exit 6 through forgectl api)', async () => {
    const result = await sb.run(['api', 'POST', '/user/personal_access_tokens', '-f', 'name=x', '-f', 'scopes[]=api'], {as: 'developer'})
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('scopes does not have a valid value')
  })
})

describe('tokens create: local validation sends nothing', () => {
  it.each([
    ['a description over 255 characters', ['-u', '3', '--description', 'x'.repeat(256)], `--description "${'x'.repeat(60)}…": must be at most 255 characters, not 256`],
    ['an impossible date', ['-u', '3', '--expires-at', '2026-02-30'], '--expires-at "2026-02-30": there is no such day: February 2026 has 28 days'],
    ['a date in another format', ['-u', '3', '--expires-at', '31/12/2026'], '--expires-at "31/12/2026": must be a date as YYYY-MM-DD'],
    ['a username that cannot be one', ['--user', 'bob smith'], '--user "bob smith": must be a user ID or a username (letters, digits, _, - and .)'],
    ['user 0', ['--user', '0'], '--user "0": must be a positive whole number (a user ID) or a username'],
    ['an empty scope', ['-u', '3', '--scope', ''], '--scope "": must not be empty'],
    ['a mistyped scope, naming the near one', ['-u', '3', '--scope', 'apii'], `--scope "apii": must be one or more of ${TOKEN_SCOPES.join(', ')}; did you mean api?`],
    [
      'a mistyped scope in a comma list',
      ['-u', '3', '--scope', 'read_user,read_repositry'],
      `--scope "read_repositry": must be one or more of ${TOKEN_SCOPES.join(', ')}; did you mean read_repository?`,
    ],
    ['a mistyped scope for yourself too', ['--scope', 'self_rotat'], `--scope "self_rotat": must be one or more of ${TOKEN_SCOPES.join(', ')}; did you mean self_rotate?`],
  ])('refuses %s (exit 2)', async (_what, extra, message) => {
    const {result, requests} = await counted(['tokens', 'create', '--name', 'x', '--scope', 'api', ...extra])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(requests).toBe(0)
  })

  it.each([
    ['for a user', ['-u', '3'], admin],
    ['for yourself', [], {as: 'developer'}],
  ] as const)('refuses an empty --name %s (exit 2), sending nothing', async (_what, extra, options) => {
    for (const name of ['', '   ']) {
      const {result, requests} = await counted(['tokens', 'create', ...extra, '--name', name, '--scope', 'self_rotate'], options)
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(`Error: --name "${name}": must not be empty\n`)
      expect(requests).toBe(0)
    }
  })

  it('needs --name and --scope, both named in one message', async () => {
    const scope = await counted(['tokens', 'create', '-u', '3', '--name', 'x'])
    expect(scope.result.code).toBe(2)
    expect(scope.result.stderr).toBe('Error: missing --scope (scope of the token, repeatable or a comma list: api, read_user, read_repository, ...)\n')
    expect(scope.requests).toBe(0)
    const both = await counted(['tokens', 'create', '-u', '3'])
    expect(both.result.code).toBe(2)
    expect(both.result.stderr).toBe('Error: missing --name (token name) and --scope (scope of the token, repeatable or a comma list: api, read_user, read_repository, ...)\n')
    expect(both.requests).toBe(0)
  })

  it('sends an empty --description as given: it is a text, not a name', async () => {
    const result = await sb.run(['tokens', 'create', '-u', '3', '--name', 'undescribed', '--scope', 'api', '--description', '', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Token & {description: string | null}>()).toMatchObject({name: 'undescribed', description: ''})
  })

  it('the server enforces the description limit too (the spec: at most 255 characters)', async () => {
    const result = await sb.api('POST', '/users/3/personal_access_tokens', {as: 'admin', body: {name: 'x', scopes: ['api'], description: 'y'.repeat(256)}})
    expect(result.status).toBe(422)
  })
})

describe('secrets stay out of traces', () => {
  it('--verbose redacts the access token and the created value on stderr; stdout carries the value', async () => {
    const result = await sb.run(['tokens', 'create', '-u', '3', '--name', 'traced', '--scope', 'api', '--verbose', '--json'], admin)
    expect(result.code).toBe(0)
    const value = result.json<Token>().token!
    expect(value).toMatch(/^glpat-/)
    expect(result.stderr).toContain('> POST')
    expect(result.stderr).toContain('"token":"[REDACTED]"')
    expect(result.stderr).not.toContain(value)
    expect(result.stderr).not.toContain('sandbox-admin-token')
  })

  it('--verbose with the new token as the access token never shows it either', async () => {
    const value = (await sb.run(['tokens', 'create', '-u', '3', '--name', 'self-used', '--scope', 'api', '-q'], admin)).stdout.trim()
    const result = await sb.run(['api', 'GET', '/user', '--verbose'], {env: {FORGECTL_TOKEN: value}})
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('PRIVATE-TOKEN: [REDACTED]')
    expect(result.stderr + result.stdout).not.toContain(value)
  })

  it('--dry-run prints the request without the token and creates nothing', async () => {
    const {result, requests} = await counted(['tokens', 'create', '-u', '3', '--name', 'dry', '--scope', 'api', '--dry-run'])
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/users/3/personal_access_tokens`)
    expect(result.stderr).toContain('"name":"dry"')
    expect(result.stderr).toContain('PRIVATE-TOKEN: [REDACTED]')
    expect(result.stderr + result.stdout).not.toContain('sandbox-admin-token')
    expect(result.stdout).toBe('')
  })
})

describe.runIf(await hasTmux())('on a terminal', () => {
  it('shows the record as a table, then the value on its own line and the warning; the value works', async () => {
    const t = await TerminalSession.start(['tokens', 'create', '-u', '3', '--name', 'on-screen', '--scope', 'api'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.admin,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    try {
      expect(await t.exitCode()).toBe(0)
      const screen = await t.screen()
      expect(screen).toMatch(/name\s+on-screen/)
      expect(screen).toContain('Copy the token now: it is shown only once and cannot be retrieved later.')
      const value = screen.match(/^token: (glpat-\S+)$/m)?.[1]
      expect(value).toBeDefined()
      expect((await whoIs(value!)).json<{username: string}>().username).toBe('bob')
    } finally {
      await t.close()
    }
  })
})
