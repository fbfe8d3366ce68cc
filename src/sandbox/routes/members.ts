// Members of projects and groups, as the platform serves them: lib/api/members.rb (the routes, their
// parameters: a new member by user_id or by username), lib/api/helpers/members_helpers.rb (404 User, then
// 409 "Member already exists"; a project's
// direct members, `/members/all` with those of its ancestor groups), lib/api/entities/member.rb (the
// user's basic fields with access_level, created_at and expires_at), the services
// app/services/members/{update,destroy}_service.rb and app/services/members/projects/creator_service.rb
// (only a project's Owner may give, change or take away the Owner role), the policies
// app/policies/{group,project}_member_policy.rb (a group's last owner can be neither changed nor
// removed, by anyone; a member may always leave), app/models/group.rb (`last_owner?`: the owners of the
// group, with those of its ancestors for a subgroup), app/models/member.rb (the level is one of the
// platform's roles, and never below the user's membership of an ancestor group) and
// app/validators/future_date_validator.rb (no expiry in the past); spec/requests/api/members_spec.rb.
//
// The levels themselves stay in the store's memberships (store.ts), which every area's permissions
// read; this area keeps beside them what only a membership's record shows: when it was made, by whom,
// and when it expires.
import {badRequest, created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalArray, optionalString, type Router} from '../router.js'
import {ROLE, type SandboxGroup, type SandboxProject, type SandboxUser, SEED_TIME, type Store} from '../store.js'

/** Gitlab::Access.all_values: the levels a membership may hold (lib/gitlab/access.rb) */
const LEVELS = [10, 15, 20, 30, 40, 50]
/** Member#human_access: each level's name in the model's messages */
const ROLE_NAMES: Readonly<Record<number, string>> = {10: 'Guest', 15: 'Planner', 20: 'Reporter', 30: 'Developer', 40: 'Maintainer', 50: 'Owner'}

interface Details {
  created_at: string
  expires_at: string | null
}

type Source = {kind: 'projects'; project: SandboxProject} | {kind: 'groups'; group: SandboxGroup}

/** the find_by! of a membership that is not there: the API's generic 404 (lib/api/api.rb) */
const noMember = () => new HttpError(404, {message: '404 Not found'})

export default function register(r: Router, store: Store): void {
  const details = store.slice('members', () => new Map<string, Details>())

  const memberships = (source: Source) => (source.kind === 'projects' ? source.project.members : source.group.members)
  const keyOf = (source: Source, user: number) => `${source.kind}:${source.kind === 'projects' ? source.project.id : source.group.id}:${user}`
  const detailsOf = (source: Source, user: number): Details => details.get(keyOf(source, user)) ?? {created_at: SEED_TIME, expires_at: null}

  const sourceOf = (ctx: Ctx, kind: Source['kind']): Source =>
    kind === 'projects' ? {kind, project: store.projectFor(ctx.params.id!, ctx.user)} : {kind, group: store.groupFor(ctx.params.id!, ctx.user)}

  /** the caller's role where the source's members are managed */
  const roleIn = (source: Source, user: SandboxUser | null) => (source.kind === 'projects' ? store.projectRole(source.project, user) : store.groupRole(source.group, user))

  // authorize_admin_source!: admin_project is a Maintainer's, admin_group an Owner's
  const requireAdmin = (source: Source, user: SandboxUser | null) => {
    if (roleIn(source, user) < (source.kind === 'projects' ? ROLE.maintainer : ROLE.owner)) throw new HttpError(403, {message: '403 Forbidden'})
  }

  /** Group#last_owner?: owner of the group, and the only one (a subgroup counts its ancestors' owners too) */
  const lastOwner = (group: SandboxGroup, user: number) => {
    const chain = group.parent_id === null ? [group] : store.groupAncestors(group)
    const owners = new Set(chain.flatMap(g => [...g.members].filter(([id, level]) => level === ROLE.owner && store.users.get(id)?.bot !== true).map(([id]) => id)))
    return owners.has(user) && owners.size === 1
  }

  const render = (source: Source, userId: number, level: number, own = source) => {
    const user = store.users.get(userId)!
    return {...store.userBasic(user), access_level: level, ...detailsOf(own, userId)}
  }

  /** the direct members, filtered as retrieve_members does (query on username and name, user_ids) */
  const direct = (ctx: Ctx, source: Source) =>
    filtered(
      ctx.input,
      [...memberships(source)].map(([id, level]) => ({id, level, own: source})),
    )

  /** with the members of every ancestor group, each user once at their highest level (MembersFinder, GroupMembersFinder) */
  const all = (ctx: Ctx, source: Source) => {
    const groups = source.kind === 'projects' ? ancestorsOf(source.project) : store.groupAncestors(source.group)
    const sources: Source[] = [source, ...groups.filter(g => source.kind === 'projects' || g !== source.group).map((group): Source => ({kind: 'groups', group}))]
    const best = new Map<number, {id: number; level: number; own: Source}>()
    for (const s of sources) for (const [id, level] of memberships(s)) if ((best.get(id)?.level ?? -1) < level) best.set(id, {id, level, own: s})
    return filtered(ctx.input, [...best.values()])
  }
  const ancestorsOf = (project: SandboxProject) => {
    const group = store.groups.get(project.namespace_id)
    return group ? store.groupAncestors(group) : []
  }
  const filtered = (input: Input, rows: {id: number; level: number; own: Source}[]) => {
    const query = optionalString(input, 'query')?.toLowerCase()
    const ids = optionalArray(input, 'user_ids')
    if (ids?.some(id => !/^\d+$/.test(id))) throw badRequest('user_ids is invalid')
    return rows.filter(({id}) => {
      const user = store.users.get(id)
      if (!user) return false
      if (ids && !ids.includes(String(id))) return false
      return query === undefined || query === '' || user.username.toLowerCase().includes(query) || user.name.toLowerCase().includes(query)
    })
  }

  /** `requires :user_id, type: Integer` of a path */
  const userIdParam = (ctx: Ctx): number => {
    const id = ctx.params.user_id!
    if (!/^\d+$/.test(id)) throw badRequest('user_id is invalid')
    return Number(id)
  }

  /** the highest membership the user holds in the groups above the source (Member#highest_group_member) */
  const inheritedFrom = (source: Source, user: number) => {
    const groups = source.kind === 'projects' ? ancestorsOf(source.project) : store.groupAncestors(source.group).slice(1)
    let best: {level: number; group: SandboxGroup} | undefined
    for (const group of groups) {
      const level = group.members.get(user)
      if (level !== undefined && level > (best?.level ?? -1)) best = {level, group}
    }
    return best
  }

  /** the access_level and expires_at of a write, as Grape and then the model (Member, FutureDateValidator) take them */
  const levelAndExpiry = (source: Source, user: number, input: Input, required: readonly string[]) => {
    const missing = required.filter(name => input[name] === undefined || input[name] === null || input[name] === '')
    if (missing.length > 0) throw badRequest(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`)
    const raw = input.access_level
    const level = typeof raw === 'number' ? raw : Number(raw)
    if (!Number.isInteger(level) || (typeof raw === 'string' && !/^-?\d+$/.test(raw.trim()))) throw badRequest('access_level is invalid')
    const expiry = input.expires_at
    let expires: string | null | undefined
    if (expiry === null || expiry === '') expires = null
    else if (expiry !== undefined) {
      if (typeof expiry !== 'string' || Number.isNaN(Date.parse(expiry))) throw badRequest('expires_at is invalid')
      expires = new Date(expiry).toISOString().slice(0, 10)
    }
    const problems: Record<string, string[]> = {}
    const floor = inheritedFrom(source, user)
    if (!LEVELS.includes(level)) problems.access_level = ['is not included in the list']
    // Member#higher_access_level_than_group: never below what an ancestor group already gives
    else if (floor && floor.level > level) problems.access_level = [`should be greater than or equal to ${ROLE_NAMES[floor.level]} inherited membership from group ${floor.group.name}`]
    if (expires && expires < store.now().slice(0, 10)) problems.expires_at = ['cannot be a date in the past']
    if (Object.keys(problems).length > 0) throw invalid(400, problems)
    return {level, expires}
  }

  // manage_owners of a project: its Owners only (Members::Projects::CreatorService, Members::UpdateService)
  const ownerRuleBroken = (source: Source, user: SandboxUser | null, ...levels: number[]) =>
    source.kind === 'projects' && levels.includes(ROLE.owner) && store.projectRole(source.project, user) < ROLE.owner

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/members`

    r.get(base, ctx => {
      const source = sourceOf(ctx, kind)
      return paginate(ctx, direct(ctx, source), row => render(source, row.id, row.level))
    })

    r.get(`${base}/all`, ctx => {
      const source = sourceOf(ctx, kind)
      return paginate(ctx, all(ctx, source), row => render(source, row.id, row.level, row.own))
    })

    r.get(`${base}/:user_id`, ctx => {
      const source = sourceOf(ctx, kind)
      const id = userIdParam(ctx)
      const level = memberships(source).get(id)
      if (level === undefined) throw noMember()
      return ok(render(source, id, level))
    })

    r.get(`${base}/all/:user_id`, ctx => {
      const source = sourceOf(ctx, kind)
      const id = userIdParam(ctx)
      const found = all({...ctx, input: {}}, source).find(row => row.id === id)
      if (!found) throw noMember()
      return ok(render(source, id, found.level, found.own))
    })

    r.post(base, ctx => {
      const source = sourceOf(ctx, kind)
      requireAdmin(source, ctx.user)
      // the user by ID or by username (mutually_exclusive, at_least_one_of); check_existing_membership
      // answers 404 User before 409
      const given = (name: string) => ctx.input[name] !== undefined && ctx.input[name] !== null && ctx.input[name] !== ''
      if (!given('access_level')) throw badRequest('access_level is missing')
      if (given('user_id') && given('username')) throw badRequest('user_id, username are mutually exclusive')
      if (!given('user_id') && !given('username')) throw badRequest('user_id, username are missing, at least one parameter must be provided')
      const rawId = optionalString(ctx.input, 'user_id')
      if (rawId !== undefined && !/^\d+$/.test(rawId)) throw badRequest('user_id is invalid')
      const username = optionalString(ctx.input, 'username')
      const user = rawId !== undefined ? store.users.get(Number(rawId)) : [...store.users.values()].find(u => u.username.toLowerCase() === username!.toLowerCase())
      if (!user) throw notFound('User')
      const id = user.id
      if (memberships(source).has(id)) throw new HttpError(409, {message: 'Member already exists'})
      const {level, expires} = levelAndExpiry(source, id, ctx.input, [])
      if (ownerRuleBroken(source, ctx.user, level)) throw new HttpError(403, {message: '403 Forbidden'})
      memberships(source).set(id, level)
      details.set(keyOf(source, id), {created_at: store.now(), expires_at: expires ?? null})
      return created(render(source, id, level))
    })

    r.put(`${base}/:user_id`, ctx => {
      const source = sourceOf(ctx, kind)
      requireAdmin(source, ctx.user)
      const id = userIdParam(ctx)
      const current = memberships(source).get(id)
      if (current === undefined) throw noMember()
      const {level, expires} = levelAndExpiry(source, id, ctx.input, ['access_level'])
      // a group's last owner: no one may change them (GroupMemberPolicy); a project's Owner role is its Owners' to give or take
      if (source.kind === 'groups' && lastOwner(source.group, id)) throw new HttpError(403, {message: '403 Forbidden'})
      if (ownerRuleBroken(source, ctx.user, current, level)) throw new HttpError(403, {message: '403 Forbidden'})
      memberships(source).set(id, level)
      const was = detailsOf(source, id)
      details.set(keyOf(source, id), {...was, expires_at: expires === undefined ? was.expires_at : expires})
      return ok(render(source, id, level))
    })

    r.delete(`${base}/:user_id`, ctx => {
      const source = sourceOf(ctx, kind)
      const id = userIdParam(ctx)
      const level = memberships(source).get(id)
      if (level === undefined) throw noMember()
      // destroy_*_member: a manager of members (admin_*_member), or the member themselves
      const self = ctx.user?.id === id
      const manager = roleIn(source, ctx.user) >= (source.kind === 'projects' ? ROLE.maintainer : ROLE.owner)
      if (!self && !manager) throw new HttpError(403, {message: '403 Forbidden'})
      if (source.kind === 'groups' && lastOwner(source.group, id)) throw new HttpError(403, {message: '403 Forbidden'})
      if (ownerRuleBroken(source, ctx.user, level)) throw new HttpError(403, {message: '403 Forbidden'})
      memberships(source).delete(id)
      details.delete(keyOf(source, id))
      return noContent()
    })
  }
}
