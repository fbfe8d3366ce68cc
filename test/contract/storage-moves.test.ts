// Contract: the sandbox's repository storage moves as the platform serves them (issue 34). Each fact names
// the platform file (gitlabhq/gitlabhq) it was read from. The sandbox's clock is pinned for the whole file
// (store.nowMs()): a move's state is read at chosen moments of its walk, never at whatever a loaded
// machine reaches.
import {describe, expect, it} from 'vitest'
import {pinnedClock} from '../helpers/pinned-clock.js'
import {useSandbox} from '../helpers/sandbox.js'

const d = 3000
const sb = useSandbox({jobDelayMs: d})
const clock = pinnedClock(sb, '2026-06-01T00:00:00.000Z')

interface Move {
  id: number
  created_at: string
  state: string
  source_storage_name: string
  destination_storage_name: string
  error_message: string | null
  group?: {id: number}
  project?: {id: number; path_with_namespace: string}
  snippet?: {id: number}
}
type Err = {message?: unknown; error?: string}

const admin = {as: 'admin' as const}
const post = (path: string, body: Record<string, unknown>) => sb.api<Move & Err>('POST', path, {...admin, body})
const get = <T = Move & Err>(path: string) => sb.api<T>('GET', path, admin)
/** lets the clock run past every move made so far: they are all over, their repositories writable */
const settle = () => {
  clock.now += 2 * d
}

describe('who may (lib/api/project_repository_storage_moves.rb, ee/lib/api/group_repository_storage_moves.rb, lib/api/snippet_repository_storage_moves.rb)', () => {
  it('answers administrators only: 403 for an owner of the group, 401 without a token, before any parameter is read', async () => {
    for (const [method, path] of [
      ['GET', '/group_repository_storage_moves'],
      ['GET', '/groups/12/repository_storage_moves'],
      ['GET', '/project_repository_storage_moves/1'],
      ['POST', '/groups/12/repository_storage_moves'],
      // a bulk schedule without its required source: the role is refused first (a before block runs ahead of validation)
      ['POST', '/project_repository_storage_moves'],
    ] as const) {
      const answer = await sb.api(method, path, {as: 'owner', body: method === 'POST' ? {} : undefined})
      expect(answer, `${method} ${path}`).toMatchObject({status: 403, body: {message: '403 Forbidden'}})
    }
    const anonymous = await fetch(`${sb.url}/api/v4/group_repository_storage_moves`)
    expect(anonymous.status).toBe(401)
  })
})

describe('POST /:containers/:id/repository_storage_moves (app/models/concerns/repository_storage_movable.rb)', () => {
  it('answers 201 with the move scheduled, its source the storage the container is on, no error_message (lib/api/entities/basic_repository_storage_move.rb)', async () => {
    settle()
    const made = await post('/projects/acme%2Fwebsite/repository_storage_moves', {destination_storage_name: 'storage-3'})
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      state: 'scheduled',
      source_storage_name: 'default',
      destination_storage_name: 'storage-3',
      error_message: null,
      project: {id: 21, path_with_namespace: 'acme/website'},
    })
    expect(made.body.created_at).toBe(new Date(clock.now).toISOString())
  })

  it('picks a configured storage when no destination is given (the attribute defaults to Repository.pick_storage_shard)', async () => {
    settle()
    const made = await post('/groups/10/repository_storage_moves', {})
    expect(made.status).toBe(201)
    expect(['default', 'storage-2', 'storage-3', 'legacy']).toContain(made.body.destination_storage_name)
  })

  it('refuses a storage the instance does not have in the model validation shape', async () => {
    settle()
    const refused = await post('/groups/12/repository_storage_moves', {destination_storage_name: 'nowhere'})
    expect(refused).toMatchObject({status: 400, body: {message: {destination_storage_name: ['is not included in the list']}}})
  })

  it('takes a destination equal to the source: no validation compares them (app/services/concerns/update_repository_storage_methods.rb then skips the copy)', async () => {
    settle()
    const same = await post('/projects/22/repository_storage_moves', {destination_storage_name: 'storage-2'})
    expect(same.status).toBe(201)
    expect(same.body).toMatchObject({source_storage_name: 'storage-2', destination_storage_name: 'storage-2', state: 'scheduled'})
  })

  it('refuses a second move while the first is scheduled or started (the repository is read-only, keyed by the container kind), and takes one once the copy is across', async () => {
    settle()
    const first = await post('/projects/20/repository_storage_moves', {destination_storage_name: 'storage-2'})
    expect(first.status).toBe(201)
    const whileScheduled = await post('/projects/20/repository_storage_moves', {destination_storage_name: 'storage-3'})
    expect(whileScheduled).toMatchObject({status: 400, body: {message: {project: ['is read-only']}}})
    clock.now += d / 3
    expect((await get(`/project_repository_storage_moves/${first.body.id}`)).body.state).toBe('started')
    expect((await post('/projects/20/repository_storage_moves', {destination_storage_name: 'storage-3'})).status).toBe(400)
    // the repository turns writable again on the way to replicated
    clock.now += d / 3
    expect((await get(`/project_repository_storage_moves/${first.body.id}`)).body.state).toBe('replicated')
    const second = await post('/projects/20/repository_storage_moves', {destination_storage_name: 'storage-3'})
    expect(second.status).toBe(201)
    expect(second.body.source_storage_name).toBe('storage-2')
    // a group's key is `group`
    settle()
    await post('/groups/12/repository_storage_moves', {destination_storage_name: 'storage-2'})
    expect((await post('/groups/12/repository_storage_moves', {destination_storage_name: 'storage-3'})).body).toEqual({message: {group: ['is read-only']}})
  })

  it('404s a container that does not exist', async () => {
    expect((await post('/groups/999/repository_storage_moves', {})).body).toEqual({message: '404 Group Not Found'})
    expect((await post('/projects/999/repository_storage_moves', {})).body).toEqual({message: '404 Project Not Found'})
  })
})

describe("a move's states (app/models/concerns/repository_storage_movable.rb, app/services/concerns/update_repository_storage_methods.rb)", () => {
  const stateAt = async (move: Move, sinceCreated: number) => {
    clock.now = Date.parse(move.created_at) + sinceCreated
    return (await get(`/group_repository_storage_moves/${move.id}`)).body
  }

  it('walks scheduled → started → replicated → finished, named as the machine names them', async () => {
    settle()
    const move = (await post('/groups/12/repository_storage_moves', {destination_storage_name: 'default'})).body
    expect((await stateAt(move, 0)).state).toBe('scheduled')
    expect((await stateAt(move, d / 3)).state).toBe('started')
    expect((await stateAt(move, (2 * d) / 3)).state).toBe('replicated')
    expect(await stateAt(move, d)).toMatchObject({state: 'finished', error_message: null})
  })

  it('ends failed when the copy fails, and `cleanup failed` (the human name of cleanup_failed) when only removing the source copy does, each with the error_message the job wrote', async () => {
    settle()
    const broken = (await post('/groups/12/repository_storage_moves', {destination_storage_name: 'broken'})).body
    const failed = await stateAt(broken, d)
    expect(failed.state).toBe('failed')
    expect(failed.error_message).toEqual(expect.any(String))
    settle()
    // acme/platform (11) is on the `legacy` storage, whose copies cannot be deleted
    const legacy = (await post('/groups/11/repository_storage_moves', {destination_storage_name: 'storage-2'})).body
    expect(legacy.source_storage_name).toBe('legacy')
    expect((await stateAt(legacy, (2 * d) / 3)).state).toBe('replicated')
    const cleanup = await stateAt(legacy, d)
    expect(cleanup.state).toBe('cleanup failed')
    expect(cleanup.error_message).toEqual(expect.any(String))
  })

  it('stays initial while its job was never scheduled', async () => {
    const held = (await get<Move[]>('/groups/10/repository_storage_moves?per_page=100')).body.find(m => m.state === 'initial')
    expect(held).toMatchObject({source_storage_name: 'default', destination_storage_name: 'storage-3'})
  })
})

describe('GET the moves (lib/api/project_repository_storage_moves.rb, ee/lib/api/group_repository_storage_moves.rb)', () => {
  it('lists newest first with the pagination headers, instance-wide and per container (spec/support/shared_examples/requests/api/repository_storage_moves_shared_examples.rb)', async () => {
    const all = await get<Move[]>('/group_repository_storage_moves?per_page=2')
    expect(all.status).toBe(200)
    expect(all.headers.get('x-per-page')).toBe('2')
    expect(Number(all.headers.get('x-total'))).toBeGreaterThan(2)
    const whole = (await get<Move[]>('/group_repository_storage_moves?per_page=100')).body
    const created = whole.map(m => Date.parse(m.created_at))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    const ofGroup = (await get<Move[]>('/groups/opensource/repository_storage_moves?per_page=100')).body
    expect(ofGroup.length).toBeGreaterThan(0)
    expect(ofGroup.every(m => m.group?.id === 12)).toBe(true)
  })

  it('answers the generic 404 for a move it cannot find, through the wrong container or the wrong kind (a missed find, rescued in lib/api/api.rb)', async () => {
    const groupMove = (await get<Move[]>('/groups/12/repository_storage_moves')).body[0]!
    expect((await get(`/group_repository_storage_moves/${groupMove.id}`)).status).toBe(200)
    for (const path of ['/group_repository_storage_moves/999999', `/groups/10/repository_storage_moves/${groupMove.id}`, `/project_repository_storage_moves/${groupMove.id}`]) {
      expect(await get(path), path).toMatchObject({status: 404, body: {message: '404 Not found'}})
    }
    expect((await get(`/groups/999/repository_storage_moves/${groupMove.id}`)).body).toEqual({message: '404 Group Not Found'})
  })

  it('refuses an ID that is not an integer (repository_storage_move_id is declared an Integer)', async () => {
    expect(await get('/group_repository_storage_moves/abc')).toMatchObject({status: 400, body: {error: 'repository_storage_move_id is invalid'}})
  })
})

describe('POST /:kind_repository_storage_moves, every repository on a storage (app/services/concerns/schedule_bulk_repository_shard_moves_methods.rb)', () => {
  it('answers 202 with the accepted message, and schedules a move for each container on the source storage', async () => {
    settle()
    const before = (await get<Move[]>('/snippet_repository_storage_moves?per_page=100')).body.length
    const answer = await post('/snippet_repository_storage_moves', {source_storage_name: 'default', destination_storage_name: 'storage-2'})
    expect(answer).toMatchObject({status: 202, body: {message: '202 Accepted'}})
    const after = (await get<Move[]>('/snippet_repository_storage_moves?per_page=100')).body
    expect(after.length - before).toBe(2)
    expect(after.slice(0, 2).every(m => m.source_storage_name === 'default' && m.destination_storage_name === 'storage-2')).toBe(true)
  })

  it('requires a source, and takes only the storages the instance has for either name (values: in the declaration)', async () => {
    expect((await post('/project_repository_storage_moves', {})).body).toEqual({error: 'source_storage_name is missing'})
    expect((await post('/project_repository_storage_moves', {source_storage_name: 'nowhere'})).body).toEqual({error: 'source_storage_name does not have a valid value'})
    expect((await post('/project_repository_storage_moves', {source_storage_name: 'default', destination_storage_name: 'nowhere'})).body).toEqual({
      error: 'destination_storage_name does not have a valid value',
    })
  })

  it('takes a destination equal to the source (nothing compares them), and skips a container whose repository is read-only', async () => {
    settle()
    expect((await post('/group_repository_storage_moves', {source_storage_name: 'storage-2', destination_storage_name: 'storage-2'})).status).toBe(202)
    settle()
    const running = (await post('/projects/24/repository_storage_moves', {destination_storage_name: 'storage-3'})).body
    expect(running.state).toBe('scheduled')
    const before = (await get<Move[]>('/projects/24/repository_storage_moves?per_page=100')).body.length
    // docs (24) is still on `default` until its copy is across, but read-only: the bulk job passes it by
    await post('/project_repository_storage_moves', {source_storage_name: 'default', destination_storage_name: 'storage-2'})
    expect((await get<Move[]>('/projects/24/repository_storage_moves?per_page=100')).body.length).toBe(before)
  })
})
