// Project iterations (document 2, "Iteration", "Project iterations"; ee/lib/api/iterations.rb,
// ee/lib/api/entities/iteration.rb): the iterations of the project's
// ancestor groups; and group iterations, which the platform serves with the same record and filters at
// /groups/:id/iterations (the group's own and, by default, its ancestors'). The integer state follows the platform: 1 upcoming, 2 current, 3 closed; the filter
// value `opened` means upcoming and current. Iterations made by a cadence have no title or description
// of their own, so `in[]=cadence_title` searches the cadence's title instead.
import {badRequest} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalArray, optionalBoolean, optionalString, type Router} from '../router.js'
import {type SandboxGroup, SEED_TIME, type Store} from '../store.js'
import {webUrl} from '../web-url.js'
import {optionalTime} from './milestones.js'

const STATE = {upcoming: 1, current: 2, closed: 3} as const
const STATE_FILTERS: Record<string, readonly number[]> = {
  opened: [STATE.upcoming, STATE.current],
  upcoming: [STATE.upcoming],
  current: [STATE.current],
  // deprecated since 14.1, read as `current` (adjust_deprecated_state, ee/lib/api/helpers/iterations_helper.rb)
  started: [STATE.current],
  closed: [STATE.closed],
  all: [STATE.upcoming, STATE.current, STATE.closed],
}
const SEARCH_FIELDS = ['title', 'cadence_title'] as const

interface IterationRecord {
  id: number
  iid: number
  group_id: number
  /** the iteration's place in its cadence */
  sequence: number
  title: string | null
  description: string | null
  cadence_title: string
  state: number
  start_date: string
  due_date: string
  created_at: string
  updated_at: string
}

export default function register(r: Router, store: Store): void {
  const iterations = store.slice('iterations', () => seedIterations(new Date()))

  const list = (ctx: Ctx, home: SandboxGroup) => {
    const q = ctx.input
    const groupIds = new Set([home.id])
    if (optionalBoolean(q, 'include_ancestors') ?? true) for (const g of store.groupAncestors(home)) groupIds.add(g.id)
    if (optionalBoolean(q, 'include_descendants') ?? false) {
      for (const g of store.groups.values()) if (store.groupAncestors(g).includes(home)) groupIds.add(g.id)
    }
    const states = STATE_FILTERS[oneOf(q, 'state', Object.keys(STATE_FILTERS)) ?? 'all']!
    const search = optionalString(q, 'search')?.toLowerCase()
    const fields = optionalArray(q, 'in') ?? ['title']
    if (fields.length === 0 || fields.some(f => !SEARCH_FIELDS.includes(f as (typeof SEARCH_FIELDS)[number]))) throw badRequest('in does not have a valid value')
    const updatedBefore = optionalTime(q, 'updated_before')
    const updatedAfter = optionalTime(q, 'updated_after')
    const matches = (i: IterationRecord) => fields.some(f => (f === 'title' ? i.title : i.cadence_title)?.toLowerCase().includes(search!))
    const found = [...iterations.values()]
      .filter(i => groupIds.has(i.group_id) && states.includes(i.state))
      .filter(i => !search || matches(i))
      .filter(i => !updatedBefore || i.updated_at < updatedBefore)
      .filter(i => !updatedAfter || i.updated_at > updatedAfter)
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
    return paginate(ctx, found, i => ({
      id: i.id,
      iid: i.iid,
      sequence: i.sequence,
      group_id: i.group_id,
      title: i.title,
      description: i.description,
      state: i.state,
      created_at: i.created_at,
      updated_at: i.updated_at,
      due_date: i.due_date,
      start_date: i.start_date,
      web_url: webUrl(`groups/${store.groups.get(i.group_id)?.full_path}/-/iterations/${i.id}`),
    }))
  }

  r.get('/projects/:id/iterations', ctx => list(ctx, store.groups.get(store.projectFor(ctx.params.id!, ctx.user, 0).namespace_id)!), {anonymous: true})
  r.get('/groups/:id/iterations', ctx => list(ctx, store.groupFor(ctx.params.id!, ctx.user, 0)), {anonymous: true})
}

/** two-week cadences around today, so that `current` really contains today */
function seedIterations(today: Date): Map<number, IterationRecord> {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  const iterations = new Map<number, IterationRecord>()
  const add = (
    id: number,
    group_id: number,
    iid: number,
    cadence_title: string,
    state: number,
    startOffset: number,
    title: string | null = null,
    description: string | null = null,
    updated_at = SEED_TIME,
  ) =>
    iterations.set(id, {
      id,
      iid,
      // the seed's cadences number their iterations from 1 in order of start
      sequence: [...iterations.values()].filter(i => i.group_id === group_id && i.cadence_title === cadence_title).length + 1,
      group_id,
      title,
      description,
      cadence_title,
      state,
      start_date: day(startOffset),
      due_date: day(startOffset + 13),
      created_at: SEED_TIME,
      updated_at,
    })
  // acme: an automatic cadence (no titles) and one iteration named by hand
  add(701, 10, 1, 'Acme sprints', STATE.closed, -35, null, null, '2026-01-01T08:00:00.000Z')
  add(702, 10, 2, 'Acme sprints', STATE.closed, -21)
  add(703, 10, 3, 'Acme sprints', STATE.current, -7)
  add(704, 10, 4, 'Acme sprints', STATE.upcoming, 7)
  add(705, 10, 5, 'Release trains', STATE.upcoming, 21, 'Hardening week', 'Bug bash before the release', '2026-03-01T08:00:00.000Z')
  // acme/platform: its own cadence
  add(711, 11, 1, 'Platform cycles', STATE.current, -3, 'Platform cycle 7', 'Token rotation and rate limits')
  add(712, 11, 2, 'Platform cycles', STATE.upcoming, 11)
  // opensource
  add(721, 12, 1, 'Community sprints', STATE.current, -5, 'Community sprint 1')
  return iterations
}
