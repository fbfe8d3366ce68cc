// Finding things by name: the read-only lists and records of projects, groups and users
// (`/projects`, `/projects/:id`, `/groups`, `/groups/:id`, `/groups/:id/projects` with include_subgroups,
// `/groups/:id/subgroups`, `/users` with username and search), which every client of the platform
// offers beside the areas of the spec. Each shows what the caller may see, as the platform does:
// public records to everyone, internal ones to any signed-in user, private ones to members (and
// administrators), and follows the platform's default orders (projects newest first, groups by name,
// users by ID descending).
import {ok} from '../http.js'
import type {KeysetOffer} from '../keyset.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import type {SandboxGroup, SandboxProject, SandboxUser, Store} from '../store.js'
import {webUrl} from '../web-url.js'
import {groupSettings, projectSettings} from './settings.js'
import {currentStorage} from './storage-moves.js'
import {renderUser} from './users.js'

export default function register(r: Router, store: Store): void {
  const visibleTo = (user: SandboxUser | null, visibility: SandboxProject['visibility'], role: number) => visibility === 'public' || (visibility === 'internal' && user !== null) || role > 0
  const seesProject = (user: SandboxUser | null) => (p: SandboxProject) => visibleTo(user, p.visibility, store.projectRole(p, user))
  const seesGroup = (user: SandboxUser | null) => (g: SandboxGroup) => visibleTo(user, g.visibility, store.groupRole(g, user))

  const renderNamespace = (g: SandboxGroup) => ({
    id: g.id,
    name: g.name,
    path: g.path,
    kind: 'group',
    full_path: g.full_path,
    parent_id: g.parent_id,
    avatar_url: null,
    web_url: webUrl(`groups/${g.full_path}`),
  })
  const renderProject = (p: SandboxProject) => {
    const namespace = store.groups.get(p.namespace_id)
    return {
      ...store.projectSummary(p),
      default_branch: p.default_branch,
      tag_list: [],
      topics: [],
      ssh_url_to_repo: `git@${new URL(webUrl()).hostname}:${p.path_with_namespace}.git`,
      http_url_to_repo: webUrl(`${p.path_with_namespace}.git`),
      web_url: webUrl(p.path_with_namespace),
      readme_url: null,
      avatar_url: null,
      forks_count: 0,
      star_count: 0,
      last_activity_at: p.created_at,
      namespace: namespace ? renderNamespace(namespace) : null,
      visibility: p.visibility,
      archived: false,
      empty_repo: false,
      ...projectSettings(store, p),
    }
  }
  const renderGroup = (g: SandboxGroup) => ({
    id: g.id,
    web_url: webUrl(`groups/${g.full_path}`),
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    full_name: store
      .groupAncestors(g)
      .reverse()
      .map(a => a.name)
      .join(' / '),
    full_path: g.full_path,
    parent_id: g.parent_id,
    created_at: g.created_at,
    avatar_url: null,
    request_access_enabled: true,
    ...groupSettings(store, g),
  })

  /** the `search` parameter: a case-insensitive substring of any of `fields` */
  const matches = (ctx: Ctx, ...fields: Array<string | null>) => {
    const search = optionalString(ctx.input, 'search')?.toLowerCase()
    return !search || fields.some(f => f?.toLowerCase().includes(search))
  }
  const descending = (ctx: Ctx, byDefault: boolean) => (oneOf(ctx.input, 'sort', ['asc', 'desc'] as const) ?? (byDefault ? 'desc' : 'asc')) === 'desc'
  /** projects: `order_by` id, name, path, created_at (default, newest first) */
  const sortProjects = (ctx: Ctx, projects: SandboxProject[]) => {
    const by = oneOf(ctx.input, 'order_by', ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const) ?? 'created_at'
    const key = (p: SandboxProject) => (by === 'name' ? p.name : by === 'path' ? p.path : by === 'id' ? '' : p.created_at)
    const sorted = [...projects].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
    return descending(ctx, true) ? sorted.reverse() : sorted
  }
  const sortGroups = (ctx: Ctx, groups: SandboxGroup[]) => {
    const by = oneOf(ctx.input, 'order_by', ['name', 'path', 'id', 'similarity'] as const) ?? 'name'
    const key = (g: SandboxGroup) => (by === 'name' ? g.name : by === 'path' ? g.path : '')
    const sorted = [...groups].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
    return descending(ctx, false) ? sorted.reverse() : sorted
  }
  /** the filters every project list takes */
  const filterProjects = (ctx: Ctx, projects: SandboxProject[]) => {
    const visibility = oneOf(ctx.input, 'visibility', ['private', 'internal', 'public'] as const)
    const membership = optionalBoolean(ctx.input, 'membership') ?? false
    const owned = optionalBoolean(ctx.input, 'owned') ?? false
    const searchNamespaces = optionalBoolean(ctx.input, 'search_namespaces') ?? false
    // "list projects with GET /projects?repository_storage=<storage_name>" after moves (administrators only)
    const storage = ctx.user?.is_admin ? optionalString(ctx.input, 'repository_storage') : undefined
    return projects
      .filter(p => storage === undefined || currentStorage(store, 'project', p.id) === storage)
      .filter(seesProject(ctx.user))
      .filter(p => !visibility || p.visibility === visibility)
      .filter(p => !membership || (ctx.user !== null && store.projectRole(p, {...ctx.user, is_admin: false}) > 0))
      .filter(p => !owned || (ctx.user !== null && store.projectRole(p, {...ctx.user, is_admin: false}) >= 50))
      .filter(p => matches(ctx, p.name, p.path, p.description, ...(searchNamespaces ? [p.path_with_namespace] : [])))
  }
  /** `simple=true`: the short record */
  const projectRenderer = (ctx: Ctx) => (optionalBoolean(ctx.input, 'simple') ? (p: SandboxProject) => ({...store.projectSummary(p), web_url: webUrl(p.path_with_namespace)}) : renderProject)

  r.get('/projects', ctx => paginate(ctx, sortProjects(ctx, filterProjects(ctx, [...store.projects.values()])), projectRenderer(ctx), PROJECT_KEYSET), {anonymous: true})

  r.get('/projects/:id', ctx => ok(renderProject(store.projectFor(ctx.params.id!, ctx.user, 0))), {anonymous: true})

  r.get(
    '/groups/:id/projects',
    ctx => {
      const group = store.groupFor(ctx.params.id!, ctx.user, 0)
      const subgroups = optionalBoolean(ctx.input, 'include_subgroups') ?? false
      const inGroup = (p: SandboxProject) => {
        const home = store.groups.get(p.namespace_id)
        return home !== undefined && (home === group || (subgroups && store.groupAncestors(home).includes(group)))
      }
      const projects = filterProjects(ctx, [...store.projects.values()].filter(inGroup))
      return paginate(ctx, sortProjects(ctx, projects), projectRenderer(ctx))
    },
    {anonymous: true},
  )

  r.get(
    '/groups',
    ctx => {
      const topLevel = optionalBoolean(ctx.input, 'top_level_only') ?? false
      const owned = optionalBoolean(ctx.input, 'owned') ?? false
      const groups = [...store.groups.values()]
        .filter(seesGroup(ctx.user))
        .filter(g => !topLevel || g.parent_id === null)
        .filter(g => !owned || (ctx.user !== null && g.members.get(ctx.user.id) === 50))
        .filter(g => matches(ctx, g.name, g.path))
      return paginate(ctx, sortGroups(ctx, groups), renderGroup, GROUP_KEYSET)
    },
    {anonymous: true},
  )

  r.get('/groups/:id', ctx => ok(renderGroup(store.groupFor(ctx.params.id!, ctx.user, 0))), {anonymous: true})

  r.get(
    '/groups/:id/subgroups',
    ctx => {
      const group = store.groupFor(ctx.params.id!, ctx.user, 0)
      const children = [...store.groups.values()].filter(g => g.parent_id === group.id && seesGroup(ctx.user)(g) && matches(ctx, g.name, g.path))
      return paginate(ctx, sortGroups(ctx, children), renderGroup)
    },
    {anonymous: true},
  )

  // Administrators see every field (and e-mail in search); others the public profile.
  r.get('/users', ctx => {
    const caller = store.requireUser(ctx.user)
    const username = optionalString(ctx.input, 'username')?.toLowerCase()
    const active = optionalBoolean(ctx.input, 'active') ?? false
    const blocked = optionalBoolean(ctx.input, 'blocked') ?? false
    const humans = optionalBoolean(ctx.input, 'humans') ?? false
    const admins = caller.is_admin && (optionalBoolean(ctx.input, 'admins') ?? false)
    const users = [...store.users.values()]
      .filter(u => username === undefined || u.username.toLowerCase() === username)
      .filter(u => matches(ctx, u.username, u.name, caller.is_admin ? u.email : null))
      .filter(u => !active || u.state === 'active')
      .filter(u => !blocked || u.state === 'blocked')
      .filter(u => !humans || !u.bot)
      .filter(u => !admins || u.is_admin)
    const by = oneOf(ctx.input, 'order_by', ['id', 'name', 'username', 'created_at', 'updated_at'] as const) ?? 'id'
    const key = (u: SandboxUser) => (by === 'name' ? u.name : by === 'username' ? u.username : by === 'id' ? '' : u.created_at)
    const sorted = users.sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
    if (descending(ctx, true)) sorted.reverse()
    return paginate(ctx, sorted, u => (caller.is_admin ? renderUser(store, u) : store.userBasic(u)), USER_KEYSET)
  })
}

// Which of these lists offer keyset pagination, and how (keyset.ts): /groups/:id/projects and subgroups
// are paginated by offset only on the platform (lib/api/groups.rb calls `paginate`, not the strategies).
const PROJECT_KEYSET: KeysetOffer<SandboxProject> = {type: 'Project', style: 'id', capped: false, id: p => p.id}
const BOTH: readonly ('asc' | 'desc')[] = ['asc', 'desc']
const USER_KEYSET: KeysetOffer<SandboxUser> = {
  type: 'User',
  style: 'cursor',
  // app/models/user.rb, supported_keyset_orderings
  orderings: {id: BOTH, name: BOTH, username: BOTH, created_at: BOTH, updated_at: BOTH},
  defaults: {order_by: 'id', sort: 'desc'},
  capped: true,
  id: u => u.id,
}
// app/models/group.rb, supported_keyset_orderings: name, ascending
const GROUP_KEYSET: KeysetOffer<SandboxGroup> = {type: 'Group', style: 'cursor', orderings: {name: ['asc']}, defaults: {order_by: 'name', sort: 'asc'}, capped: true, id: g => g.id}
