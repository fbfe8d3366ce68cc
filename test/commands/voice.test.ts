// Issue 14, points 4 and 6: one voice for messages, -q prints the handle the next command takes,
// and tables show words where the API answers a numeric state.
import {describe, expect, it} from 'vitest'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const maintainer: SandboxRunOptions = {as: 'maintainer'}

type Row = Record<string, unknown>

/** the lines `-q` printed, and the field the same command's --json holds, in the same order */
async function quietAndJson(args: string[], field: string, options?: SandboxRunOptions): Promise<{quiet: string[]; json: string[]}> {
  const quiet = await sb.run([...args, '-q'], options)
  expect(quiet.code, quiet.stderr).toBe(0)
  const json = await sb.run([...args, '--json'], options)
  const body = json.json<Row | Row[]>()
  return {quiet: quiet.stdout.split('\n').filter(Boolean), json: (Array.isArray(body) ? body : [body]).map(r => String(r[field]))}
}

describe('success notes: one sentence on stderr, in a pipe too; -q silences all but warnings', () => {
  it('delete says what it deleted, and whose, on stderr only; -q says nothing', async () => {
    for (const name of ['voice-a', 'voice-b']) expect((await sb.api('POST', '/projects/20/labels', {as: 'maintainer', body: {name, color: '#000000'}})).status).toBe(201)
    const said = await sb.run(['labels', 'delete', 'voice-a', '-p', '20', '--yes'])
    expect(said.code, said.stderr).toBe(0)
    expect(said.stdout).toBe('')
    expect(said.stderr).toBe('Deleted label "voice-a" of project 20.\n')
    const quiet = await sb.run(['labels', 'delete', 'voice-b', '-p', '20', '--yes', '-q'])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(quiet.stdout + quiet.stderr).toBe('')
    expect((await sb.api('GET', '/projects/20/labels/voice-b')).status).toBe(404)
  })

  it('a name is quoted, a number is not; nothing changed has its own shape', async () => {
    const created = await sb.run(['ci-variables', 'set', 'VOICE_KEY', '--value', 'x'], admin)
    expect(created.stderr).toBe('Created instance CI/CD variable "VOICE_KEY".\n')
    await sb.run(['labels', 'subscribe', 'bug', '-p', '20'])
    const again = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '-o', 'json'])
    expect(again.stderr).toBe('Nothing changed: you were already subscribed to label "bug".\n')
    expect(again.json<Row>().name).toBe('bug')
    const silent = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '-q'])
    expect(silent.stderr).toBe('')
  })

  it('a warning is shown even with -q', async () => {
    const result = await sb.run(['milestones', 'list', '-g', 'acme', '--include-parent-milestones', '-q'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('Warning: --include-parent-milestones is deprecated; use --include-ancestors.\n')
  })
})

describe('-q prints the handle the next command takes', () => {
  it('IDs where commands take IDs: hooks, labels, milestones', async () => {
    for (const [args, options] of [
      [['hooks', 'list'], admin],
      [['labels', 'list', '-p', '20'], undefined],
      [['milestones', 'list', '-g', 'acme'], undefined],
    ] as const) {
      const {quiet, json} = await quietAndJson([...args], 'id', options)
      expect(quiet.length, args.join(' ')).toBeGreaterThan(0)
      expect(quiet, args.join(' ')).toEqual(json)
    }
  })

  it('names and keys where records have no ID: ci-variables, features, branches, wikis', async () => {
    for (const [args, field, options] of [
      [['ci-variables', 'list'], 'key', admin],
      [['features', 'list'], 'name', admin],
      [['branches', 'list', '-p', '20'], 'name', undefined],
      [['wikis', 'list', '-p', '20'], 'slug', undefined],
    ] as const) {
      const {quiet, json} = await quietAndJson([...args], field, options)
      expect(quiet.length, args.join(' ')).toBeGreaterThan(0)
      expect(quiet, args.join(' ')).toEqual(json)
    }
  })

  it('feature-user-lists print the IID, which get, update and delete take, not the ID', async () => {
    const created = await sb.run(['feature-user-lists', 'create', '-p', '20', '--name', 'voice-list', '--user-xids', 'u-1', '-q'])
    expect(created.code, created.stderr).toBe(0)
    const iid = created.stdout.trim()
    const got = await sb.run(['feature-user-lists', 'get', iid, '-p', '20', '--json'])
    expect(got.json<Row>().name).toBe('voice-list')
    expect(got.json<Row>().id).not.toBe(Number(iid))
    const {quiet, json} = await quietAndJson(['feature-user-lists', 'list', '-p', '20'], 'iid')
    expect(quiet).toEqual(json)
  })

  it('branches protect prints the name that unprotect takes, not the rule ID', async () => {
    const result = await sb.run(['branches', 'protect', 'voice-*', '-p', '20', '-q'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('voice-*\n')
  })
})

describe('tables show words for numeric states; data formats keep the API value', () => {
  /** the cells of one column of a table, by its header */
  function column(table: string, name: string): string[] {
    const [head, ...rows] = table.trimEnd().split('\n')
    const start = head!.search(new RegExp(`(^|\\s)${name}(\\s|$)`)) + (head!.startsWith(name) ? 0 : 1)
    return rows.map(row =>
      row
        .slice(start)
        .split(/\s{2,}|\s*$/)[0]!
        .trim(),
    )
  }

  it('relations-export status: finished in a table, 1 in JSON and CSV', async () => {
    const table = await sb.run(['relations-export', 'status', '-p', '21', '-o', 'table', '--columns', 'relation,status'], maintainer)
    expect(table.code, table.stderr).toBe(0)
    const words = column(table.stdout, 'status')
    expect(words.length).toBeGreaterThan(0)
    expect(new Set(words)).toEqual(new Set(['finished']))
    const json = await sb.run(['relations-export', 'status', '-p', '21', '--json'], maintainer)
    expect(new Set(json.json<Row[]>().map(e => e.status))).toEqual(new Set([1]))
    const csv = await sb.run(['relations-export', 'status', '-p', '21', '-o', 'csv', '--columns', 'status', '--no-header'], maintainer)
    expect(new Set(csv.stdout.trim().split('\n'))).toEqual(new Set(['1']))
  })

  it('iterations list: upcoming, current, closed in a table, the API numbers in JSON', async () => {
    const json = await sb.run(['iterations', 'list', '-p', 'acme/platform/api', '--json', '--sort', 'id'])
    const states = json.json<Row[]>().map(i => i.state)
    expect(states.every(s => typeof s === 'number')).toBe(true)
    expect(new Set(states).size).toBeGreaterThan(1)
    const table = await sb.run(['iterations', 'list', '-p', 'acme/platform/api', '-o', 'table', '--columns', 'id,state', '--sort', 'id'])
    expect(table.code, table.stderr).toBe(0)
    const words: Record<number, string> = {1: 'upcoming', 2: 'current', 3: 'closed'}
    expect(column(table.stdout, 'state')).toEqual(states.map(s => words[s as number]))
  })
})
