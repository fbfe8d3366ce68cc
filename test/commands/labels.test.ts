import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {Label} from '../../src/api/labels.js'
import {displayWidth} from '../../src/core/output/display-width.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedLabels: 250})

describe('labels list', () => {
  it('prints exactly the API JSON of a project, addressed by path', async () => {
    const result = await sb.run(['labels', 'list', '-p', 'acme/platform/api', '--json'])
    expect(result.code).toBe(0)
    const api = await sb.api<Label[]>('GET', '/projects/acme%2Fplatform%2Fapi/labels')
    expect(result.json()).toEqual(api.body)
    expect(result.json<Label[]>().map(l => l.name)).toEqual(['bug', 'feature', 'priority::high'])
  })

  it('defaults to JSON when stdout is not a terminal, and prints a table with -o table', async () => {
    const plain = await sb.run(['labels', 'list', '-g', 'acme'])
    expect(plain.json<Label[]>().map(l => l.name)).toEqual(['priority::high'])
    const table = await sb.run(['labels', 'list', '-p', '20', '-o', 'table', '--columns', 'name,color'])
    expect(table.stdout.split('\n')[0]).toMatch(/^name\s+color\s*$/)
    expect(table.stdout).toMatch(/bug\s+#d9534f/)
  })

  it('keeps table columns aligned after CJK, emoji and right-to-left names (display width, not string length)', async () => {
    const names = ['バグ修正', '🐛 crash', 'באג-קריטי', 'cafe\u0301']
    for (const name of names) expect((await sb.api('POST', '/projects/22/labels', {as: 'owner', body: {name, color: '#0000ff'}})).status).toBe(201)
    const table = await sb.run(['labels', 'list', '-p', '22', '-o', 'table', '--columns', 'name,color'], {as: 'owner'})
    const rows = table.stdout.trimEnd().split('\n').slice(1)
    expect(rows.map(row => row.split(/\s{2,}/)[0])).toEqual(expect.arrayContaining(names))
    // the colour starts at the same terminal column on every row (the seeded "good first issue" is the widest name)
    for (const row of rows) expect(displayWidth(row.slice(0, row.search(/#[0-9a-f]{6}/))), row).toBe('good first issue'.length + 2)
    // into a pipe, -o table is not fitted to any width: a long description stays whole
    await sb.api('POST', '/projects/22/labels', {as: 'owner', body: {name: 'long', color: '#0000ff', description: 'word '.repeat(60).trim()}})
    const whole = await sb.run(['labels', 'list', '-p', '22', '-o', 'table', '--columns', 'name,description'], {as: 'owner'})
    expect(whole.stdout).toContain('word '.repeat(60).trim())
  })

  it('pages: --per-page and --page pick one page, --all follows every page in order', async () => {
    const page2 = await sb.run(['labels', 'list', '-p', 'acme/website', '--per-page', '10', '--page', '2', '--json'])
    expect(page2.json<Label[]>().map(l => l.name)).toEqual(Array.from({length: 10}, (_, i) => `label-${String(i + 11).padStart(6, '0')}`))
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      result = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '20', '--json'])
    })
    const names = result!.json<Label[]>().map(l => l.name)
    expect(names).toHaveLength(251) // 250 seeded + the group's priority::high
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    expect(requests).toBe(13)
    // written a page at a time, the text is still the one document JSON.stringify(list, null, 2) writes
    expect(result!.stdout).toBe(`${JSON.stringify(result!.json(), null, 2)}\n`)
    const ndjson = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '20', '-o', 'ndjson'])
    expect(ndjson.stdout).toBe(
      `${result!
        .json<Label[]>()
        .map(label => JSON.stringify(label))
        .join('\n')}\n`,
    )
  })

  it('filters with --search and supports --quiet and csv', async () => {
    const quiet = await sb.run(['labels', 'list', '-p', '20', '--search', 'bug', '-q'])
    expect(quiet.stdout.trim().split('\n')).toHaveLength(1)
    const csv = await sb.run(['labels', 'list', '-p', '20', '-o', 'csv', '--columns', 'name,description'])
    expect(csv.stdout.split('\n')[0]).toBe('name,description')
  })

  it('refuses group-only flags on a project before sending anything', async () => {
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      result = await sb.run(['labels', 'list', '-p', '20', '--include-descendant-groups'])
    })
    expect(result!.code).toBe(2)
    expect(result!.stderr).toContain('--include-descendant-groups applies to groups (-g) only')
    expect(requests).toBe(0)
  })

  it('needs exactly one of -p and -g', async () => {
    const neither = await sb.run(['labels', 'list'])
    expect(neither.code).toBe(2)
    const both = await sb.run(['labels', 'list', '-p', '20', '-g', 'acme'])
    expect(both.code).toBe(2)
    expect(both.stderr).toMatch(/--group and --project cannot be used together/)
  })
})

describe('labels get, create, update, delete', () => {
  it('gets a label by title and by ID', async () => {
    const byName = await sb.run(['labels', 'get', 'bug', '-p', 'acme/platform/api', '--json'])
    expect(byName.code).toBe(0)
    const label = byName.json<Label>()
    const byId = await sb.run(['labels', 'get', String(label.id), '-p', '20', '--json'])
    expect(byId.json()).toEqual(label)
  })

  it('creates a label with a CSS colour name and a priority, and the API shows it', async () => {
    const result = await sb.run(['labels', 'create', 'needs review', '--color', 'orange', '--priority', '3', '--description', 'Look at it', '-p', '20', '--json'])
    expect(result.code).toBe(0)
    const created = result.json<Label>()
    expect(created).toMatchObject({name: 'needs review', color: 'orange', priority: 3, description: 'Look at it'})
    const api = await sb.api<Label>('GET', `/projects/20/labels/${created.id}`)
    expect(api.body).toEqual(created)
  })

  it('creates a group label', async () => {
    const result = await sb.run(['labels', 'create', 'security', '--color', '#123abc', '-g', 'acme', '--json'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(result.json<Label>()).toMatchObject({name: 'security', color: '#123abc'})
    expect(result.json<Label>()).not.toHaveProperty('priority')
  })

  it('validates colour and priority locally: exit 2 and no request', async () => {
    for (const args of [
      ['labels', 'create', 'x', '--color', '#12345', '-p', '20'],
      ['labels', 'create', 'x', '--color', 'notacolour', '-p', '20'],
      ['labels', 'create', 'x', '--color', 'red', '--priority', '-1', '-p', '20'],
      ['labels', 'create', 'x', '--color', 'red', '--priority', '1', '-g', 'acme'],
    ]) {
      let result: Awaited<ReturnType<typeof sb.run>> | undefined
      const requests = await sb.countRequests(async () => {
        result = await sb.run(args)
      })
      expect(result!.code, args.join(' ')).toBe(2)
      expect(result!.stderr).toMatch(/^Error: --(color|priority)/m)
      expect(result!.stderr).not.toMatch(/at .*\.js:\d+/) // no stack trace
      expect(requests).toBe(0)
    }
  })

  it('reports a taken name as a conflict (exit 6), and --if-not-exists shows the existing label', async () => {
    const taken = await sb.run(['labels', 'create', 'bug', '--color', 'red', '-p', '20'])
    expect(taken.code).toBe(6)
    expect(taken.stderr).toContain('409 Conflict: Label already exists (POST /api/v4/projects/20/labels)')
    const again = await sb.run(['labels', 'create', 'bug', '--color', 'red', '-p', '20', '--if-not-exists', '--json'])
    expect(again.code).toBe(0)
    expect(again.json<Label>().name).toBe('bug')
    expect(again.stderr).toContain('already exists')
  })

  it('updates a label with any one change, as the platform takes it (the spec asks new_name or color of a project label)', async () => {
    const described = await sb.run(['labels', 'update', 'feature', '-p', '20', '--description', 'x', '--json'])
    expect(described.code, described.stderr).toBe(0)
    expect(described.json<Label>().description).toBe('x')
    const result = await sb.run(['labels', 'update', 'feature', '-p', '20', '--new-name', 'enhancement', '--priority', 'null', '--json'])
    expect(result.code).toBe(0)
    expect(result.json<Label>()).toMatchObject({name: 'enhancement', priority: null})
    const group = await sb.run(['labels', 'update', 'priority::high', '-g', 'acme', '--description', 'Now', '--json'], {as: 'owner'})
    expect(group.json<Label>().description).toBe('Now')
    const nothing = await sb.run(['labels', 'update', 'priority::high', '-g', 'acme'])
    expect(nothing.code).toBe(2)
  })

  it('--description "" clears the description, as the help says: "" is sent, not refused', async () => {
    const before = await sb.api<Label>('GET', '/projects/20/labels/bug')
    expect(before.body.description).not.toBe('')
    const dry = await sb.run(['labels', 'update', 'bug', '-p', '20', '--description', '', '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stderr).toContain('{"description":""}')
    const cleared = await sb.run(['labels', 'update', 'bug', '-p', '20', '--description', '', '--json'])
    expect(cleared.code, cleared.stderr).toBe(0)
    expect(cleared.json<Label>().description).toBe('')
    expect((await sb.api<Label>('GET', '/projects/20/labels/bug')).body.description).toBe('')
    const group = await sb.run(['labels', 'update', 'priority::high', '-g', 'acme', '--description=', '--json'], {as: 'owner'})
    expect(group.code, group.stderr).toBe(0)
    expect(group.json<Label>().description).toBe('')
  })

  it('takes a 3-digit colour as the platform does, and the server keeps it', async () => {
    const made = await sb.run(['labels', 'create', 'short-hex', '--color', '#fff', '-p', '20', '--json'])
    expect(made.code, made.stderr).toBe(0)
    expect(made.json<Label>()).toMatchObject({color: '#fff', text_color: '#333333'})
    const changed = await sb.run(['labels', 'update', 'short-hex', '--color', '#0A0', '-p', '20', '--json'])
    expect(changed.json<Label>().color).toBe('#0A0')
    const {result, requests} = await sb.runCounted(['labels', 'create', 'x', '--color', '#ffff', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --color "#ffff": must be #RRGGBB or #RGB (hex with a leading #) or a CSS colour name such as orange\n')
    expect(requests).toBe(0)
  })

  it('refuses to delete without a terminal and without --yes, and deletes with --yes', async () => {
    await sb.run(['labels', 'create', 'doomed', '--color', 'red', '-p', '20'])
    let refused: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      refused = await sb.run(['labels', 'delete', 'doomed', '-p', '20'])
    })
    expect(refused!.code).toBe(2)
    expect(refused!.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const deleted = await sb.run(['labels', 'delete', 'doomed', '-p', '20', '--yes'])
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await sb.api('GET', '/projects/20/labels/doomed')).status).toBe(404)
  })
})

describe('labels subscribe, unsubscribe, promote', () => {
  it('subscribes, and reports a repeated subscribe (304) clearly with the label on stdout', async () => {
    const first = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '--json'], {as: 'maintainer'})
    expect(first.code).toBe(0)
    expect(first.json<Label>().subscribed).toBe(true)
    expect(first.stderr).toBe('')
    const second = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '--json'], {as: 'maintainer'})
    expect(second.code).toBe(0)
    expect(second.stderr).toContain('Nothing changed: you were already subscribed to label "bug".')
    expect(second.json<Label>().subscribed).toBe(true)
  })

  it('unsubscribes, and reports a repeated unsubscribe (304)', async () => {
    const first = await sb.run(['labels', 'unsubscribe', 'bug', '-p', '20', '--json'], {as: 'maintainer'})
    expect(first.json<Label>().subscribed).toBe(false)
    const second = await sb.run(['labels', 'unsubscribe', 'bug', '-p', '20'], {as: 'maintainer'})
    expect(second.code).toBe(0)
    expect(second.stderr).toContain('Nothing changed: you were not subscribed to label "bug".')
  })

  it('promotes a project label to its group with --yes, a new ID, and says what it did, the merge included', async () => {
    const created = (await sb.run(['labels', 'create', 'promote-me', '--color', 'teal', '-p', 'acme/website', '--json'])).json<Label>()
    const promoted = await sb.run(['labels', 'promote', 'promote-me', '-p', 'acme/website', '--yes', '--json'])
    expect(promoted.code, promoted.stderr).toBe(0)
    const id = promoted.json<Label>().id
    expect(id).not.toBe(created.id)
    expect(promoted.stderr).toBe(
      `Promoted label "promote-me" of project "acme/website": it is now a label of the project's group (ID ${id}), and any label of that name of the group's projects was merged into it, each project keeping its priority.\n`,
    )
    const inGroup = await sb.api<Label>('GET', `/groups/acme/labels/${id}`)
    expect(inGroup.status).toBe(200)
    expect(inGroup.body.name).toBe('promote-me')
  })

  it("keeps the project's priority across the promotion, on the group label as the project sees it", async () => {
    const made = await sb.run(['labels', 'create', 'ranked-here', '--color', 'teal', '--priority', '4', '-p', 'acme/website', '--json'])
    expect(made.code, made.stderr).toBe(0)
    expect((await sb.run(['labels', 'promote', 'ranked-here', '-p', 'acme/website', '--yes'])).code).toBe(0)
    const seen = await sb.run(['labels', 'get', 'ranked-here', '-p', 'acme/website', '--json'])
    expect(seen.code, seen.stderr).toBe(0)
    expect(seen.json<Label>()).toMatchObject({priority: 4, is_project_label: false})
  })

  it('refuses to promote without a terminal and without --yes (exit 2), sending nothing; --dry-run shows the request', async () => {
    const created = (await sb.run(['labels', 'create', 'stay-in-project', '--color', 'teal', '-p', '20', '--json'])).json<Label>()
    const {result, requests} = await sb.runCounted(['labels', 'promote', 'stay-in-project', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `Error: refusing to promote label "stay-in-project" of project 20 to a label of its group, merging into it every label of that name of the group and of its other projects, which are deleted; their issues, merge requests, subscriptions and each project's priority move to it (this cannot be undone) without confirmation: pass --yes (-y)\n`,
    )
    expect(requests).toBe(0)
    const dry = await sb.runCounted(['labels', 'promote', 'stay-in-project', '-p', '20', '--dry-run'])
    expect(dry.result.code, dry.result.stderr).toBe(0)
    expect(dry.result.stderr).toContain(`DRY RUN PUT ${sb.url}/api/v4/projects/20/labels/stay-in-project/promote`)
    expect(dry.requests).toBe(0)
    expect((await sb.api<Label>('GET', `/projects/20/labels/${created.id}`)).body.is_project_label).toBe(true)
  })
})

describe("labels of an ancestor group (lib/api/helpers/label_helpers.rb: changes find the scope's own labels only)", () => {
  it('update, delete and promote of an inherited label say where it lives (exit 3), rather than a bare 404', async () => {
    const runs = [
      ['labels', 'update', 'priority::high', '--color', 'red', '-p', 'acme/platform/api'],
      ['labels', 'delete', 'priority::high', '-p', 'acme/platform/api', '--yes'],
      ['labels', 'promote', 'priority::high', '-p', 'acme/platform/api', '--yes'],
    ]
    for (const args of runs) {
      const result = await sb.run(args, {as: 'owner'})
      expect(result.code, args.join(' ')).toBe(3)
      expect(result.stderr, args.join(' ')).toMatch(
        /^Error: 404 Not Found: Label Not Found \(\w+ \/api\/v4\/projects\/acme%2Fplatform%2Fapi\/labels\/priority%3A%3Ahigh(\/promote)?\): label "priority::high" is a label of an ancestor group, which project "acme\/platform\/api" inherits: change it in that group \(-g GROUP\)\n$/,
      )
    }
    const missing = await sb.run(['labels', 'update', 'no-such-label', '--color', 'red', '-p', 'acme/platform/api'], {as: 'owner'})
    expect(missing.code).toBe(3)
    expect(missing.stderr).not.toContain('ancestor')
  })
})

describe('errors, dry run and verbose', () => {
  it('maps 401, 403 and 404 to one-line messages and exit codes 4, 5 and 3', async () => {
    const unauthorized = await sb.run(['labels', 'list', '-p', '20'], {env: {FORGECTL_TOKEN: 'wrong-token'}})
    expect(unauthorized.code).toBe(4)
    expect(unauthorized.stderr).toMatch(/^Error: 401 Unauthorized/)
    expect(unauthorized.stderr).not.toContain('wrong-token')
    const forbidden = await sb.run(['labels', 'create', 'x', '--color', 'red', '-p', '20'], {as: 'reporter'})
    expect(forbidden.code).toBe(5)
    expect(forbidden.stderr).toMatch(/^Error: 403 Forbidden/)
    const hidden = await sb.run(['labels', 'list', '-p', '20'], {as: 'outsider'})
    expect(hidden.code).toBe(3)
    expect(hidden.stderr).toContain('404 Not Found: Project Not Found (GET /api/v4/projects/20/labels)')
    for (const r of [unauthorized, forbidden, hidden]) expect(r.stdout).toBe('')
  })

  it('--dry-run prints the request with the token redacted and sends nothing', async () => {
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      result = await sb.run(['labels', 'create', 'dry', '--color', 'red', '-p', 'acme/platform/api', '--dry-run'])
    })
    expect(requests).toBe(0)
    expect(result!.code).toBe(0)
    expect(result!.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/labels`)
    expect(result!.stderr).toContain('"name":"dry"')
    expect(result!.stderr).toContain('PRIVATE-TOKEN: [REDACTED]')
    expect(result!.stderr + result!.stdout).not.toContain('sandbox-developer-token')
    expect((await sb.api('GET', '/projects/20/labels/dry')).status).toBe(404)
  })

  it('--dry-run of a delete needs no confirmation and deletes nothing', async () => {
    const result = await sb.run(['labels', 'delete', 'bug', '-p', '20', '--dry-run'])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('DRY RUN DELETE')
    expect((await sb.api('GET', '/projects/20/labels/bug')).status).toBe(200)
  })

  it('--verbose traces request and response on stderr without the token; stdout keeps only JSON', async () => {
    const result = await sb.run(['labels', 'get', 'bug', '-p', '20', '--verbose', '--json'], {as: 'admin'})
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`> GET ${sb.url}/api/v4/projects/20/labels/bug`)
    expect(result.stderr).toContain('> PRIVATE-TOKEN: [REDACTED]')
    expect(result.stderr).toMatch(/< 200 OK \(\d+ ms\)/)
    expect(result.stderr).not.toContain('sandbox-admin-token')
    expect(result.json<Label>().name).toBe('bug')
  })
})

describe('labels create --from-file (bulk)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-labels-'))

  it('creates every label of a CSV file, reports each, and exits non-zero when one fails', async () => {
    const file = join(dir, 'labels.csv')
    writeFileSync(file, 'name,color,description,priority\nbulk-one,#111111,"First, with a comma",2\nbug,red,,\nbulk-two,teal,,\n')
    const result = await sb.run(['labels', 'create', '--from-file', file, '-p', 'acme/platform/api', '--json'])
    expect(result.code).toBe(6)
    const rows = result.json<Array<{item: string; status: string; result?: Label; error?: string}>>()
    expect(rows.map(r => [r.item, r.status])).toEqual([
      ['bulk-one', 'created'],
      ['bug', 'failed'],
      ['bulk-two', 'created'],
    ])
    expect(rows[0]!.result).toMatchObject({description: 'First, with a comma', priority: 2})
    expect(rows[1]!.error).toContain('409 Conflict')
    expect(result.stderr).toContain('1 of 3 failed')
    expect((await sb.api('GET', '/projects/20/labels/bulk-two')).status).toBe(200)
  })

  it('reads YAML too', async () => {
    const file = join(dir, 'labels.yaml')
    writeFileSync(file, '- name: yaml-one\n  color: navy\n- name: yaml-two\n  color: "#00aa00"\n  description: from yaml\n')
    const result = await sb.run(['labels', 'create', '--from-file', file, '-g', 'acme', '-o', 'table'], {as: 'owner'})
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/yaml-one\s+created/)
  })

  it('refuses a file with a bad record before sending anything', async () => {
    const file = join(dir, 'bad.json')
    writeFileSync(file, JSON.stringify([{name: 'fine', color: 'red'}, {name: 'bad', color: '#12'}, {color: 'red'}]))
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      result = await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])
    })
    expect(requests).toBe(0)
    expect(result!.code).toBe(2)
    expect(result!.stderr).toContain('record 2: color "')
    expect(result!.stderr).toContain('record 3: missing name (label name)')
  })

  it('--from-file - reads the records from piped stdin, which never fills the optional NAME', async () => {
    const result = await sb.run(['labels', 'create', '--from-file', '-', '-p', '20', '--json'], {stdin: JSON.stringify([{name: 'from-stdin', color: 'teal'}])})
    expect(result.code).toBe(0)
    expect(result.json<Array<{item: string; status: string}>>()).toEqual([expect.objectContaining({item: 'from-stdin', status: 'created'})])
  })

  it('without --from-file, NAME and --color are required', async () => {
    const result = await sb.run(['labels', 'create', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('missing NAME')
  })
})
