import {describe, expect, it} from 'vitest'
import type {FeatureUserList as UserList} from '../../src/api/feature-user-lists.js'
import {sameId} from '../../src/core/base/exact-number.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const developer: SandboxRunOptions = {as: 'developer'}

const counted = (args: string[], options: SandboxRunOptions = developer) => sb.runCounted(args, options)

const listsOf = async (project: string) => (await sb.api<UserList[]>('GET', `/projects/${encodeURIComponent(project)}/feature_flags_user_lists`)).body

async function create(project: string, name: string, xids: string, options: SandboxRunOptions = developer): Promise<UserList> {
  const result = await sb.run(['feature-user-lists', 'create', '-p', project, '--name', name, '--user-xids', xids, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<UserList>()
}

describe('feature-user-lists list and get', () => {
  it('lists as the API does, and --search filters by name', async () => {
    const result = await sb.run(['feature-user-lists', 'list', '-p', 'acme/platform/api', '--json'], developer)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(await listsOf('acme/platform/api'))
    expect(result.json<UserList[]>().length).toBeGreaterThanOrEqual(2)
    const search = await sb.run(['feature-user-lists', 'list', '-p', '20', '--search', 'BETA', '--json'], developer)
    expect(search.json<UserList[]>().map(l => l.name)).toEqual(['beta-testers'])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('search=BETA')
  })

  it('prints a table with the default columns', async () => {
    const table = await sb.run(['feature-user-lists', 'list', '-p', '20', '-o', 'table'], developer)
    expect(table.stdout.split('\n')[0]).toMatch(/^iid\s+name\s+user_xids\s+updated_at\s*$/)
    expect(table.stdout).toMatch(/1\s+beta-testers\s+user-1001,user-1002,user-1003/)
  })

  it('gets a list by its iid within the project', async () => {
    const [first] = await listsOf('acme/platform/api')
    const got = await sb.run(['feature-user-lists', 'get', String(first!.iid), '-p', 'acme/platform/api', '--json'], developer)
    expect(got.code).toBe(0)
    expect(got.json()).toEqual(first)
    const missing = await sb.run(['feature-user-lists', 'get', '999', '-p', '20'], developer)
    expect(missing.code).toBe(3)
  })

  it('needs the Developer role: 403 (exit 5) for a reporter, 404 (exit 3) for an outsider', async () => {
    const reporter = await sb.run(['feature-user-lists', 'list', '-p', '20'], {as: 'reporter'})
    expect(reporter.code).toBe(5)
    const outsider = await sb.run(['feature-user-lists', 'list', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
  })
})

describe('feature-user-lists create, update, delete', () => {
  it('creates a list: user_xids sent comma-separated from repeats and comma lists, iid numbered per project', async () => {
    const before = await listsOf('acme/platform/api')
    const result = await sb.run(['feature-user-lists', 'create', '-p', 'acme/platform/api', '--name', 'qa-team', '--user-xids', 'u-1,u-2', '--user-xids', 'u-3', '--json'], developer)
    expect(result.code).toBe(0)
    const list = result.json<UserList>()
    expect(list).toMatchObject({name: 'qa-team', user_xids: 'u-1,u-2,u-3', project_id: 20, iid: Math.max(...before.map(l => plainId(l.iid))) + 1})
    expect((await sb.api('GET', `/projects/20/feature_flags_user_lists/${list.iid}`)).body).toEqual(list)
    const other = await create('opensource/tool', 'tool-qa', 'x', {as: 'owner'})
    const otherBefore = (await sb.api<UserList[]>('GET', '/projects/22/feature_flags_user_lists', {as: 'owner'})).body
    expect(other.iid).toBe(Math.max(...otherBefore.filter(l => !sameId(l.id, other.id)).map(l => plainId(l.iid))) + 1)
    // per project: had iids been shared, the later list would have come after list.iid
    expect(other.iid).toBeLessThan(plainId(list.iid))
  })

  it('reports a taken name as a 400 (exit 6)', async () => {
    const result = await sb.run(['feature-user-lists', 'create', '-p', '20', '--name', 'beta-testers', '--user-xids', 'a'], developer)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: Name has already been taken')
  })

  it('validates locally: required inputs, empty names and user IDs, repeated user IDs (exit 2, nothing sent)', async () => {
    for (const [args, message] of [
      [['--name', 'x'], 'Error: missing --user-xids (external user IDs, repeatable or a comma list)\n'],
      [['--user-xids', 'a'], 'Error: missing --name (list name)\n'],
      [[], 'Error: missing --name (list name) and --user-xids (external user IDs, repeatable or a comma list)\n'],
      [['--name', '', '--user-xids', 'a'], 'Error: --name "": must not be empty\n'],
      [['--name', 'x', '--user-xids', ''], 'Error: --user-xids "": must not be empty\n'],
      [['--name', 'x', '--user-xids', 'a,,b'], 'Error: --user-xids "": must not be empty\n'],
      [['--name', 'x', '--user-xids', 'a,b', '--user-xids', 'a'], 'Error: --user-xids lists "a" twice\n'],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['feature-user-lists', 'create', '-p', '20', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
  })

  it('updates the name or replaces the users; needs at least one change', async () => {
    const list = await create('20', 'to-update', 'a,b')
    for (const [args, message] of [
      [[], 'Error: nothing to change: give at least one of --name, --user-xids\n'],
      [['--name', ''], 'Error: --name "": must not be empty\n'],
      [['--user-xids', 'c', '--user-xids', 'c'], 'Error: --user-xids lists "c" twice\n'],
    ] as Array<[string[], string]>) {
      const {result: refused, requests} = await counted(['feature-user-lists', 'update', String(list.iid), '-p', '20', ...args])
      expect(refused.code, args.join(' ')).toBe(2)
      expect(refused.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
    const renamed = await sb.run(['feature-user-lists', 'update', String(list.iid), '-p', '20', '--name', 'updated', '--user-xids', 'c', '--json'], developer)
    expect(renamed.code).toBe(0)
    expect(renamed.json<UserList>()).toMatchObject({iid: list.iid, name: 'updated', user_xids: 'c'})
    expect((await sb.api('GET', `/projects/20/feature_flags_user_lists/${list.iid}`)).body).toEqual(renamed.json())
  })

  it('deletes with --yes only, and never hands out a deleted iid again', async () => {
    const list = await create('20', 'doomed', 'z')
    const {result: refused, requests} = await counted(['feature-user-lists', 'delete', String(list.iid), '-p', '20'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const deleted = await sb.run(['feature-user-lists', 'delete', String(list.iid), '-p', '20', '--yes'], developer)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await sb.api('GET', `/projects/20/feature_flags_user_lists/${list.iid}`)).status).toBe(404)
    const next = await create('20', 'after-delete', 'y')
    expect(next.iid).toBe(plainId(list.iid) + 1)
  })

  it('refuses an IID that is not a positive whole number', async () => {
    const {result, requests} = await counted(['feature-user-lists', 'get', 'first', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('IID "first": must be a positive whole number')
    expect(requests).toBe(0)
  })
})
