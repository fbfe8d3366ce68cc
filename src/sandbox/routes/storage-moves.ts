// Repository storage moves, as the platform serves them: lib/api/project_repository_storage_moves.rb,
// lib/api/snippet_repository_storage_moves.rb, ee/lib/api/group_repository_storage_moves.rb (administrators
// only, before anything else is read), the model's state machine and validations in
// app/models/concerns/repository_storage_movable.rb, the job in app/services/concerns/update_repository_storage_methods.rb,
// the bulk schedule in app/services/concerns/schedule_bulk_repository_shard_moves_methods.rb, the answer in
// lib/api/entities/basic_repository_storage_move.rb (the state is the machine's human name: `cleanup failed`).
//
// The platform walks initial → scheduled (on create) → started (the job runs) → replicated (the copy is
// across, the repository writable again) → finished (the source copy removed); a failure before the copy is
// across ends `failed`, after it `cleanup failed`. The sandbox walks that path lazily from the elapsed time
// since creation against `store.options.jobDelayMs` (a test pins the clock through `store.nowMs()`):
//   [0, d/3) scheduled · [d/3, 2d/3) started · [2d/3, d) replicated · d and later finished
// A destination storage named `broken` ends in `failed` at 2d/3; a move away from the `legacy` storage
// ends in `cleanup failed` at d (its copy could not be deleted). A move recorded with `held: true` (seed
// only) stays `initial` (its job never scheduled). Nothing refuses a destination equal to the source: the
// platform has no such rule (the job then skips the copy, the same filesystem).
import {accepted, badRequest, created, HttpError, invalid, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalString, type Router} from '../router.js'
import {type SandboxGroup, SEED_TIME, type Store} from '../store.js'
import {webUrl} from '../web-url.js'

export const STORAGES = ['default', 'storage-2', 'storage-3', 'legacy', 'broken'] as const
type Kind = 'project' | 'snippet' | 'group'

export type MoveState = 'initial' | 'scheduled' | 'started' | 'replicated' | 'failed' | 'finished' | 'cleanup failed'

interface MoveRecord {
  id: number
  kind: Kind
  /** the moved container: a project, snippet or group ID */
  containerId: number
  created_at: string
  source_storage_name: string
  destination_storage_name: string
  held: boolean
}

interface MovesState {
  moves: MoveRecord[]
  /** the storage each container's repository lives on, keyed `kind:id`; `default` when absent */
  storageOf: Map<string, string>
  /** snippets that exist on the instance (the sandbox has no snippets API; they matter only to bulk moves) */
  snippets: number[]
}

// The repository turns read-only when the job is scheduled and writable again once the copy is across;
// an `initial` record (job not yet scheduled) does not lock it.
const MOVING: readonly MoveState[] = ['scheduled', 'started']

/** the state a move has reached `elapsed` ms after creation (see the header comment) */
export function moveState(move: Pick<MoveRecord, 'created_at' | 'destination_storage_name' | 'source_storage_name' | 'held'>, delayMs: number, now: number): MoveState {
  if (move.held) return 'initial'
  const elapsed = now - Date.parse(move.created_at)
  if (elapsed < delayMs / 3) return 'scheduled'
  if (elapsed < (2 * delayMs) / 3) return 'started'
  if (move.destination_storage_name === 'broken') return 'failed'
  if (elapsed < delayMs) return 'replicated'
  return move.source_storage_name === 'legacy' ? 'cleanup failed' : 'finished'
}

/** what the job wrote when it failed (the entity's error_message); null otherwise */
function errorMessage(move: Pick<MoveRecord, 'destination_storage_name' | 'source_storage_name'>, state: MoveState): string | null {
  if (state === 'failed') return `Failed to replicate the repository to ${move.destination_storage_name}: checksums differ`
  if (state === 'cleanup failed') return `Failed to remove the repository from ${move.source_storage_name}`
  return null
}

const movesState = (store: Store): MovesState => store.slice('storage-moves', () => seedMoves(store))

/** the storage a container is on now: the destination of its last move that got the copy across (`/projects?repository_storage=` reads it too) */
export function currentStorage(store: Store, kind: Kind, id: number): string {
  const state = movesState(store)
  const moved = state.moves.filter(m => m.kind === kind && m.containerId === id && ['replicated', 'finished', 'cleanup failed'].includes(moveState(m, store.options.jobDelayMs, store.nowMs()))).at(-1)
  return moved?.destination_storage_name ?? state.storageOf.get(`${kind}:${id}`) ?? 'default'
}

export default function register(r: Router, store: Store): void {
  const state = movesState(store)
  const stateOf = (m: MoveRecord) => moveState(m, store.options.jobDelayMs, store.nowMs())

  const storageNow = (kind: Kind, id: number): string => currentStorage(store, kind, id)
  const inProgress = (kind: Kind, id: number) => state.moves.some(m => m.kind === kind && m.containerId === id && MOVING.includes(stateOf(m)))

  const groupWebUrl = (g: SandboxGroup) => webUrl(`groups/${g.full_path}`)
  /** the moved container as the platform embeds it: `group` {id, web_url, name} or `project` (its summary) */
  const container = (m: MoveRecord) => {
    // the sandbox has no snippets API: a snippet is its ID and its address
    if (m.kind === 'snippet') return {snippet: {id: m.containerId, web_url: webUrl(`-/snippets/${m.containerId}`)}}
    if (m.kind === 'project') {
      const project = store.projects.get(m.containerId)
      return {project: project ? store.projectSummary(project) : null}
    }
    const group = store.groups.get(m.containerId)
    return {group: group ? {id: group.id, web_url: groupWebUrl(group), name: group.name} : null}
  }
  const render = (m: MoveRecord) => ({
    id: m.id,
    created_at: m.created_at,
    state: stateOf(m),
    source_storage_name: m.source_storage_name,
    destination_storage_name: m.destination_storage_name,
    error_message: errorMessage(m, stateOf(m)),
    ...container(m),
  })

  /** "destination_storage_name (optional; chosen by storage weights if absent)": the first healthy other storage */
  const byWeights = (source: string) => STORAGES.find(s => s !== source && s !== 'broken' && s !== 'legacy')!

  const schedule = (kind: Kind, containerId: number, destination: string | undefined): MoveRecord => {
    const source = storageNow(kind, containerId)
    // "A repository being moved is read-only until the move ends"
    if (inProgress(kind, containerId)) throw invalid(400, {[kind]: ['is read-only']})
    const target = destination ?? byWeights(source)
    if (!STORAGES.includes(target as (typeof STORAGES)[number])) throw invalid(400, {destination_storage_name: ['is not included in the list']})
    const move: MoveRecord = {
      id: store.nextId(),
      kind,
      containerId,
      created_at: store.now(),
      source_storage_name: source,
      destination_storage_name: target,
      held: false,
    }
    state.moves.push(move)
    return move
  }

  /** a snippet of the instance, by ID */
  const findSnippet = (id: string): number => {
    const snippet = state.snippets.find(s => String(s) === id)
    if (snippet === undefined) throw notFound('Snippet')
    return snippet
  }
  // Groups, projects and snippets: the same calls under /group_... and /groups/:group_id/..., /project_...
  // and /projects/:project_id/... (an ID or a path, as everywhere), /snippet_... and /snippets/:snippet_id/...
  const kinds = [
    {kind: 'group', plural: 'groups', find: (id: string) => store.findGroup(id).id},
    {kind: 'project', plural: 'projects', find: (id: string) => store.findProject(id).id},
    {kind: 'snippet', plural: 'snippets', find: findSnippet},
  ] as const
  for (const {kind, plural, find} of kinds) {
    const movesOf = () => state.moves.filter(m => m.kind === kind).sort((a, b) => b.id - a.id)
    // the ID is declared an Integer (Grape refuses anything else), and the record is read with `find`,
    // whose miss is the API's generic 404 (lib/api/api.rb rescues ActiveRecord::RecordNotFound)
    const findMove = (ctx: Ctx, containerId?: number): MoveRecord => {
      const id = ctx.params.repository_storage_id!
      if (!/^[+-]?\d+$/.test(id.trim())) throw badRequest('repository_storage_move_id is invalid')
      const move = movesOf().find(m => m.id === Number(id) && (containerId === undefined || m.containerId === containerId))
      if (!move) throw new HttpError(404, {message: '404 Not found'})
      return move
    }
    const adminContainer = (ctx: Ctx): number => {
      store.requireAdmin(ctx.user)
      return find(ctx.params.container_id!)
    }

    r.get(`/${kind}_repository_storage_moves`, ctx => {
      store.requireAdmin(ctx.user)
      return paginate(ctx, movesOf(), render)
    })

    r.get(`/${plural}/:container_id/repository_storage_moves`, ctx => {
      const id = adminContainer(ctx)
      return paginate(
        ctx,
        movesOf().filter(m => m.containerId === id),
        render,
      )
    })

    r.get(`/${kind}_repository_storage_moves/:repository_storage_id`, ctx => {
      store.requireAdmin(ctx.user)
      return ok(render(findMove(ctx)))
    })

    r.get(`/${plural}/:container_id/repository_storage_moves/:repository_storage_id`, ctx => ok(render(findMove(ctx, adminContainer(ctx)))))

    r.post(`/${plural}/:container_id/repository_storage_moves`, ctx => created(render(schedule(kind, adminContainer(ctx), optionalString(ctx.input, 'destination_storage_name')))))
  }

  // Bulk: "schedule moves of all repositories on the source storage"; the answer is a 202 message object.
  const bulk = (kind: Kind, containers: () => number[]) => (ctx: Ctx) => {
    store.requireAdmin(ctx.user)
    if (ctx.input.source_storage_name === undefined || ctx.input.source_storage_name === null) throw badRequest('source_storage_name is missing')
    const source = oneOf(ctx.input, 'source_storage_name', STORAGES)!
    const destination = oneOf(ctx.input, 'destination_storage_name', STORAGES)
    // the job skips a container on another storage by now, or whose move cannot be scheduled (read-only)
    for (const id of containers()) {
      if (storageNow(kind, id) === source && !inProgress(kind, id)) schedule(kind, id, destination)
    }
    return accepted({message: '202 Accepted'})
  }
  r.post(
    '/project_repository_storage_moves',
    bulk('project', () => [...store.projects.keys()]),
  )
  r.post(
    '/snippet_repository_storage_moves',
    bulk('snippet', () => state.snippets),
  )
  r.post(
    '/group_repository_storage_moves',
    bulk('group', () => [...store.groups.keys()]),
  )
}

function seedMoves(store: Store): MovesState {
  const hour = 3_600_000
  const at = (hoursAfterSeed: number) => new Date(Date.parse(SEED_TIME) + hoursAfterSeed * hour).toISOString()
  const moves: MoveRecord[] = []
  const add = (containerId: number, source: string, destination: string, hours: number, held = false) =>
    moves.push({id: store.nextId(), kind: 'group', containerId, created_at: at(hours), source_storage_name: source, destination_storage_name: destination, held})
  // opensource (12) went default → storage-2 long ago and an attempt onto `broken` failed; acme (10) has a
  // record whose job was never scheduled (it stays `initial`). acme/platform (11) lives on `legacy`.
  add(12, 'default', 'storage-2', 1)
  add(12, 'storage-2', 'broken', 2)
  add(10, 'default', 'storage-3', 3, true)
  return {
    moves,
    storageOf: new Map([
      ['group:11', 'legacy'],
      ['project:22', 'storage-2'],
    ]),
    snippets: [501, 502],
  }
}
