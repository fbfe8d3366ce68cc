import {setTimeout as sleep} from 'node:timers/promises'
import {describe, expect, it} from 'vitest'
import type {GroupStorageMove as Move} from '../../src/api/storage-moves.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({jobDelayMs: 600})
const admin: SandboxRunOptions = {as: 'admin'}

const counted = (args: string[], options: SandboxRunOptions = admin) => sb.runCounted(args, options)

const movesOf = async (group: number) => (await sb.api<Move[]>('GET', `/groups/${group}/repository_storage_moves`, {as: 'admin'})).body

/** until the group has no move scheduled or started (its repository is writable again) */
async function settled(group: number): Promise<void> {
  for (let i = 0; i < 100 && (await movesOf(group)).some(m => m.state === 'scheduled' || m.state === 'started'); i++) await sleep(100)
}

/** runs `action` with another job length, then puts the test file's back */
const withJobDelay = <T>(ms: number, action: () => Promise<T>) => sb.withOptions({jobDelayMs: ms}, action)

describe('storage-moves list and get', () => {
  it("lists every group move as the API does, and one group's with -g", async () => {
    const all = await sb.run(['storage-moves', 'list', '--json'], admin)
    expect(all.code).toBe(0)
    const api = await sb.api<Move[]>('GET', '/group_repository_storage_moves', {as: 'admin'})
    expect(all.json()).toEqual(api.body)
    expect(api.body.length).toBeGreaterThanOrEqual(3)
    const one = await sb.run(['storage-moves', 'list', '-g', 'opensource', '--json'], admin)
    expect(one.json()).toEqual(await movesOf(12))
    expect(one.json<Move[]>().every(m => m.group.id === 12)).toBe(true)
    expect(
      one
        .json<Move[]>()
        .map(m => m.state)
        .sort(),
    ).toEqual(['failed', 'finished'])
  })

  it('prints a table with the default columns', async () => {
    const table = await sb.run(['storage-moves', 'list', '-o', 'table'], admin)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+state\s+source_storage_name\s+destination_storage_name\s+group\.name\s+created_at\s*$/)
    expect(table.stdout).toMatch(/\d+\s+finished\s+default\s+storage-2\s+Opensource/)
  })

  it('gets one move, instance-wide or through its group, and 404 through another group', async () => {
    const [move] = await movesOf(12)
    const got = await sb.run(['storage-moves', 'get', String(move!.id), '--json'], admin)
    expect(got.code).toBe(0)
    expect(got.json()).toEqual((await sb.api('GET', `/group_repository_storage_moves/${move!.id}`, {as: 'admin'})).body)
    const viaGroup = await sb.run(['storage-moves', 'get', String(move!.id), '-g', '12', '--json'], admin)
    expect(viaGroup.json()).toEqual(got.json())
    const wrong = await sb.run(['storage-moves', 'get', String(move!.id), '-g', '10'], admin)
    expect(wrong.code).toBe(3)
    expect(wrong.stderr).toContain('404 Not Found')
  })

  it('is for administrators only: 403 and exit 5 for an owner', async () => {
    const result = await sb.run(['storage-moves', 'list'], {as: 'owner'})
    expect(result.code).toBe(5)
    expect(result.stderr).toMatch(/^Error: 403 Forbidden/)
    expect(result.stdout).toBe('')
  })

  it('refuses a move ID that is not a positive whole number before sending anything', async () => {
    for (const id of ['abc', '0', '-3']) {
      const {result, requests} = await counted(['storage-moves', 'get', id])
      expect(result.code, id).toBe(2)
      expect(requests).toBe(0)
    }
  })
})

describe('storage-moves schedule (bulk)', () => {
  it('refuses without a terminal and without --yes, sending nothing', async () => {
    const {result, requests} = await counted(['storage-moves', 'schedule', '--type', 'group', '--source-storage-name', 'default'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
  })

  it('schedules every group on the source storage: 202 with a message, and the moves appear', async () => {
    const before = await sb.api<Move[]>('GET', '/group_repository_storage_moves?per_page=100', {as: 'admin'})
    // seeded: only opensource (12) is on storage-2
    const result = await sb.run(['storage-moves', 'schedule', '--type', 'group', '--source-storage-name', 'storage-2', '--destination-storage-name', 'storage-3', '--yes', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual({message: '202 Accepted'})
    expect(result.stderr).toContain('Scheduled moves of every group repository on storage "storage-2".')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/group_repository_storage_moves'})
    const after = await sb.api<Move[]>('GET', '/group_repository_storage_moves?per_page=100', {as: 'admin'})
    const added = after.body.filter(m => !before.body.some(b => b.id === m.id))
    expect(added.map(m => [m.group.id, m.source_storage_name, m.destination_storage_name])).toEqual([[12, 'storage-2', 'storage-3']])
  })

  it('schedules project and snippet moves on their own endpoints', async () => {
    for (const type of ['project', 'snippet']) {
      const result = await sb.run(['storage-moves', 'schedule', '--type', type, '--source-storage-name', 'default', '-y', '--json'], admin)
      expect(result.code, type).toBe(0)
      expect(result.json()).toEqual({message: '202 Accepted'})
      expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: `/${type}_repository_storage_moves`})
    }
  })

  it('reports a storage the server does not know as a 400 (exit 6)', async () => {
    const result = await sb.run(['storage-moves', 'schedule', '--type', 'project', '--source-storage-name', 'nowhere', '-y'], admin)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('source_storage_name does not have a valid value')
  })

  it('validates locally: --type values, required and non-empty storages, same source and destination', async () => {
    for (const [args, message] of [
      [['--type', 'wiki', '--source-storage-name', 'default'], 'Error: --type "wiki": must be one of project, snippet, group\n'],
      [['--type', 'project'], 'Error: missing --source-storage-name (storage to move the repositories off)\n'],
      [[], 'Error: missing --type (which repositories to move) and --source-storage-name (storage to move the repositories off)\n'],
      [['--type', 'project', '--source-storage-name', ''], 'Error: --source-storage-name "": must not be empty\n'],
      [['--type', 'project', '--source-storage-name', 'default', '--destination-storage-name', ''], 'Error: --destination-storage-name "": must not be empty\n'],
      [
        ['--type', 'project', '--source-storage-name', 'default', '--destination-storage-name', 'default'],
        'Error: --destination-storage-name must differ from --source-storage-name: a move onto the same storage changes nothing\n',
      ],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['storage-moves', 'schedule', ...args, '--yes'])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
  })

  it('--dry-run shows the request, needs no confirmation and schedules nothing', async () => {
    const {result, requests} = await counted(['storage-moves', 'schedule', '--type', 'snippet', '--source-storage-name', 'default', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/snippet_repository_storage_moves`)
    expect(result.stderr).toContain('"source_storage_name":"default"')
  })
})

describe('storage-moves create and the move states', () => {
  it('refuses a second move while the first one runs (the repository is read-only)', async () => {
    // acme (10) has no recent move, so a long job length makes only the new one run for long
    await withJobDelay(3_600_000, async () => {
      const first = await sb.run(['storage-moves', 'create', '-g', '10', '--json'], admin)
      expect(first.code).toBe(0)
      const second = await sb.run(['storage-moves', 'create', '-g', 'acme'], admin)
      expect(second.code).toBe(6)
      expect(second.stderr).toContain('400 Bad Request: group is read-only')
    })
  })

  it('creates a move that walks scheduled → started → replicated → finished, and moves the group', async () => {
    await settled(12)
    const created = await sb.run(['storage-moves', 'create', '-g', 'opensource', '--destination-storage-name', 'default', '--json'], admin)
    expect(created.code).toBe(0)
    const move = created.json<Move>()
    // "Group storage move | POST schedule | administrator | scheduled (as returned)"; the bulk move above took it to storage-3
    expect(move).toMatchObject({state: 'scheduled', source_storage_name: 'storage-3', destination_storage_name: 'default', group: {id: 12, name: 'Opensource'}})
    // read at fixed points of its walk (the sandbox's clock pinned), not at whatever time a loaded machine reaches
    const d = sb.sandbox.store.options.jobDelayMs
    const stateAt = (sinceCreated: number) =>
      sb.withOptions({clock: () => Date.parse(move.created_at) + sinceCreated}, async () => (await sb.api<Move>('GET', `/group_repository_storage_moves/${move.id}`, {as: 'admin'})).body.state)
    expect(await stateAt(0)).toBe('scheduled')
    expect(await stateAt(d / 3)).toBe('started')
    expect(await stateAt((2 * d) / 3)).toBe('replicated')
    expect(await stateAt(d)).toBe('finished')
    const listed = await sb.run(['storage-moves', 'list', '-g', '12', '--json'], admin)
    expect(listed.json<Move[]>()[0]).toMatchObject({id: move.id})
  })

  it('refuses an empty --destination-storage-name instead of sending it (exit 2)', async () => {
    const {result, requests} = await counted(['storage-moves', 'create', '-g', 'acme', '--destination-storage-name', ''])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --destination-storage-name "": must not be empty\n')
    expect(requests).toBe(0)
  })

  it('without a destination, the server picks one by weights', async () => {
    await settled(10)
    const result = await sb.run(['storage-moves', 'create', '-g', 'acme', '--json'], admin)
    expect(result.code).toBe(0)
    const move = result.json<Move>()
    expect(move.destination_storage_name).not.toBe(move.source_storage_name)
    expect(move.destination_storage_name).not.toBe('')
  })
})

describe('storage-moves wait', () => {
  it('polls until the move is finished and prints it, silently without a terminal', async () => {
    await settled(12)
    const move = (await sb.run(['storage-moves', 'create', '-g', '12', '--json'], admin)).json<Move>()
    const waited = await sb.run(['storage-moves', 'wait', String(move.id), '--interval', '1', '--json'], admin)
    expect(waited.code).toBe(0)
    expect(waited.stderr).toBe('')
    expect(waited.json<Move>()).toMatchObject({id: move.id, state: 'finished'})
    expect(waited.json()).toEqual((await sb.api('GET', `/group_repository_storage_moves/${move.id}`, {as: 'admin'})).body)
  })

  it('exits 9 with the reason when the move ends failed', async () => {
    await settled(12)
    const move = (await sb.run(['storage-moves', 'create', '-g', '12', '--destination-storage-name', 'broken', '--json'], admin)).json<Move>()
    const waited = await sb.run(['storage-moves', 'wait', String(move.id), '-g', '12', '--interval', '1'], admin)
    expect(waited.code).toBe(9)
    expect(waited.stdout).toBe('')
    expect(waited.stderr).toContain(`storage move ${move.id} failed: state failed`)
    // with the job's own words, which the platform's entity carries as error_message
    const {error_message: reason} = (await sb.api<Move>('GET', `/group_repository_storage_moves/${move.id}`, {as: 'admin'})).body
    expect(reason).toEqual(expect.any(String))
    expect(waited.stderr).toContain(`(${reason})`)
  })

  it('exits 9 when the move ends cleanup failed (moved, but the source copy stayed)', async () => {
    // acme/platform (11) lives on the `legacy` storage, whose copies cannot be deleted
    const move = (await sb.run(['storage-moves', 'create', '-g', 'acme/platform', '--destination-storage-name', 'storage-2', '--json'], admin)).json<Move>()
    expect(move.source_storage_name).toBe('legacy')
    const waited = await sb.run(['storage-moves', 'wait', String(move.id), '--interval', '1'], admin)
    expect(waited.code).toBe(9)
    expect(waited.stderr).toContain('state cleanup failed')
  })

  it('gives up after --wait-timeout with exit 8 when the job never starts', async () => {
    const initial = (await movesOf(10)).find(m => m.state === 'initial')!
    // the move never starts: only --wait-timeout can end the run, and the line says so (issue 36: no clock bound from above)
    const waited = await sb.run(['storage-moves', 'wait', String(initial.id), '--wait-timeout', '1', '--interval', '1'], admin)
    expect(waited.code).toBe(8)
    expect(waited.stderr).toBe(`Error: gave up waiting for storage move ${initial.id} after 1s (last status: initial)\n`)
  })

  it('a lone --timeout, the old spelling of the wait limit, still works, with a warning (-q does not hide it)', async () => {
    const initial = (await movesOf(10)).find(m => m.state === 'initial')!
    for (const quiet of [[], ['-q']]) {
      const waited = await sb.run(['storage-moves', 'wait', String(initial.id), '--timeout', '1', '--interval', '1', ...quiet], admin)
      expect(waited.code).toBe(8)
      expect(waited.stderr).toBe(
        "Warning: --timeout 1 is read as the wait's limit, its old meaning on this command: say --wait-timeout 1 for the wait; --timeout is how long each request may take, as on every other command.\n"
          + `Error: gave up waiting for storage move ${initial.id} after 1s (last status: initial)\n`,
      )
    }
    // with --wait-timeout, --timeout is the per-request limit: no warning, and the wait's limit is --wait-timeout's
    const both = await sb.run(['storage-moves', 'wait', String(initial.id), '--wait-timeout', '1', '--timeout', '30', '--interval', '1'], admin)
    expect(both.code).toBe(8)
    expect(both.stderr).toBe(`Error: gave up waiting for storage move ${initial.id} after 1s (last status: initial)\n`)
  })
})
