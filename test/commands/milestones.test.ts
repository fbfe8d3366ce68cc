import {describe, expect, it} from 'vitest'
import type {Milestone, MilestoneWorkItem as WorkItem} from '../../src/api/milestones.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** an issue or a merge request: the fields these tests read */

const sb = useSandbox()
const developer: SandboxRunOptions = {as: 'developer'}
const owner: SandboxRunOptions = {as: 'owner'}

const titles = (result: {json<T>(): T}) => result.json<Milestone[]>().map(m => m.title)
async function list(args: string[], options: SandboxRunOptions = developer): Promise<string[]> {
  const result = await sb.run(['milestones', 'list', ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return titles(result)
}
async function milestoneId(group: string, title: string): Promise<number> {
  const found = (await sb.api<Milestone[]>('GET', `/groups/${encodeURIComponent(group)}/milestones?title=${encodeURIComponent(title)}`)).body
  expect(found, title).toHaveLength(1)
  return plainId(found[0]!.id)
}
async function create(group: string, args: string[], options: SandboxRunOptions = owner): Promise<Milestone> {
  const result = await sb.run(['milestones', 'create', '-g', group, ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Milestone>()
}

// The filter tests run first, on the seeded milestones, before any test changes them.
describe('milestones list and its filters', () => {
  it('prints exactly the API JSON, and a table with the default columns', async () => {
    const result = await sb.run(['milestones', 'list', '-g', 'acme', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/groups/acme/milestones')).body)
    expect(titles(result)).toEqual(['Release 1.0', 'Release 1.1', 'Release 2.0', 'Backlog'])
    const table = await sb.run(['milestones', 'list', '-g', 'acme', '-o', 'table'], developer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+iid\s+title\s+state\s+start_date\s+due_date\s+expired\s*$/)
    expect(table.stdout).toMatch(/Release 1\.0\s+closed\s+2026-01-05\s+2026-03-27\s+true/)
  })

  it('--state active|closed|all (lib/api/milestone_responses.rb), and any other state refused locally', async () => {
    expect(await list(['-g', 'acme', '--state', 'closed'])).toEqual(['Release 1.0'])
    expect(await list(['-g', 'acme', '--state', 'active'])).toEqual(['Release 1.1', 'Release 2.0', 'Backlog'])
    expect((await list(['-g', 'acme', '--state', 'all'])).sort()).toEqual((await list(['-g', 'acme'])).sort())
    expect(await list(['-g', 'acme', '--state', 'all'])).toContain('Release 1.0')
    const {result, requests} = await sb.runCounted(['milestones', 'list', '-g', 'acme', '--state', 'opened'], developer)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--state "opened": must be one of active, closed, all')
    expect(requests).toBe(0)
  })

  it('--title is exact and case-sensitive; --search looks in descriptions too, ignoring case', async () => {
    expect(await list(['-g', 'acme', '--title', 'Release 1.0'])).toEqual(['Release 1.0'])
    expect(await list(['-g', 'acme', '--title', 'release 1.0'])).toEqual([])
    expect(await list(['-g', 'acme', '--search', 'NEW API'])).toEqual(['Release 2.0'])
  })

  it('--search-title ANDs its words', async () => {
    expect(await list(['-g', 'acme', '--search-title', 'release'])).toEqual(['Release 1.0', 'Release 1.1', 'Release 2.0'])
    expect(await list(['-g', 'acme', '--search-title', 'release 1'])).toEqual(['Release 1.0', 'Release 1.1'])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('search_title=release+1')
    expect(await list(['-g', 'acme', '--search-title', 'RELEASE+2'])).toEqual(['Release 2.0'])
  })

  it('--containing-date picks milestones running on that day; --include-descendants adds subgroups', async () => {
    expect(await list(['-g', 'acme', '--containing-date', '2027-02-15'])).toEqual(['Release 2.0'])
    expect(await list(['-g', 'acme', '--containing-date', '2027-02-15', '--include-descendants'])).toEqual(['Release 2.0', 'Platform Q1 2027'])
  })

  it('--start-date with --end-date picks milestones overlapping the window', async () => {
    expect(await list(['-g', 'acme', '--start-date', '2026-05-01', '--end-date', '2026-05-31'])).toEqual(['Release 1.1'])
    expect(await list(['-g', 'acme', '--start-date', '2026-05-01T00:00:00Z', '--end-date', '2026-05-31T23:59:59Z', '--include-descendants'])).toEqual(['Platform hardening', 'Release 1.1'])
  })

  it('refuses --start-date without --end-date (and a window that ends before it starts) before sending', async () => {
    for (const [args, message] of [
      [['--start-date', '2026-05-01'], '--start-date and --end-date go together: --end-date is missing'],
      [['--end-date', '2026-05-01'], '--start-date and --end-date go together: --start-date is missing'],
      [['--start-date', '2026-06-01', '--end-date', '2026-05-01'], '--start-date 2026-06-01 is after --end-date 2026-05-01'],
      [['--containing-date', 'next week'], '--containing-date "next week": must be an ISO 8601 date-time'],
      [['--updated-after', '2026-13-01'], '--updated-after "2026-13-01": there is no month 13: months run from 01 to 12'],
      [['--iids', '1,x'], '--iids "x": must be milestone IIDs (positive whole numbers)'],
      [['--title', ''], '--title "": must not be empty'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['milestones', 'list', '-g', 'acme', ...args], developer)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('--iids picks by IID, and the server ignores it with --include-ancestors (forgectl says so)', async () => {
    expect(await list(['-g', 'acme', '--iids', '1', '--iids', '3'])).toEqual(['Release 1.0', 'Release 2.0'])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('iids%5B%5D=1&iids%5B%5D=3')
    const result = await sb.run(['milestones', 'list', '-g', 'acme/platform', '--iids', '1', '--include-ancestors', '--json'], developer)
    expect(titles(result)).toEqual(['Release 1.0', 'Platform hardening', 'Release 1.1', 'Release 2.0', 'Platform Q1 2027', 'Backlog'])
    expect(result.stderr).toContain('Warning: the server ignores --iids together with --include-ancestors')
  })

  it('--include-parent-milestones still works, with a deprecation note', async () => {
    const result = await sb.run(['milestones', 'list', '-g', 'acme/platform', '--include-parent-milestones', '--state', 'closed', '--json'], developer)
    expect(titles(result)).toEqual(['Release 1.0', 'Platform hardening'])
    expect(result.stderr).toContain('Warning: --include-parent-milestones is deprecated; use --include-ancestors')
  })

  it('--updated-before and --updated-after', async () => {
    expect(await list(['-g', 'acme', '--updated-after', '2026-03-01T00:00:00Z'])).toEqual(['Release 1.0'])
    expect(await list(['-g', 'acme', '--updated-before', '2026-01-20'])).toEqual(['Release 1.1', 'Backlog'])
  })

  it('reads need only sight of the group: a public group for an outsider, 404 (exit 3) for a private one', async () => {
    expect(await list(['-g', 'opensource'], {as: 'outsider'})).toEqual(['1.0 release'])
    const hidden = await sb.run(['milestones', 'list', '-g', 'acme'], {as: 'outsider'})
    expect(hidden.code).toBe(3)
    expect(hidden.stderr).toContain('404 Not Found: Group Not Found (GET /api/v4/groups/acme/milestones)')
  })
})

describe('milestones get, issues, merge-requests, burndown', () => {
  it('get prints the API record; a milestone of another group is not found (exit 3)', async () => {
    const id = await milestoneId('acme', 'Release 1.1')
    const result = await sb.run(['milestones', 'get', String(id), '-g', 'acme', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', `/groups/acme/milestones/${id}`)).body)
    const subgroupMilestone = await milestoneId('acme/platform', 'Platform Q1 2027')
    const elsewhere = await sb.run(['milestones', 'get', String(subgroupMilestone), '-g', 'acme'], developer)
    expect(elsewhere.code).toBe(3)
    expect(elsewhere.stderr).toContain('404 Not Found: Milestone Not Found')
    const bad = await sb.runCounted(['milestones', 'get', 'v1', '-g', 'acme'], developer)
    expect(bad.result.code).toBe(2)
    expect(bad.requests).toBe(0)
  })

  it("issues: those of the group's own projects only, not of subgroups", async () => {
    const id = await milestoneId('acme', 'Release 1.1')
    const result = await sb.run(['milestones', 'issues', String(id), '-g', 'acme', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', `/groups/acme/milestones/${id}/issues`)).body)
    expect(result.json<WorkItem[]>().map(i => [i.project_id, i.title])).toEqual([
      [21, 'Pricing page shows old prices'],
      [21, 'Add a dark theme'],
    ])
    const table = await sb.run(['milestones', 'issues', String(id), '-g', 'acme', '-o', 'table'], developer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+iid\s+project_id\s+title\s+state\s*$/)
  })

  it('merge-requests: every merge request of the milestone', async () => {
    const id = await milestoneId('acme', 'Release 1.1')
    const result = await sb.run(['milestones', 'merge-requests', String(id), '-g', 'acme', '--json'], developer)
    expect(result.json()).toEqual((await sb.api('GET', `/groups/acme/milestones/${id}/merge_requests`)).body)
    expect(result.json<WorkItem[]>().map(m => m.title)).toEqual(['Add rate limiting to the public API', 'Redesign the pricing page'])
  })

  it('burndown: created and closed events with their weights, in time order, one page at a time', async () => {
    const id = await milestoneId('acme', 'Release 1.1')
    const result = await sb.run(['milestones', 'burndown', String(id), '-g', 'acme', '--json'], developer)
    expect(result.json()).toEqual((await sb.api('GET', `/groups/acme/milestones/${id}/burndown_events`)).body)
    expect(result.json<Array<{action: string; weight: number}>>().map(e => [e.action, e.weight])).toEqual([
      ['created', 2],
      ['created', 3],
      ['created', 1],
      ['closed', 2],
    ])
    const page = await sb.run(['milestones', 'burndown', String(id), '-g', 'acme', '--per-page', '2', '--page', '2', '-o', 'csv'], developer)
    expect(page.stdout.trim().split('\n')).toEqual(['created_at,weight,action', '2026-04-08T09:00:00.000Z,1,created', '2026-04-20T09:00:00.000Z,2,closed'])
  })
})

describe('milestones create and update', () => {
  it('creates a milestone with dates; expired follows the due date', async () => {
    const future = await create('acme', ['--title', 'Release 3.0', '--start-date', '2099-01-01', '--due-date', '2099-03-31', '--description', 'Far away'])
    expect(future).toMatchObject({title: 'Release 3.0', state: 'active', start_date: '2099-01-01', due_date: '2099-03-31', expired: false, iid: 5, group_id: 10})
    expect((await sb.api('GET', `/groups/acme/milestones/${future.id}`)).body).toEqual(future)
    const past = await create('acme', ['--title', 'Retro 2020', '--due-date', '2020-01-31'])
    expect(past.expired).toBe(true)
  })

  it('reads the description from a file, and a Reporter may create', async () => {
    const made = await create('acme', ['--title', 'From stdin', '--description-file', '-'], {as: 'reporter', stdin: 'Written elsewhere'})
    expect(made.description).toBe('Written elsewhere')
  })

  it('a taken title is a validation error (400, exit 6)', async () => {
    const result = await sb.run(['milestones', 'create', '-g', 'acme', '--title', 'Release 1.0'], owner)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: title already being used for another group or project milestone.')
  })

  it('checks dates before sending: YYYY-MM-DD, and the start not after the due date', async () => {
    for (const [args, message] of [
      [['create', '-g', 'acme', '--title', 'x', '--due-date', '2027-02-30'], '--due-date "2027-02-30": there is no such day: February 2027 has 28 days'],
      [['create', '-g', 'acme', '--title', 'x', '--due-date', '2027-06-31'], '--due-date "2027-06-31": there is no such day: June 2027 has 30 days'],
      [['update', '302', '-g', 'acme', '--start-date', '2027-13-01'], '--start-date "2027-13-01": there is no month 13: months run from 01 to 12'],
      [['create', '-g', 'acme', '--title', 'x', '--start-date', '2027-04-01T10:00:00Z'], '--start-date "2027-04-01T10:00:00Z": must be a date as YYYY-MM-DD'],
      [['create', '-g', 'acme', '--title', 'x', '--due-date', ''], '--due-date "": must not be empty'],
      [['create', '-g', 'acme', '--title', 'x', '--start-date', '2027-04-02', '--due-date', '2027-04-01'], '--start-date 2027-04-02 is after --due-date 2027-04-01'],
      [['create', '-g', 'acme'], 'missing --title (milestone title)'],
      [['create', '-g', 'acme', '--title', ''], '--title "": must not be empty'],
      [['update', '302', '-g', 'acme'], 'nothing to change: give at least one of --title, --description, --due-date, --start-date, --state-event'],
      [['update', '302', '-g', 'acme', '--state-event', 'reopen'], '--state-event "reopen": must be one of close, activate'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['milestones', ...args], owner)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('updates title and dates; the server refuses a due date before the stored start date', async () => {
    const made = await create('acme', ['--title', 'Rename me', '--start-date', '2027-05-01'])
    const result = await sb.run(['milestones', 'update', String(made.id), '-g', 'acme', '--title', 'Renamed', '--due-date', '2027-05-31', '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Milestone>()).toMatchObject({title: 'Renamed', start_date: '2027-05-01', due_date: '2027-05-31'})
    const early = await sb.run(['milestones', 'update', String(made.id), '-g', 'acme', '--due-date', '2027-04-01'], owner)
    expect(early.code).toBe(6)
    expect(early.stderr).toContain('due_date must be greater than start date')
  })

  it('update --title "" is refused before sending: it would empty the title', async () => {
    const made = await create('acme', ['--title', 'Keep my title'])
    for (const title of ['', '   ']) {
      const {result, requests} = await sb.runCounted(['milestones', 'update', String(made.id), '-g', 'acme', '--title', title], owner)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`Error: --title "${title}": must not be empty`)
      expect(requests).toBe(0)
    }
    expect((await sb.api<Milestone>('GET', `/groups/acme/milestones/${made.id}`)).body.title).toBe('Keep my title')
    // the sandbox refuses it too, as the platform does
    const server = await sb.api<{message: unknown}>('PUT', `/groups/acme/milestones/${made.id}`, {body: {title: ''}})
    expect(server.status).toBe(400)
  })

  it('update --description "", --due-date "" and --start-date "" send "" and clear those fields', async () => {
    const made = await create('acme', ['--title', 'Clear me', '--description', 'temporary', '--start-date', '2027-05-01', '--due-date', '2027-05-31'])
    const args = ['milestones', 'update', String(made.id), '-g', 'acme', '--description', '', '--due-date', '', '--start-date', '']
    const dry = await sb.run([...args, '--dry-run'], owner)
    expect(dry.stderr).toContain('{"description":"","due_date":"","start_date":""}')
    const result = await sb.run([...args, '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Milestone>()).toMatchObject({title: 'Clear me', description: '', start_date: null, due_date: null})
    const help = await sb.run(['milestones', 'update', '--help'])
    expect(help.stdout).toMatch(/--due-date=YYYY-MM-DD\s+new due date \("" clears it\)/)
  })

  it('--dry-run of create sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['milestones', 'create', '-g', 'acme', '--title', 'Dry', '--due-date', '2027-01-01', '--dry-run'], owner)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/groups/acme/milestones`)
    expect(result.stderr).toContain('{"title":"Dry","due_date":"2027-01-01"}')
  })
})

describe('milestones close and activate', () => {
  it('close → closed, close again → still closed (said so), activate → active', async () => {
    const made = await create('acme', ['--title', 'Lifecycle'])
    const closed = await sb.run(['milestones', 'close', String(made.id), '-g', 'acme', '--json'], developer)
    expect(closed.code, closed.stderr).toBe(0)
    expect(closed.json<Milestone>().state).toBe('closed')
    expect(closed.stderr).toContain(`Closed milestone "Lifecycle" (ID ${made.id}).`)
    const again = await sb.run(['milestones', 'close', String(made.id), '-g', 'acme', '--json'], developer)
    expect(again.code).toBe(0)
    expect(again.json<Milestone>().state).toBe('closed')
    expect(again.stderr).toContain(`Nothing changed: milestone "Lifecycle" (ID ${made.id}) was already closed.`)
    const active = await sb.run(['milestones', 'activate', String(made.id), '-g', 'acme', '--json'], developer)
    expect(active.json<Milestone>().state).toBe('active')
    expect(active.stderr).toContain(`Activated milestone "Lifecycle" (ID ${made.id}).`)
    expect((await sb.api<Milestone>('GET', `/groups/acme/milestones/${made.id}`)).body.state).toBe('active')
    const stillActive = await sb.run(['milestones', 'activate', String(made.id), '-g', 'acme'], developer)
    expect(stillActive.stderr).toContain('was already active')
  })

  it('update --state-event close does the same transition', async () => {
    const made = await create('acme', ['--title', 'Closed by update'])
    const result = await sb.run(['milestones', 'update', String(made.id), '-g', 'acme', '--state-event', 'close', '--json'], developer)
    expect(result.json<Milestone>().state).toBe('closed')
  })

  it('--dry-run of close shows the PUT alone and sends nothing', async () => {
    const id = await milestoneId('acme', 'Release 2.0')
    const {result, requests} = await sb.runCounted(['milestones', 'close', String(id), '-g', 'acme', '--dry-run'], developer)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN PUT ${sb.url}/api/v4/groups/acme/milestones/${id}`)
    expect(result.stderr).toContain('{"state_event":"close"}')
    expect((await sb.api<Milestone>('GET', `/groups/acme/milestones/${id}`)).body.state).toBe('active')
  })
})

describe('milestones delete', () => {
  it('a Reporter gets 403 (exit 5); nothing is deleted', async () => {
    const made = await create('acme', ['--title', 'Reporter cannot delete'])
    const result = await sb.run(['milestones', 'delete', String(made.id), '-g', 'acme', '--yes'], {as: 'reporter'})
    expect(result.code).toBe(5)
    expect(result.stderr).toContain(`403 Forbidden (DELETE /api/v4/groups/acme/milestones/${made.id})`)
    expect((await sb.api('GET', `/groups/acme/milestones/${made.id}`)).status).toBe(200)
  })

  it('refuses without --yes and without a terminal; a Developer deletes with --yes', async () => {
    const made = await create('acme', ['--title', 'Doomed'])
    const {result: refused, requests} = await sb.runCounted(['milestones', 'delete', String(made.id), '-g', 'acme'], developer)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`refusing to delete milestone ${made.id} of group acme without confirmation: pass --yes (-y)`)
    expect(requests).toBe(0)
    const deleted = await sb.run(['milestones', 'delete', String(made.id), '-g', 'acme', '-y'], developer)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await sb.api('GET', `/groups/acme/milestones/${made.id}`)).status).toBe(404)
  })
})

describe('milestones of a project (-p), as of a group (issue 27)', () => {
  const project = 'acme/website'

  it('list -p prints exactly the API JSON; --include-ancestors adds the milestones of its groups', async () => {
    const result = await sb.run(['milestones', 'list', '-p', project, '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    const api = await sb.api<Milestone[]>('GET', '/projects/acme%2Fwebsite/milestones')
    expect(result.json()).toEqual(api.body)
    expect(api.body.map(m => m.title)).toContain('Website relaunch')
    expect(api.body.every(m => m.project_id === 21 && m.group_id === undefined)).toBe(true)
    expect(await list(['-p', '21', '--include-ancestors', '--state', 'active'])).toEqual(expect.arrayContaining(['Website relaunch', 'Release 2.0']))
  })

  it('refuses the filters a project list does not take, and -p with -g, before sending (exit 2)', async () => {
    for (const [args, words] of [
      [['list', '-p', project, '--search-title', 'web'], '--search-title applies to groups (-g) only'],
      [['list', '-p', project, '--include-descendants'], '--include-descendants applies to groups (-g) only'],
      [['list', '-p', project, '--containing-date', '2026-09-15T00:00:00Z'], '--containing-date applies to groups (-g) only'],
      [['list', '-p', project, '-g', 'acme'], '--group'],
      [['get', '311'], '--project (-p) or --group (-g)'],
      [['issues', '311', '-p', project, '-g', 'acme'], '--group'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['milestones', ...args], developer)
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toContain(words)
      expect(requests).toBe(0)
    }
  })

  it('get -p addresses a milestone by its ID; an IID is not found, and the 404 says an IID is not an ID (exit 3)', async () => {
    const got = await sb.run(['milestones', 'get', '311', '-p', project, '--json'], developer)
    expect(got.code, got.stderr).toBe(0)
    expect(got.json()).toEqual((await sb.api('GET', '/projects/21/milestones/311')).body)
    const byIid = await sb.run(['milestones', 'get', '1', '-p', project], developer)
    expect(byIid.code).toBe(3)
    expect(byIid.stderr).toContain('404 Not Found: Milestone Not Found (GET /api/v4/projects/acme%2Fwebsite/milestones/1)')
    expect(byIid.stderr).toContain(
      'project "acme/website" has no milestone with ID 1; ID is the milestone\'s ID, not its IID (the number its web page shows): `milestones list -p acme/website` shows both\n',
    )
    // a group milestone is not the project's
    expect((await sb.run(['milestones', 'get', '302', '-p', project], developer)).code).toBe(3)
    // a project that does not exist is no milestone's fault
    const noProject = await sb.run(['milestones', 'get', '311', '-p', 'acme/no-such-project'], developer)
    expect(noProject.code).toBe(3)
    expect(noProject.stderr).not.toContain('IID')
  })

  it('issues and merge-requests -p print the API JSON', async () => {
    const issues = await sb.run(['milestones', 'issues', '311', '-p', project, '--json'], developer)
    expect(issues.code, issues.stderr).toBe(0)
    expect(issues.json()).toEqual((await sb.api('GET', '/projects/21/milestones/311/issues')).body)
    expect(issues.json<WorkItem[]>().map(i => i.title)).toContain('New navigation')
    const mrs = await sb.run(['milestones', 'merge-requests', '311', '-p', project, '--json'], developer)
    expect(mrs.code, mrs.stderr).toBe(0)
    expect(mrs.json()).toEqual((await sb.api('GET', '/projects/21/milestones/311/merge_requests')).body)
  })

  it('create, update, close, activate and delete -p', async () => {
    const created = await sb.run(['milestones', 'create', '-p', project, '--title', 'Sprint 14', '--start-date', '2027-02-01', '--due-date', '2027-02-12', '--json'], owner)
    expect(created.code, created.stderr).toBe(0)
    const made = created.json<Milestone>()
    expect(made).toMatchObject({project_id: 21, title: 'Sprint 14', start_date: '2027-02-01', due_date: '2027-02-12', state: 'active'})
    const id = String(made.id)

    const updated = await sb.run(['milestones', 'update', id, '-p', '21', '--due-date', '2027-02-19', '--json'], owner)
    expect(updated.json<Milestone>()).toMatchObject({id: made.id, due_date: '2027-02-19'})

    const closed = await sb.run(['milestones', 'close', id, '-p', project], owner)
    expect(closed.code, closed.stderr).toBe(0)
    expect(closed.stderr).toContain(`Closed milestone "Sprint 14" (ID ${id})`)
    const activated = await sb.run(['milestones', 'activate', id, '-p', project], owner)
    expect(activated.stderr).toContain(`Activated milestone "Sprint 14" (ID ${id})`)

    const refused = await sb.runCounted(['milestones', 'delete', id, '-p', project], owner)
    expect(refused.result.code).toBe(2)
    expect(refused.result.stderr).toContain(`refusing to delete milestone ${id} of project ${project} without confirmation`)
    expect(refused.requests).toBe(0)
    const deleted = await sb.run(['milestones', 'delete', id, '-p', project, '--yes'], owner)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stderr).toContain(`Deleted milestone ${id} of project "${project}"`)
    expect((await sb.api('GET', `/projects/21/milestones/${id}`)).status).toBe(404)
  })
})
