import {describe, expect, it} from 'vitest'
import type {User} from '../../src/api/users.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

// Finding things by name (issue 27), read-only: users list and get, and the username that every --user taking a user ID also takes. Split from directory.test.ts (issue 38: a test file
// under each topic's own name).
const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const lines = (text: string) => text.trim().split('\n')

describe('users list / get', () => {
  it('--username finds one user whatever its case; --search looks in names', async () => {
    const exact = await sb.run(['users', 'list', '--username', 'Oscar', '--json'])
    expect(exact.json<User[]>()).toEqual([expect.objectContaining({id: 7, username: 'oscar'})])
    expect(exact.json<User[]>()[0]).not.toHaveProperty('email')
    expect(lines((await sb.run(['users', 'list', '--search', 'designer', '-q'])).stdout)).toEqual(['oscar'])
    expect(lines((await sb.run(['users', 'list', '--username', 'peggy', '--blocked', '-q'])).stdout)).toEqual(['peggy'])
    const table = await sb.run(['users', 'list', '--username', 'bob', '-o', 'table'])
    expect(table.stdout).toMatch(/^id\s+username\s+name\s+state\s+web_url\s*\n3\s+bob\s+Bob Developer\s+active/)
  })

  it('gets a user by ID, or by username through one lookup', async () => {
    const byId = await sb.run(['users', 'get', '3', '--json'])
    expect(byId.json<User>()).toMatchObject({id: 3, username: 'bob'})
    const before = sb.sandbox.requests.length
    const byName = await sb.run(['users', 'get', 'bob', '-q'])
    expect(byName.stdout).toBe('bob\n')
    expect(sb.sandbox.requests.slice(before).map(r => `${r.path}${r.query}`)).toEqual(['/users?username=bob', '/users/3'])
  })

  it('a username nobody has is not found (exit 3), naming it', async () => {
    const result = await sb.run(['users', 'get', 'nobody'])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe('Error: no user has the username "nobody" (GET /users?username=nobody found none)\n')
  })
})

describe('every --user that takes a user ID also takes a username', () => {
  /** the requests of one run, as `METHOD path?query` */
  async function sent(args: string[], options: SandboxRunOptions = admin) {
    const before = sb.sandbox.requests.length
    const result = await sb.run(args, options)
    return {result, requests: sb.sandbox.requests.slice(before).map(r => `${r.method} ${r.path}${r.query}`)}
  }

  it('tokens create --user bob: the lookup, then the ID in the path', async () => {
    const {result, requests} = await sent(['tokens', 'create', '--user', 'bob', '--name', 'by-name', '--scope', 'api', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toMatchObject({user_id: 3, name: 'by-name'})
    expect(requests).toEqual(['GET /users?username=bob', 'POST /users/3/personal_access_tokens'])
  })

  it('USER_ID of tokens create takes a username too', async () => {
    const {result} = await sent(['tokens', 'create', 'Dave', '--name', 'by-arg', '--scope', 'api', '--json'])
    expect(result.json()).toMatchObject({user_id: 5})
  })

  it('a numeric value stays an ID, with no lookup', async () => {
    const {requests} = await sent(['impersonation-tokens', 'list', '-u', '3', '--json'])
    expect(requests).toEqual(['GET /users/3/impersonation_tokens'])
  })

  it('impersonation-tokens list -u bob and tokens list --user bob', async () => {
    const impersonation = await sent(['impersonation-tokens', 'list', '-u', 'bob', '--json'])
    expect(impersonation.result.code, impersonation.result.stderr).toBe(0)
    expect(impersonation.requests).toEqual(['GET /users?username=bob', 'GET /users/3/impersonation_tokens'])
    const own = await sent(['tokens', 'list', '--user', 'bob', '--json'])
    expect(own.result.code, own.result.stderr).toBe(0)
    expect(own.requests[1]).toMatch(/^GET \/personal_access_tokens\?.*user_id=3/)
    expect(own.result.json<Array<{user_id: number}>>().every(t => t.user_id === 3)).toBe(true)
  })

  it('tokens audit --user bob audits the tokens of user 3', async () => {
    const {result, requests} = await sent(['tokens', 'audit', '--user', 'bob', '--json'])
    expect([0, 10]).toContain(result.code)
    expect(requests[0]).toBe('GET /users?username=bob')
    expect(requests[1]).toMatch(/^GET \/personal_access_tokens\?.*user_id=3/)
  })

  it('--dry-run sends the lookup (a read) and shows the request with the ID, sending nothing else', async () => {
    const {result, requests} = await sent(['tokens', 'create', '--user', 'bob', '--name', 'dry', '--scope', 'api', '--dry-run'])
    expect(result.code, result.stderr).toBe(0)
    expect(requests).toEqual(['GET /users?username=bob'])
    expect(result.stderr).toContain(`LOOKUP (sent) GET ${sb.url}/api/v4/users?username=bob\n`)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/users/3/personal_access_tokens\n`)
  })

  it('@NAME, the mention form, is the username NAME, also under --dry-run', async () => {
    const byMention = await sent(['users', 'get', '@Bob', '-q'])
    expect(byMention.result.stdout).toBe('bob\n')
    expect(byMention.requests).toEqual(['GET /users?username=Bob', 'GET /users/3'])
    const {result, requests} = await sent(['tokens', 'create', '--user', '@bob', '--name', 'dry', '--scope', 'api', '--dry-run'])
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/users/3/personal_access_tokens\n`)
    expect(requests).toEqual(['GET /users?username=bob'])
    const dash = await sent(['tokens', 'list', '--user=-bob'])
    expect(dash.result.stderr).toBe('Error: --user "-bob": a username never starts with "-"\n')
    expect(dash.requests).toEqual([])
    for (const value of ['@', '@@bob', '@bob smith']) {
      const refused = await sent(['tokens', 'list', '--user', value])
      expect(refused.result.stderr).toBe(`Error: --user "${value}": must be a user ID or a username (letters, digits, _, - and .)\n`)
      expect(refused.requests).toEqual([])
    }
  })

  it("a username nobody has: exit 3, naming it, and the command's own request is not sent", async () => {
    const {result, requests} = await sent(['impersonation-tokens', 'create', '-u', 'zed', '--name', 'x', '--scope', 'api', '--expires-at', '2030-01-01'])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe('Error: no user has the username "zed" (GET /users?username=zed found none)\n')
    expect(requests).toEqual(['GET /users?username=zed'])
  })

  it('a value that is no username is refused before anything is sent (exit 2)', async () => {
    const {result, requests} = await sent(['tokens', 'list', '--user', 'bob smith'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --user "bob smith": must be a user ID or a username (letters, digits, _, - and .)\n')
    expect(requests).toEqual([])
  })
})
