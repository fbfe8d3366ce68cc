import {describe, expect, it} from 'vitest'
import type {Iteration} from '../../src/api/iterations.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** the fields these tests read */

const sb = useSandbox()
const developer: SandboxRunOptions = {as: 'developer'}

/** [group_id, iid] of each iteration listed: readable, and independent of titles (most are null) */
async function list(args: string[], options: SandboxRunOptions = developer): Promise<Array<[number, number]>> {
  const result = await sb.run(['iterations', 'list', ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Iteration[]>().map(i => [plainId(i.group_id), plainId(i.iid)])
}

describe('iterations list', () => {
  it("prints exactly the API JSON: the iterations of the project's group and its ancestors", async () => {
    const result = await sb.run(['iterations', 'list', '-p', 'acme/platform/api', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    const api = await sb.api<Iteration[]>('GET', '/projects/acme%2Fplatform%2Fapi/iterations')
    expect(result.json()).toEqual(api.body)
    expect(new Set(api.body.map(i => i.group_id))).toEqual(new Set([10, 11]))
    expect(api.body).toHaveLength(7)
    // auto-scheduled iterations have neither title nor description
    expect(api.body.filter(i => i.title === null).every(i => i.description === null)).toBe(true)
    expect(api.body.some(i => i.title === null)).toBe(true)
  })

  it('prints a table with the default columns', async () => {
    const table = await sb.run(['iterations', 'list', '-p', '20', '-o', 'table'], developer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+iid\s+title\s+state\s+start_date\s+due_date\s*$/)
    expect(table.stdout).toMatch(/Platform cycle 7\s+current\s+\d{4}-\d{2}-\d{2}/)
  })

  it('--state: upcoming is 1, current 2, closed 3, opened both upcoming and current', async () => {
    const states = async (state: string) => {
      const result = await sb.run(['iterations', 'list', '-p', '20', '--state', state, '--json'], developer)
      return [...new Set(result.json<Iteration[]>().map(i => i.state))].sort()
    }
    expect(await states('upcoming')).toEqual([1])
    expect(await states('current')).toEqual([2])
    expect(await states('closed')).toEqual([3])
    expect(await states('opened')).toEqual([1, 2])
    expect(await states('all')).toEqual([1, 2, 3])
    expect(await list(['-p', '20', '--state', 'current'])).toEqual([
      [10, 3],
      [11, 1],
    ])
  })

  it("--no-include-ancestors keeps the project's own group; --include-descendants adds subgroups", async () => {
    expect(await list(['-p', 'acme/platform/api', '--no-include-ancestors'])).toEqual([
      [11, 1],
      [11, 2],
    ])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('include_ancestors=false')
    const website = await list(['-p', 'acme/website'])
    expect(website.every(([group]) => group === 10)).toBe(true)
    const withSubgroups = await list(['-p', 'acme/website', '--include-descendants', '--state', 'opened'])
    expect(withSubgroups).toEqual([
      [10, 3],
      [11, 1],
      [10, 4],
      [11, 2],
      [10, 5],
    ])
  })

  it('--search looks in titles unless --in says cadence_title', async () => {
    expect(await list(['-p', '20', '--search', 'CYCLE'])).toEqual([[11, 1]])
    expect(await list(['-p', '20', '--search', 'acme sprints'])).toEqual([])
    expect(await list(['-p', '20', '--search', 'acme sprints', '--in', 'cadence_title'])).toEqual([
      [10, 1],
      [10, 2],
      [10, 3],
      [10, 4],
    ])
    const both = await list(['-p', '20', '--search', 'week', '--in', 'title,cadence_title'])
    expect(both).toEqual([[10, 5]])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('in%5B%5D=title&in%5B%5D=cadence_title')
  })

  it('--updated-before and --updated-after', async () => {
    expect(await list(['-p', '20', '--updated-after', '2026-02-01T00:00:00Z'])).toEqual([[10, 5]])
    expect(await list(['-p', '20', '--updated-before', '2026-01-10'])).toEqual([[10, 1]])
  })

  it('refuses bad filters before sending anything', async () => {
    for (const [args, message] of [
      [['--state', 'active'], '--state "active": must be one of opened, upcoming, current, closed, all'],
      [['--state', ''], '--state "": must not be empty'],
      [['--search', 'x', '--in', 'description'], '--in "description": must be one or more of title, cadence_title'],
      [['--in', 'title'], '--in says where --search looks: give --search too'],
      [['--updated-after', 'yesterday'], '--updated-after "yesterday": must be an ISO 8601 date-time'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['iterations', 'list', '-p', '20', ...args], developer)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('anyone who can see the project: an outsider reads a public project, gets 404 (exit 3) on a private one', async () => {
    expect(await list(['-p', 'opensource/tool'], {as: 'outsider'})).toEqual([[12, 1]])
    const hidden = await sb.run(['iterations', 'list', '-p', '20'], {as: 'outsider'})
    expect(hidden.code).toBe(3)
    expect(hidden.stderr).toContain('404 Not Found: Project Not Found (GET /api/v4/projects/20/iterations)')
  })
})

describe('iterations list -g (issue 27)', () => {
  it('prints exactly the API JSON: the iterations of the group and its ancestors', async () => {
    const result = await sb.run(['iterations', 'list', '-g', 'acme/platform', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    const api = await sb.api<Iteration[]>('GET', '/groups/acme%2Fplatform/iterations')
    expect(result.json()).toEqual(api.body)
    expect(new Set(api.body.map(i => i.group_id))).toEqual(new Set([10, 11]))
  })

  it("--no-include-ancestors keeps the group's own; the filters are those of the project form", async () => {
    expect(new Set((await list(['-g', 'acme/platform', '--no-include-ancestors'])).map(([group]) => group))).toEqual(new Set([11]))
    const current = await sb.run(['iterations', 'list', '-g', '10', '--state', 'current', '-o', 'table'], developer)
    expect(current.code, current.stderr).toBe(0)
    const rows = current.stdout.split('\n').slice(1).filter(Boolean)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every(line => /\scurrent\s/.test(line))).toBe(true)
  })

  it('takes -p or -g, one of them (exit 2, nothing sent)', async () => {
    for (const args of [[], ['-p', '20', '-g', '10']]) {
      const {result, requests} = await sb.runCounted(['iterations', 'list', ...args], developer)
      expect(result.code, result.stderr).toBe(2)
      expect(requests).toBe(0)
    }
  })
})
