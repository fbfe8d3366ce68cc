// Finding things by name: the read-only lists and records of projects, groups and users
// (`/projects`, `/projects/:id`, `/groups`, `/groups/:id`, `/groups/:id/projects` with include_subgroups,
// `/groups/:id/subgroups`, `/users` with username and search), which every client of the platform
// offers beside the areas of the spec. Each shows what the caller may see, as the platform does:
// public records to everyone, internal ones to any signed-in user, private ones to members (and
// administrators), and follows the platform's default orders (projects newest first, groups by name,
// users by ID descending).
// What their routes (routes/projects.ts, routes/groups.ts, routes/users.ts) share is here.
import {type Ctx, oneOf, optionalBoolean, optionalString} from './router.js'
import {groupSettings, projectSettings} from './routes/settings.js'
import {currentStorage} from './routes/storage-moves.js'
import type {SandboxGroup, SandboxProject, SandboxUser, Store} from './store.js'
import {webUrl} from './web-url.js'

/** the views and filters of the directory's records, over `store` */
export function directoryViews(store: Store) {
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

  return {seesGroup, renderGroup, renderProject, projectRenderer, filterProjects, sortProjects, sortGroups, matches, descending}
}
