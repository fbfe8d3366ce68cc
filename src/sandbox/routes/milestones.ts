// Group milestones (document 2, "Group milestone", "Group milestones"), with the issues and merge
// requests attached to them, and project milestones, which the platform serves with the same record
// (`project_id` in place of `group_id`) and the same calls under /projects/:id. The merge requests are
// exported for the draft-notes routes, which need something to comment on; both areas read the same slice.
// Dates given as date-times (`2026-05-01T00:00:00Z`, as some clients send them) are taken as their date.
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, oneOf, optionalArray, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {type RoleName, type SandboxGroup, type SandboxUser, SEED_TIME, type Store} from '../store.js'
import {webUrl} from '../web-url.js'

export interface MilestoneRecord {
  id: number
  iid: number
  /** the owner: a group milestone has a group_id, a project milestone a project_id */
  group_id: number | null
  project_id: number | null
  title: string
  description: string | null
  start_date: string | null
  due_date: string | null
  state: 'active' | 'closed'
  created_at: string
  updated_at: string
}

export interface IssueRecord {
  id: number
  iid: number
  project_id: number
  title: string
  state: 'opened' | 'closed'
  milestone_id: number | null
  weight: number | null
  author_id: number
  created_at: string
  updated_at: string
  closed_at: string | null
}

export interface MergeRequestRecord {
  id: number
  iid: number
  project_id: number
  title: string
  state: 'opened' | 'merged' | 'closed'
  milestone_id: number | null
  author_id: number
  source_branch: string
  target_branch: string
  created_at: string
  updated_at: string
}

export interface WorkItems {
  milestones: Map<number, MilestoneRecord>
  issues: IssueRecord[]
  mergeRequests: MergeRequestRecord[]
}

/** the shared slice: milestones, and the issues and merge requests of the seeded projects */
export function workItems(store: Store): WorkItems {
  return store.slice('milestones', () => seedWorkItems())
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** a date-time whose date part the platform keeps (Rails casts a date-time string to a date) */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/

/** the one owner a request addresses: `/groups/:id` or `/projects/:id` */
interface Owner {
  kind: 'groups' | 'projects'
  id: number
  /** the group whose milestones share the title space (a project's namespace, or the group itself) */
  group: SandboxGroup | undefined
  /** the projects whose milestones share the title space */
  projectIds: number[]
}

export default function register(r: Router, store: Store): void {
  const {milestones, issues, mergeRequests} = workItems(store)

  const descendantsOf = (group: SandboxGroup) => [...store.groups.values()].filter(g => g !== group && store.groupAncestors(g).includes(group))
  const groupPath = (groupId: number) => store.groups.get(groupId)?.full_path ?? String(groupId)
  const projectPath = (projectId: number) => store.projects.get(projectId)?.path_with_namespace ?? String(projectId)

  const render = (m: MilestoneRecord) => ({
    id: m.id,
    iid: m.iid,
    ...(m.project_id === null ? {group_id: m.group_id} : {project_id: m.project_id}),
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: m.created_at,
    updated_at: m.updated_at,
    due_date: m.due_date,
    start_date: m.start_date,
    // "expired" is true once the due date has passed (the platform compares with today's date)
    expired: m.due_date !== null && m.due_date < new Date().toISOString().slice(0, 10),
    web_url: webUrl(m.project_id === null ? `groups/${groupPath(m.group_id!)}/-/milestones/${m.iid}` : `${projectPath(m.project_id)}/-/milestones/${m.iid}`),
  })
  const renderMilestoneOf = (id: number | null) => {
    const m = id === null ? undefined : milestones.get(id)
    return m ? render(m) : null
  }
  const canSeeProject = (projectId: number, user: SandboxUser | null) => {
    const project = store.projects.get(projectId)
    return project !== undefined && (project.visibility === 'public' || store.projectRole(project, user) > 0)
  }
  const renderIssue = (i: IssueRecord) => ({
    id: i.id,
    iid: i.iid,
    project_id: i.project_id,
    title: i.title,
    description: null,
    state: i.state,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    labels: [],
    milestone: renderMilestoneOf(i.milestone_id),
    author: store.userBasic(store.users.get(i.author_id)!),
    weight: i.weight,
    web_url: webUrl(`${projectPath(i.project_id)}/-/issues/${i.iid}`),
  })
  const renderMergeRequest = (mr: MergeRequestRecord) => ({
    id: mr.id,
    iid: mr.iid,
    project_id: mr.project_id,
    title: mr.title,
    description: null,
    state: mr.state,
    created_at: mr.created_at,
    updated_at: mr.updated_at,
    source_branch: mr.source_branch,
    target_branch: mr.target_branch,
    milestone: renderMilestoneOf(mr.milestone_id),
    author: store.userBasic(store.users.get(mr.author_id)!),
    web_url: webUrl(`${projectPath(mr.project_id)}/-/merge_requests/${mr.iid}`),
  })

  const owns = (owner: Owner, m: MilestoneRecord) => (owner.kind === 'groups' ? m.group_id === owner.id : m.project_id === owner.id)
  /** the group or project a request names, as the caller may see it (404/403 as the store answers) */
  const ownerOf = (ctx: Ctx, kind: Owner['kind'], role: RoleName | 0): Owner => {
    if (kind === 'groups') {
      const group = store.groupFor(ctx.params.id!, ctx.user, role)
      const projectIds = [...store.projects.values()].filter(p => p.namespace_id === group.id).map(p => p.id)
      return {kind, id: group.id, group, projectIds}
    }
    const project = store.projectFor(ctx.params.id!, ctx.user, role)
    return {kind, id: project.id, group: store.groups.get(project.namespace_id), projectIds: [project.id]}
  }
  /** a milestone of this very group or project (the platform looks it up in its owner only) */
  const find = (ctx: Ctx, owner: Owner): MilestoneRecord => {
    const m = milestones.get(Number(ctx.params.milestone_id))
    if (!m || !owns(owner, m)) throw notFound('Milestone')
    return m
  }
  /** the platform's rule: a title is unique among the group's milestones and those of the group's projects */
  const assertUniqueTitle = (owner: Owner, title: string, except?: MilestoneRecord) => {
    const clash = (m: MilestoneRecord) => (owner.group !== undefined && m.group_id === owner.group.id) || (m.project_id !== null && owner.projectIds.includes(m.project_id))
    if ([...milestones.values()].some(m => m !== except && clash(m) && m.title === title)) {
      throw invalid(400, {title: ['already being used for another group or project milestone.']})
    }
  }
  const checkDateOrder = (m: Pick<MilestoneRecord, 'start_date' | 'due_date'>) => {
    if (m.start_date !== null && m.due_date !== null && m.start_date > m.due_date) throw invalid(400, {due_date: ['must be greater than start date']})
  }

  for (const kind of ['groups', 'projects'] as const) {
    const base = `/${kind}/:id/milestones`

    r.get(
      base,
      ctx => {
        const owner = ownerOf(ctx, kind, 0)
        const q = ctx.input
        // "include_parent_milestones (deprecated; use include_ancestors)"
        const ancestors = (optionalBoolean(q, 'include_ancestors') ?? false) || (optionalBoolean(q, 'include_parent_milestones') ?? false)
        const descendants = kind === 'groups' && (optionalBoolean(q, 'include_descendants') ?? false)
        const groupIds = new Set<number>(kind === 'groups' ? [owner.id] : [])
        if (ancestors && owner.group) for (const g of store.groupAncestors(owner.group)) groupIds.add(g.id)
        if (descendants && owner.group) for (const g of descendantsOf(owner.group)) groupIds.add(g.id)
        const inScope = (m: MilestoneRecord) => (m.group_id !== null && groupIds.has(m.group_id)) || (kind === 'projects' && m.project_id === owner.id)
        // "iids[] ... ignored if include_ancestors is true"
        const iids = ancestors ? undefined : optionalArray(q, 'iids')?.map(Number)
        if (iids?.some(n => !Number.isInteger(n))) throw badRequest('iids is invalid')
        // lib/api/milestone_responses.rb (list_params): active, closed or all, all by default
        const state = oneOf(q, 'state', ['active', 'closed', 'all'] as const)
        const title = optionalString(q, 'title')
        const search = optionalString(q, 'search')?.toLowerCase()
        // "terms separated by + or %20 are ANDed"
        const titleTerms = optionalString(q, 'search_title')
          ?.toLowerCase()
          .split(/[+\s]+/)
          .filter(Boolean)
        const updatedBefore = optionalTime(q, 'updated_before')
        const updatedAfter = optionalTime(q, 'updated_after')
        const containing = optionalTime(q, 'containing_date')?.slice(0, 10)
        if ((q.start_date === undefined) !== (q.end_date === undefined)) throw badRequest('start_date, end_date provide all or none of parameters')
        const windowStart = optionalTime(q, 'start_date')?.slice(0, 10)
        const windowEnd = optionalTime(q, 'end_date')?.slice(0, 10)
        const found = [...milestones.values()]
          .filter(inScope)
          .filter(m => !iids || iids.includes(m.iid))
          .filter(m => !state || state === 'all' || m.state === state)
          .filter(m => title === undefined || m.title === title)
          .filter(m => !search || m.title.toLowerCase().includes(search) || (m.description ?? '').toLowerCase().includes(search))
          .filter(m => !titleTerms || titleTerms.every(term => m.title.toLowerCase().includes(term)))
          .filter(m => !updatedBefore || m.updated_at < updatedBefore)
          .filter(m => !updatedAfter || m.updated_at > updatedAfter)
          .filter(m => !containing || overlaps(m, containing, containing))
          .filter(m => !windowStart || overlaps(m, windowStart, windowEnd!))
          .sort(byDueDate)
        return paginate(ctx, found, render)
      },
      {anonymous: true},
    )

    r.get(`${base}/:milestone_id`, ctx => ok(render(find(ctx, ownerOf(ctx, kind, 0)))), {anonymous: true})

    r.post(base, ctx => {
      const owner = ownerOf(ctx, kind, 'reporter')
      const title = requireString(ctx.input, 'title')
      assertUniqueTitle(owner, title)
      const now = store.now()
      const milestone: MilestoneRecord = {
        id: store.nextId(),
        iid: 1 + Math.max(0, ...[...milestones.values()].filter(m => owns(owner, m)).map(m => m.iid)),
        group_id: kind === 'groups' ? owner.id : null,
        project_id: kind === 'projects' ? owner.id : null,
        title,
        description: optionalString(ctx.input, 'description') ?? null,
        start_date: optionalDate(ctx.input, 'start_date') ?? null,
        due_date: optionalDate(ctx.input, 'due_date') ?? null,
        state: 'active',
        created_at: now,
        updated_at: now,
      }
      checkDateOrder(milestone)
      milestones.set(milestone.id, milestone)
      return created(render(milestone))
    })

    r.put(`${base}/:milestone_id`, ctx => {
      const owner = ownerOf(ctx, kind, 'reporter')
      const milestone = find(ctx, owner)
      const q = ctx.input
      const fields = ['title', 'description', 'start_date', 'due_date', 'state_event']
      if (fields.every(f => q[f] === undefined)) throw badRequest(`${fields.join(', ')} are missing, at least one parameter must be provided`)
      const title = optionalString(q, 'title')
      // the platform validates the title's presence: an update cannot empty it
      if (title?.trim() === '') throw invalid(400, {title: ["can't be blank"]})
      if (title !== undefined) assertUniqueTitle(owner, title, milestone)
      const stateEvent = oneOf(q, 'state_event', ['close', 'activate'] as const)
      const next: MilestoneRecord = {
        ...milestone,
        title: title ?? milestone.title,
        description: 'description' in q ? (optionalString(q, 'description') ?? null) : milestone.description,
        start_date: 'start_date' in q ? (optionalDate(q, 'start_date') ?? null) : milestone.start_date,
        due_date: 'due_date' in q ? (optionalDate(q, 'due_date') ?? null) : milestone.due_date,
        // close on a closed milestone (or activate on an active one) leaves the state as it is
        state: stateEvent === 'close' ? 'closed' : stateEvent === 'activate' ? 'active' : milestone.state,
      }
      checkDateOrder(next)
      const changed = (Object.keys(next) as Array<keyof MilestoneRecord>).some(k => next[k] !== milestone[k])
      Object.assign(milestone, next, changed ? {updated_at: store.now()} : {})
      return ok(render(milestone))
    })

    r.delete(`${base}/:milestone_id`, ctx => {
      const milestone = find(ctx, ownerOf(ctx, kind, 'developer'))
      milestones.delete(milestone.id)
      for (const item of [...issues, ...mergeRequests]) if (item.milestone_id === milestone.id) item.milestone_id = null
      return noContent()
    })

    // "issues of that group milestone (not those of subgroups)": only projects directly in the group
    r.get(
      `${base}/:milestone_id/issues`,
      ctx => {
        const owner = ownerOf(ctx, kind, 0)
        const milestone = find(ctx, owner)
        const found = issues.filter(i => i.milestone_id === milestone.id && owner.projectIds.includes(i.project_id) && canSeeProject(i.project_id, ctx.user))
        return paginate(ctx, found, renderIssue)
      },
      {anonymous: true},
    )

    r.get(
      `${base}/:milestone_id/merge_requests`,
      ctx => {
        const owner = ownerOf(ctx, kind, 0)
        const milestone = find(ctx, owner)
        const inOwner = (mr: MergeRequestRecord) => kind === 'groups' || mr.project_id === owner.id
        return paginate(
          ctx,
          mergeRequests.filter(mr => mr.milestone_id === milestone.id && inOwner(mr) && canSeeProject(mr.project_id, ctx.user)),
          renderMergeRequest,
        )
      },
      {anonymous: true},
    )

    // Burndown events as the platform records them: each issue added (created) and closed, with its weight.
    r.get(
      `${base}/:milestone_id/burndown_events`,
      ctx => {
        const milestone = find(ctx, ownerOf(ctx, kind, 0))
        const events = issues
          .filter(i => i.milestone_id === milestone.id && canSeeProject(i.project_id, ctx.user))
          .flatMap(i => [{created_at: i.created_at, weight: i.weight, action: 'created'}, ...(i.closed_at ? [{created_at: i.closed_at, weight: i.weight, action: 'closed'}] : [])])
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
        return paginate(ctx, events)
      },
      {anonymous: true},
    )
  }
}

/** the platform's timeframe test: a bound that is null is open, but a milestone needs at least one date */
function overlaps(m: MilestoneRecord, from: string, to: string): boolean {
  if (m.start_date === null && m.due_date === null) return false
  return (m.start_date === null || m.start_date <= to) && (m.due_date === null || m.due_date >= from)
}

/** due date first (none last), then title: the platform's default order of milestone lists */
function byDueDate(a: MilestoneRecord, b: MilestoneRecord): number {
  if (a.due_date !== b.due_date) return a.due_date === null ? 1 : b.due_date === null ? -1 : a.due_date.localeCompare(b.due_date)
  return a.title.localeCompare(b.title)
}

/** a date parameter: YYYY-MM-DD, or a date-time taken as its date (as the platform stores it) */
export function optionalDate(input: Input, name: string): string | undefined {
  const value = optionalString(input, name)
  if (value === undefined || value === '') return undefined
  const date = DATE.test(value) ? value : DATE_TIME.exec(value)?.[1]
  if (date === undefined || Number.isNaN(Date.parse(date))) throw badRequest(`${name} is invalid`)
  return date
}

/** a datetime parameter as an ISO string (comparable with the records' timestamps) */
export function optionalTime(input: Input, name: string): string | undefined {
  const value = optionalString(input, name)
  if (value === undefined) return undefined
  const time = Date.parse(value)
  if (Number.isNaN(time)) throw badRequest(`${name} is invalid`)
  return new Date(time).toISOString()
}

function seedWorkItems(): WorkItems {
  const milestones = new Map<number, MilestoneRecord>()
  const milestone = (
    id: number,
    group_id: number,
    iid: number,
    title: string,
    state: MilestoneRecord['state'],
    start_date: string | null,
    due_date: string | null,
    description: string | null = null,
    updated_at = SEED_TIME,
  ) => milestones.set(id, {id, iid, group_id, project_id: null, title, description, start_date, due_date, state, created_at: SEED_TIME, updated_at})
  milestone(301, 10, 1, 'Release 1.0', 'closed', '2026-01-05', '2026-03-27', 'First public release', '2026-03-30T16:00:00.000Z')
  milestone(302, 10, 2, 'Release 1.1', 'active', '2026-04-01', '2026-06-30', 'Pricing and rate limits')
  milestone(303, 10, 3, 'Release 2.0', 'active', '2027-01-04', '2027-03-26', 'Next major release: the new API', '2026-02-01T10:00:00.000Z')
  milestone(304, 10, 4, 'Backlog', 'active', null, null, 'Ideas without a date')
  milestone(305, 11, 1, 'Platform Q1 2027', 'active', '2027-01-04', '2027-03-31', 'Platform team goals')
  milestone(306, 11, 2, 'Platform hardening', 'closed', '2026-05-01', '2026-05-29')
  milestone(307, 12, 1, '1.0 release', 'active', null, '2027-06-30', 'Community release')
  // project milestones: acme/website's own, and one of opensource/tool (public)
  const projectMilestone = (id: number, project_id: number, iid: number, title: string, state: MilestoneRecord['state'], start_date: string | null, due_date: string | null) =>
    milestones.set(id, {id, iid, group_id: null, project_id, title, description: null, start_date, due_date, state, created_at: SEED_TIME, updated_at: SEED_TIME})
  projectMilestone(311, 21, 1, 'Website relaunch', 'active', '2026-09-01', '2026-10-30')
  projectMilestone(312, 21, 2, 'Website 2025 cleanup', 'closed', '2025-11-01', '2025-12-19')
  projectMilestone(313, 22, 1, 'Tool 0.9', 'active', null, '2027-02-26')

  const at = (date: string) => `${date}T09:00:00.000Z`
  const issue = (id: number, project_id: number, iid: number, title: string, milestone_id: number, weight: number | null, created: string, closed: string | null = null): IssueRecord => ({
    id,
    iid,
    project_id,
    title,
    state: closed ? 'closed' : 'opened',
    milestone_id,
    weight,
    author_id: 3,
    created_at: at(created),
    updated_at: at(closed ?? created),
    closed_at: closed ? at(closed) : null,
  })
  const issues = [
    issue(501, 21, 1, 'Pricing page shows old prices', 302, 2, '2026-04-02', '2026-04-20'),
    issue(502, 21, 2, 'Add a dark theme', 302, 3, '2026-04-06'),
    issue(503, 20, 1, 'Rate limit headers missing', 302, 1, '2026-04-08'),
    issue(504, 20, 2, 'Token rotation endpoint', 305, 5, '2026-12-01'),
    issue(505, 21, 3, 'Launch checklist', 301, null, '2026-01-10', '2026-03-20'),
    issue(506, 22, 1, 'Document the --verbose flag', 307, 1, '2026-10-01'),
    issue(507, 21, 4, 'New navigation', 311, 3, '2026-09-02'),
  ]

  const mergeRequest = (id: number, project_id: number, iid: number, title: string, state: MergeRequestRecord['state'], milestone_id: number, source_branch: string): MergeRequestRecord => ({
    id,
    iid,
    project_id,
    title,
    state,
    milestone_id,
    author_id: 3,
    source_branch,
    target_branch: 'main',
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
  })
  const mergeRequests = [
    mergeRequest(401, 20, 1, 'Add rate limiting to the public API', 'opened', 302, 'rate-limits'),
    mergeRequest(402, 20, 2, 'Drop the legacy auth endpoint', 'merged', 305, 'drop-legacy-auth'),
    mergeRequest(403, 21, 1, 'Redesign the pricing page', 'opened', 302, 'pricing-redesign'),
    mergeRequest(404, 22, 1, 'Add a --verbose flag', 'opened', 307, 'verbose-flag'),
  ]
  return {milestones, issues, mergeRequests}
}
