// members list/get/add/update/remove against the sandbox (issue 37): the API's records, usernames
// looked up for their IDs, roles in words or numbers, the platform's refusals in forgectl's exit codes.
import {describe, expect, it} from 'vitest'
import type {Member} from '../../src/api/members.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner: SandboxRunOptions = {as: 'owner'}
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const direct = async (path: string) => (await sb.api<Member[]>('GET', `${path}/members`, {as: 'admin'})).body

describe('members list and get', () => {
  it("lists a group's direct members as the API does; a table shows each role's word", async () => {
    const json = await sb.run(['members', 'list', '-g', 'acme', '--json'])
    expect(json.code, json.stderr).toBe(0)
    expect(json.json()).toEqual(await direct('/groups/acme'))
    const table = await sb.run(['members', 'list', '-g', 'acme', '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+username\s+name\s+access_level\s+expires_at\s*$/)
    expect(table.stdout).toMatch(/alice\s+Alice Owner\s+owner/)
    expect(table.stdout).toMatch(/erin\s+Erin Reporter\s+reporter/)
  })

  it("--inherited lists /members/all (a project sees its groups' members); ls is list; --query filters", async () => {
    const own = await sb.run(['members', 'ls', '-p', 'acme/platform/api', '--json'])
    expect(own.json()).toEqual([])
    const all = await sb.run(['members', 'list', '-p', 'acme/platform/api', '--inherited', '--json'])
    expect(
      all
        .json<Member[]>()
        .map(m => m.username)
        .sort(),
    ).toEqual(['alice', 'bob', 'dave', 'erin'])
    const some = await sb.run(['members', 'list', '-g', 'acme', '--query', 'dav', '-q'])
    expect(some.stdout).toBe('dave\n')
  })

  it('get takes a username (looked up once) or an ID; --inherited finds a member through a group', async () => {
    const byName = await sb.runCounted(['members', 'get', 'dave', '-g', 'acme', '--json'])
    expect(byName.result.code, byName.result.stderr).toBe(0)
    expect(byName.result.json<Member>()).toMatchObject({id: 5, username: 'dave', access_level: 40})
    expect(byName.requests).toBe(2)
    expect((await sb.run(['members', 'get', '5', '-g', 'acme', '--json'])).json<Member>().username).toBe('dave')
    const missing = await sb.run(['members', 'get', 'dave', '-p', 'acme/website'])
    expect(missing.code).toBe(3)
    const inherited = await sb.run(['members', 'get', 'dave', '-p', 'acme/website', '--inherited', '--json'])
    expect(inherited.json<Member>()).toMatchObject({username: 'dave', access_level: 40})
  })

  it('refuses before sending: no -p or -g, both, no USER, a username that cannot be one', async () => {
    for (const args of [
      ['members', 'list'],
      ['members', 'list', '-p', '20', '-g', 'acme'],
      ['members', 'get', '-g', 'acme'],
      ['members', 'get', 'not a name', '-g', 'acme'],
    ]) {
      const {result, requests} = await sb.runCounted(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toMatch(/^Error: [^\n]+\n(Usage: [^\n]+\n)?$/)
      expect(requests).toBe(0)
    }
    const {result} = await sb.runCounted(['members', 'get', 'nobody-here', '-g', 'acme'])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('no user has the username "nobody-here"')
  })
})

describe('members add, update, remove', () => {
  it('adds by username in one request, with a role in words and an expiry; a second add is a conflict (exit 6)', async () => {
    const {result: added, requests} = await sb.runCounted(['members', 'add', 'carol', '--access-level', 'developer', '--expires-at', '2099-06-30', '-p', 'opensource/tool', '--json'], owner)
    expect(added.code, added.stderr).toBe(0)
    expect(requests).toBe(1)
    expect(added.json<Member>()).toMatchObject({username: 'carol', access_level: 30, expires_at: '2099-06-30'})
    const again = await sb.run(['members', 'add', 'carol', '--access-level', '30', '-p', 'opensource/tool'], owner)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('Member already exists')
  })

  it('refuses a role that is no member role, or no role at all, before sending', async () => {
    for (const level of ['admin', '35', 'boss']) {
      const {result, requests} = await sb.runCounted(['members', 'add', 'carol', '--access-level', level, '-g', 'acme'], owner)
      expect(result.code, level).toBe(2)
      expect(result.stderr).toMatch(/^Error: --access-level "[^"]+": must be one of 10, 15, 20, 30, 40, 50 \(or their roles: guest, planner, reporter, developer, maintainer, owner\)\n$/)
      expect(requests).toBe(0)
    }
  })

  it('--dry-run shows the POST, a username sent as it is (no lookup), and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['members', 'add', 'oscar', '--access-level', 'reporter', '-g', 'opensource', '--dry-run'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/groups/opensource/members`)
    expect(result.stderr).toContain('{"username":"oscar","access_level":20}')
    expect(requests).toBe(0)
    const byId = await sb.run(['members', 'add', '7', '--access-level', 'reporter', '-g', 'opensource', '--dry-run'], owner)
    expect(byId.stderr).toContain('{"user_id":"7","access_level":20}')
    expect((await sb.api('GET', '/groups/opensource/members/7', {as: 'owner'})).status).toBe(404)
  })

  it('updates the role and clears the expiry with --expires-at ""; --access-level is required', async () => {
    const changed = await sb.run(['members', 'update', 'carol', '--access-level', 'maintainer', '--expires-at', '', '-p', 'opensource/tool', '--json'], owner)
    expect(changed.code, changed.stderr).toBe(0)
    expect(changed.json<Member>()).toMatchObject({access_level: 40, expires_at: null})
    const {result, requests} = await sb.runCounted(['members', 'update', 'carol', '--expires-at', '2099-01-01', '-p', 'opensource/tool'], owner)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--access-level')
    expect(requests).toBe(0)
  })

  it("the platform's refusals: a Maintainer cannot give a project's Owner role, nor anyone demote a group's last owner (exit 5)", async () => {
    const owners = await sb.run(['members', 'add', 'oscar', '--access-level', 'owner', '-p', 'acme/website'], maintainer)
    expect(owners.code).toBe(5)
    const last = await sb.run(['members', 'update', 'alice', '--access-level', 'maintainer', '-g', 'opensource'], {as: 'admin'})
    expect(last.code).toBe(5)
  })

  it('remove asks first (refused without a terminal or --yes, nothing sent), then removes', async () => {
    const refused = await sb.runCounted(['members', 'remove', 'carol', '-p', 'opensource/tool'], owner)
    expect(refused.result.code).toBe(2)
    expect(refused.result.stderr).toContain('pass --yes')
    expect(refused.requests).toBe(0)
    const removed = await sb.run(['members', 'remove', 'carol', '-p', 'opensource/tool', '--yes'], owner)
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toBe('')
    expect(await direct('/projects/opensource%2Ftool')).toEqual([])
  })
})
