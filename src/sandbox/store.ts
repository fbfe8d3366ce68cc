// The sandbox's in-memory world: users, groups, projects, memberships and tokens, plus one state
// slice per API area (each routes file owns its slice, so areas never edit each other's data).
import {forbidden, HttpError, notFound, unauthorized} from './http.js'
import type {RateLimitOption} from './rate-limit.js'
import {webUrl} from './web-url.js'

export const ROLE = {guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50} as const
export type RoleName = keyof typeof ROLE

export interface SandboxUser {
  id: number
  username: string
  name: string
  email: string
  state: 'active' | 'blocked'
  is_admin: boolean
  bot: boolean
  created_at: string
  two_factor_enabled: boolean
  /** set for enterprise users: the group that owns the account */
  enterprise_group_id?: number
  /** set for service accounts */
  service_account?: {group_id: number | null}
  unconfirmed_email?: string
}

export interface SandboxGroup {
  id: number
  name: string
  path: string
  full_path: string
  parent_id: number | null
  visibility: 'private' | 'internal' | 'public'
  description: string
  created_at: string
  members: Map<number, number>
  /** e-mail domains verified by the group (enterprise users) */
  verified_domains: string[]
}

export interface SandboxProject {
  id: number
  name: string
  path: string
  path_with_namespace: string
  name_with_namespace: string
  namespace_id: number
  visibility: 'private' | 'internal' | 'public'
  description: string | null
  default_branch: string
  created_at: string
  members: Map<number, number>
}

export interface SandboxOptions {
  /** how long simulated background jobs (exports, moves, mirror syncs) take, in ms */
  jobDelayMs: number
  /** instance feature flags that change behaviour (`vulnerabilities_pdf_export`, ...) */
  features: Set<string>
  /** collections larger than this omit X-Total and X-Total-Pages, as the platform does */
  totalsLimit: number
  /** offset pagination of users and groups past this many records is refused (405); 0: no cap (keyset.ts) */
  offsetPaginationLimit?: number
  /** extra latency added to every request, in ms */
  latencyMs: number
  /** seed sizes for benchmarks: extra labels in acme/website */
  seedLabels: number
  /** seed sizes for benchmarks and fleets: extra projects project-N in the group `seedProjectsUnder` */
  seedProjects: number
  /**
   * where the extra projects go: a seeded group (`acme`, `acme/platform`), or a new public top-level
   * group of that name (default `bench`, where bob is a Maintainer)
   */
  seedProjectsUnder: string
  /** download benchmarks: generated rows appended to every vulnerability export's CSV (default none) */
  vulnerabilityExportRows?: number
  /** the platform's rate limit per token (rate-limit.ts); none by default */
  rateLimit?: RateLimitOption
  /**
   * the time as the sandbox reads it (ms since the epoch), the real clock by default: a test pins it to
   * read a job (move, mirror sync, export) at a given point of its walk, whatever the machine's speed
   */
  clock?: () => number
}

export const defaultOptions = (): SandboxOptions => ({
  jobDelayMs: 300,
  features: new Set(),
  totalsLimit: 10_000,
  latencyMs: 0,
  seedLabels: 0,
  seedProjects: 0,
  seedProjectsUnder: 'bench',
})

export const SEED_TIME = '2026-01-15T09:30:00.000Z'

export class Store {
  readonly users = new Map<number, SandboxUser>()
  readonly groups = new Map<number, SandboxGroup>()
  readonly projects = new Map<number, SandboxProject>()
  /** token value → user id; areas that mint tokens register them here so they authenticate */
  readonly tokens = new Map<string, number>()
  readonly options: SandboxOptions
  private readonly slices = new Map<string, unknown>()
  private lastId = 1000

  constructor(options: Partial<SandboxOptions> = {}) {
    this.options = {...defaultOptions(), ...options}
  }

  /** a fresh ID, unique across the whole sandbox (like the platform's per-table sequences, but simpler) */
  nextId(): number {
    return ++this.lastId
  }

  now(): string {
    return new Date(this.nowMs()).toISOString()
  }

  /** the sandbox's time (options.clock), which every job's progress is read against */
  nowMs(): number {
    return this.options.clock?.() ?? Date.now()
  }

  /** the state of one API area, created on first use */
  slice<T>(name: string, init: () => T): T {
    if (!this.slices.has(name)) this.slices.set(name, init())
    return this.slices.get(name) as T
  }

  authenticate(token: string | undefined): SandboxUser | null {
    if (token === undefined || token === '') return null
    const id = this.tokens.get(token)
    const user = id === undefined ? undefined : this.users.get(id)
    if (user?.state !== 'active') throw unauthorized()
    return user
  }

  findUser(idOrUsername: string | number): SandboxUser {
    const key = String(idOrUsername)
    // the platform's find_by_username matches whatever the case (`Sudo: BOB`, `/users/BOB/...`)
    const user = /^\d+$/.test(key) ? this.users.get(Number(key)) : [...this.users.values()].find(u => u.username.toLowerCase() === key.toLowerCase())
    if (!user) throw notFound('User')
    return user
  }

  findGroup(idOrPath: string): SandboxGroup {
    const group = /^\d+$/.test(idOrPath) ? this.groups.get(Number(idOrPath)) : byPath(this.groups.values(), g => g.full_path, idOrPath)
    if (!group) throw notFound('Group')
    return group
  }

  findProject(idOrPath: string): SandboxProject {
    const project = /^\d+$/.test(idOrPath) ? this.projects.get(Number(idOrPath)) : byPath(this.projects.values(), p => p.path_with_namespace, idOrPath)
    if (!project) throw notFound('Project')
    return project
  }

  groupAncestors(group: SandboxGroup): SandboxGroup[] {
    const chain: SandboxGroup[] = []
    for (let g: SandboxGroup | undefined = group; g; g = g.parent_id === null ? undefined : this.groups.get(g.parent_id)) chain.push(g)
    return chain
  }

  topLevelGroup(group: SandboxGroup): SandboxGroup {
    return this.groupAncestors(group).at(-1)!
  }

  /** the role of a user in a group, inherited from ancestors; administrators act as owners */
  groupRole(group: SandboxGroup, user: SandboxUser | null): number {
    if (!user) return 0
    if (user.is_admin) return ROLE.owner
    return Math.max(0, ...this.groupAncestors(group).map(g => g.members.get(user.id) ?? 0))
  }

  projectRole(project: SandboxProject, user: SandboxUser | null): number {
    if (!user) return 0
    if (user.is_admin) return ROLE.owner
    const group = this.groups.get(project.namespace_id)
    return Math.max(project.members.get(user.id) ?? 0, group ? this.groupRole(group, user) : 0)
  }

  /**
   * The project as the caller may see it: 404 when they cannot see it at all (private and not a
   * member), 403 when they see it but their role is below `role`.
   */
  projectFor(idOrPath: string, user: SandboxUser | null, role: RoleName | 0 = 'guest'): SandboxProject {
    const project = this.findProject(idOrPath)
    return seenAs(project, this.projectRole(project, user), role, 'Project')
  }

  /** as projectFor, for a group */
  groupFor(idOrPath: string, user: SandboxUser | null, role: RoleName | 0 = 'guest'): SandboxGroup {
    const group = this.findGroup(idOrPath)
    return seenAs(group, this.groupRole(group, user), role, 'Group')
  }

  requireAdmin(user: SandboxUser | null): SandboxUser {
    if (!user) throw unauthorized()
    if (!user.is_admin) throw forbidden()
    return user
  }

  requireUser(user: SandboxUser | null): SandboxUser {
    if (!user) throw unauthorized()
    return user
  }

  /** the platform's project summary (used inside other records) */
  projectSummary(p: SandboxProject) {
    return {
      id: p.id,
      description: p.description,
      name: p.name,
      name_with_namespace: p.name_with_namespace,
      path: p.path,
      path_with_namespace: p.path_with_namespace,
      created_at: p.created_at,
    }
  }

  /** the user object embedded in other records */
  userBasic(u: SandboxUser) {
    return {
      id: u.id,
      username: u.username,
      name: u.name,
      state: u.state,
      avatar_url: webUrl(`avatars/${u.id}.png`),
      web_url: webUrl(u.username),
    }
  }

  addUser(user: Omit<SandboxUser, 'id' | 'created_at' | 'state' | 'is_admin' | 'bot' | 'two_factor_enabled'> & Partial<SandboxUser>): SandboxUser {
    const full: SandboxUser = {
      id: this.nextId(),
      created_at: this.now(),
      state: 'active',
      is_admin: false,
      bot: false,
      two_factor_enabled: false,
      ...user,
    }
    this.users.set(full.id, full)
    return full
  }

  deleteUser(id: number): void {
    this.users.delete(id)
    for (const [token, owner] of this.tokens) if (owner === id) this.tokens.delete(token)
    for (const g of this.groups.values()) g.members.delete(id)
    for (const p of this.projects.values()) p.members.delete(id)
  }
}

export {HttpError}

/**
 * The platform's find_by_full_path: the exact path first, then the same path whatever its case
 * (`-p ACME/Website` is acme/website there), so a rehearsal finds what production finds.
 */
function byPath<T>(records: Iterable<T>, pathOf: (record: T) => string, path: string): T | undefined {
  const all = [...records]
  return all.find(r => pathOf(r) === path) ?? all.find(r => pathOf(r).toLowerCase() === path.toLowerCase())
}

/** a record the caller's `level` lets them see (404 when it does not, unless public) and act on at `role` (403) */
function seenAs<R extends {visibility: string}>(record: R, level: number, role: RoleName | 0, what: string): R {
  if (level === 0 && record.visibility !== 'public') throw notFound(what)
  if (role !== 0 && level < ROLE[role]) throw forbidden()
  return record
}
