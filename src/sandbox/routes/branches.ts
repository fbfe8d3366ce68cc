// Repository branches and their protection (document 2, "Branches"). Each project has a small commit
// graph; a branch is a name pointing at a commit, "merged" when its commit is an ancestor of the
// default branch's head (and not that head itself, as the platform counts it).
// Platform sources of the protection routes: lib/api/protected_branches.rb, lib/api/entities/protected_branch.rb,
// lib/api/entities/protected_ref_access.rb, and those protected-branch-rules.ts names.
import {createHash} from 'node:crypto'
import {accepted, badRequest, created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type AccessRule, namesDevelopers, type Rules, renderRules, roleAllowed, roleRule, rulesForCreate, updateRules} from '../protected-branch-rules.js'
import {isValidBranchName} from '../ref-name.js'
import {type Ctx, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {ROLE, type SandboxProject, type SandboxUser, SEED_TIME, type Store} from '../store.js'
import {webUrl} from '../web-url.js'

interface SandboxCommit {
  id: string
  parent_ids: string[]
  title: string
  message: string
  author_name: string
  author_email: string
  authored_date: string
  committer_name: string
  committer_email: string
  committed_date: string
  trailers: Record<string, string>
  extended_trailers: Record<string, string[]>
}

interface Protection {
  id: number
  /** a branch name, or a wildcard such as release-* */
  name: string
  /** per action, the platform's list of rules (protected-branch-rules.ts) */
  rules: Rules
  allow_force_push: boolean
  code_owner_approval_required: boolean
}

export interface SandboxRepository {
  commits: Map<string, SandboxCommit>
  /** branch name → head commit SHA */
  branches: Map<string, string>
  protections: Map<string, Protection>
}

/** the slice, for tests that look behind the API: project ID → repository */
export type BranchesState = Map<number, SandboxRepository>

export default function register(r: Router, store: Store): void {
  const repositories = store.slice<BranchesState>('branches', () => new Map())
  const repositoryOf = (project: SandboxProject): SandboxRepository => {
    let repo = repositories.get(project.id)
    if (!repo) repositories.set(project.id, (repo = seedRepository(store, project)))
    return repo
  }

  // Reads: anyone who can see the project, with or without a token for a public one.
  const readable = (ctx: Ctx) => store.projectFor(ctx.params.id!, ctx.user, 0)

  const findBranch = (repo: SandboxRepository, name: string): string => {
    const head = repo.branches.get(name)
    if (head === undefined) throw notFound('Branch')
    return head
  }

  const render = (project: SandboxProject, name: string, user: SandboxUser | null) => {
    const repo = repositoryOf(project)
    const head = repo.branches.get(name)!
    const protection = protectionOf(repo, name)
    const role = store.projectRole(project, user)
    return {
      name,
      merged: isMerged(project, repo, name),
      protected: protection !== undefined,
      default: name === project.default_branch,
      developers_can_push: protection !== undefined && namesDevelopers(protection.rules.push),
      developers_can_merge: protection !== undefined && namesDevelopers(protection.rules.merge),
      can_push: role >= ROLE.developer && (protection === undefined || roleAllowed(protection.rules.push, role)),
      web_url: webUrl(`${project.path_with_namespace}/-/tree/${name}`),
      commit: renderCommit(project, repo.commits.get(head)!),
    }
  }

  r.get(
    '/projects/:id/repository/branches',
    ctx => {
      const project = readable(ctx)
      const search = optionalString(ctx.input, 'search')
      const regex = optionalString(ctx.input, 'regex')
      if (search !== undefined && regex !== undefined) throw badRequest('search, regex are mutually exclusive')
      const names = [...repositoryOf(project).branches.keys()]
        .filter(search === undefined ? () => true : searchFilter(search))
        .filter(regex === undefined ? () => true : regexFilter(regex))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      return paginate(ctx, names, name => render(project, name, ctx.user))
    },
    {anonymous: true},
  )

  r.get(
    '/projects/:id/repository/branches/:branch',
    ctx => {
      const project = readable(ctx)
      findBranch(repositoryOf(project), ctx.params.branch!)
      return ok(render(project, ctx.params.branch!, ctx.user))
    },
    {anonymous: true},
  )

  r.post('/projects/:id/repository/branches', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'developer')
    const repo = repositoryOf(project)
    const name = requireString(ctx.input, 'branch')
    const ref = requireString(ctx.input, 'ref')
    if (!isValidBranchName(name)) throw invalid(400, 'Branch name is invalid')
    if (repo.branches.has(name)) throw invalid(400, 'Branch already exists')
    const sha = resolveRef(repo, ref)
    if (sha === undefined) throw invalid(400, `Invalid reference name: ${ref}`)
    repo.branches.set(name, sha)
    return created(render(project, name, ctx.user))
  })

  r.delete('/projects/:id/repository/branches/:branch', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'developer')
    const repo = repositoryOf(project)
    const name = ctx.params.branch!
    findBranch(repo, name)
    // Spec: "default and protected branches cannot be deleted"; "on error a message explains".
    if (name === project.default_branch) throw invalid(400, 'The default branch of a project cannot be deleted.')
    if (protectionOf(repo, name)) {
      throw invalid(
        400,
        store.projectRole(project, ctx.user) >= ROLE.maintainer
          ? 'You can only delete protected branches using the web interface.'
          : 'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
      )
    }
    repo.branches.delete(name)
    return noContent()
  })

  // The platform deletes in a background job; the sandbox does it before answering 202.
  r.delete('/projects/:id/repository/merged_branches', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const repo = repositoryOf(project)
    for (const name of [...repo.branches.keys()]) {
      if (name === project.default_branch || protectionOf(repo, name)) continue
      if (isMerged(project, repo, name)) repo.branches.delete(name)
    }
    return accepted()
  })

  // Protected branches: not shown in the spec; the platform's inputs, statuses and record. The platform
  // reads protections for project members; the sandbox lets anyone with a token who sees the project.
  r.get('/projects/:id/protected_branches', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 0)
    const search = optionalString(ctx.input, 'search')
    const rules = [...repositoryOf(project).protections.values()].filter(p => search === undefined || p.name.includes(search))
    return paginate(ctx, rules, renderProtection)
  })

  r.get('/projects/:id/protected_branches/:name', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 0)
    const protection = repositoryOf(project).protections.get(ctx.params.name!)
    if (!protection) throw new HttpError(404, {message: '404 Not found'})
    return ok(renderProtection(protection))
  })

  r.post('/projects/:id/protected_branches', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const repo = repositoryOf(project)
    const name = requireString(ctx.input, 'name')
    if (repo.protections.has(name)) throw invalid(409, `Protected branch '${name}' already exists`)
    const protection: Protection = {
      id: store.nextId(),
      name,
      rules: rulesForCreate(ctx.input, () => store.nextId()),
      allow_force_push: optionalBoolean(ctx.input, 'allow_force_push') ?? false,
      code_owner_approval_required: optionalBoolean(ctx.input, 'code_owner_approval_required') ?? false,
    }
    repo.protections.set(name, protection)
    return created(renderProtection(protection))
  })

  // A change to an existing protection, without unprotecting it first: the lists of rules change as
  // Rails nested attributes change them (protected-branch-rules.ts); the shorthand `push_access_level`
  // is no input of this route, and is ignored.
  r.patch('/projects/:id/protected_branches/:name', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const protection = repositoryOf(project).protections.get(ctx.params.name!)
    if (!protection) throw new HttpError(404, {message: '404 Not found'})
    const rules = updateRules(protection.rules, ctx.input, () => store.nextId())
    Object.assign(protection, {
      rules,
      allow_force_push: optionalBoolean(ctx.input, 'allow_force_push') ?? protection.allow_force_push,
      code_owner_approval_required: optionalBoolean(ctx.input, 'code_owner_approval_required') ?? protection.code_owner_approval_required,
    })
    return ok(renderProtection(protection))
  })

  r.delete('/projects/:id/protected_branches/:name', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    if (!repositoryOf(project).protections.delete(ctx.params.name!)) throw new HttpError(404, {message: '404 Not found'})
    return noContent()
  })
}

function renderProtection(p: Protection) {
  const describe = (rule: AccessRule) => (rule.user_id !== null ? 'User' : rule.group_id !== null ? 'Group' : 'Deploy key')
  return {
    id: p.id,
    name: p.name,
    push_access_levels: renderRules(p.rules.push, describe),
    merge_access_levels: renderRules(p.rules.merge, describe),
    unprotect_access_levels: renderRules(p.rules.unprotect, describe),
    allow_force_push: p.allow_force_push,
    code_owner_approval_required: p.code_owner_approval_required,
  }
}

function renderCommit(project: SandboxProject, c: SandboxCommit) {
  return {
    id: c.id,
    short_id: c.id.slice(0, 8),
    created_at: c.committed_date,
    parent_ids: c.parent_ids,
    title: c.title,
    message: c.message,
    author_name: c.author_name,
    author_email: c.author_email,
    authored_date: c.authored_date,
    committer_name: c.committer_name,
    committer_email: c.committer_email,
    committed_date: c.committed_date,
    trailers: c.trailers,
    extended_trailers: c.extended_trailers,
    web_url: webUrl(`${project.path_with_namespace}/-/commit/${c.id}`),
  }
}

/** a protection rule naming this branch exactly or by wildcard (`release-*`) */
function protectionOf(repo: SandboxRepository, name: string): Protection | undefined {
  return [...repo.protections.values()].find(p => p.name === name || (p.name.includes('*') && new RegExp(`^${p.name.split('*').map(escapeRegExp).join('.*')}$`).test(name)))
}

/** the platform's rule: the head is an ancestor of the default branch's head, and not that head itself */
function isMerged(project: SandboxProject, repo: SandboxRepository, name: string): boolean {
  const head = repo.branches.get(name)
  const defaultHead = repo.branches.get(project.default_branch)
  return head !== undefined && defaultHead !== undefined && head !== defaultHead && isAncestor(repo, head, defaultHead)
}

function isAncestor(repo: SandboxRepository, sha: string, of: string): boolean {
  const queue = [of]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const current = queue.shift()!
    if (current === sha) return true
    if (seen.has(current)) continue
    seen.add(current)
    queue.push(...(repo.commits.get(current)?.parent_ids ?? []))
  }
  return false
}

/** a branch name, a full SHA, or an unambiguous SHA prefix of 7 or more characters */
function resolveRef(repo: SandboxRepository, ref: string): string | undefined {
  const branch = repo.branches.get(ref)
  if (branch !== undefined) return branch
  if (!/^[0-9a-f]{7,40}$/.test(ref)) return undefined
  const candidates = [...repo.commits.keys()].filter(sha => sha.startsWith(ref))
  return candidates.length === 1 ? candidates[0] : undefined
}

/** the spec's search: ^term for a prefix, term$ for a suffix, else a substring (case-insensitive, as the platform) */
function searchFilter(search: string): (name: string) => boolean {
  const prefix = search.startsWith('^')
  const suffix = search.endsWith('$') && search.length > (prefix ? 1 : 0)
  const term = search.slice(prefix ? 1 : 0, suffix ? -1 : undefined).toLowerCase()
  return name => {
    const n = name.toLowerCase()
    if (prefix && suffix) return n === term
    if (prefix) return n.startsWith(term)
    if (suffix) return n.endsWith(term)
    return n.includes(term)
  }
}

/** RE2 on the platform; JavaScript's RegExp is close enough for the sandbox */
function regexFilter(regex: string): (name: string) => boolean {
  let pattern: RegExp
  try {
    pattern = new RegExp(regex)
  } catch {
    throw badRequest('regex is invalid')
  }
  return name => pattern.test(name)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * main (default, protected) ← feature-login, fix_crash and stable (protected) are merged into it;
 * feature-search and release/2026-01 are ahead of it; docs-update forked early and is not merged.
 */
function seedRepository(store: Store, project: SandboxProject): SandboxRepository {
  const repo: SandboxRepository = {commits: new Map(), branches: new Map(), protections: new Map()}
  const base = Date.parse(SEED_TIME)
  let step = 0
  const commit = (parent: string | null, title: string, body = '', author: readonly [string, string] = ['Alice Owner', 'alice@example.com'], trailers: Record<string, string> = {}): string => {
    const date = new Date(base - (20 - step++) * 3_600_000).toISOString()
    const id = createHash('sha1')
      .update(`${project.path_with_namespace}\n${parent ?? ''}\n${title}\n${step}`)
      .digest('hex')
    const trailerLines = Object.entries(trailers).map(([k, v]) => `${k}: ${v}`)
    const message = [title, ...(body ? ['', body] : []), ...(trailerLines.length ? ['', ...trailerLines] : [])].join('\n') + '\n'
    repo.commits.set(id, {
      id,
      parent_ids: parent ? [parent] : [],
      title,
      message,
      author_name: author[0],
      author_email: author[1],
      authored_date: date,
      committer_name: author[0],
      committer_email: author[1],
      committed_date: date,
      trailers,
      extended_trailers: Object.fromEntries(Object.entries(trailers).map(([k, v]) => [k, [v]])),
    })
    return id
  }
  const bob = ['Bob Developer', 'bob@example.com'] as const
  const initial = commit(null, 'Initial commit')
  const login = commit(initial, 'Add the login form', 'Email and password, with a remember-me box.', bob)
  const fix = commit(login, 'Fix crash on start', 'The config file may be missing.', bob, {'Reviewed-by': 'Dave Maintainer <dave@example.com>'})
  const release = commit(fix, 'Release 1.0', '', ['Dave Maintainer', 'dave@example.com'], {Changelog: 'added'})
  const docs = commit(initial, 'Update the docs', 'Describe the install steps.')
  const searchCommit = commit(release, 'Add search', '', bob)
  const releaseBranch = commit(release, 'Prepare the January release', '', ['Dave Maintainer', 'dave@example.com'])
  for (const [name, head] of [
    [project.default_branch, release],
    ['feature-login', login],
    ['fix_crash', fix],
    ['stable', fix],
    ['feature-search', searchCommit],
    ['release/2026-01', releaseBranch],
    ['docs-update', docs],
  ] as const)
    repo.branches.set(name, head)
  for (const name of [project.default_branch, 'stable']) {
    repo.protections.set(name, {
      id: store.nextId(),
      name,
      rules: {push: [roleRule(store.nextId(), 40)], merge: [roleRule(store.nextId(), 40)], unprotect: [roleRule(store.nextId(), 40)]},
      allow_force_push: false,
      code_owner_approval_required: false,
    })
  }
  return repo
}
