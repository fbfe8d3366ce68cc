// Repository branches and their protection (document 2, "Branches"): /projects/:id/repository/branches,
// /projects/:id/repository/merged_branches, /projects/:id/protected_branches.

import {one} from '../core/answer/one-record.js'
import {CliError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {ACCESS_LEVEL_WORDS, accessLevelInput} from '../core/input/access-level.js'
import {boolean, declare, renamed, text, type Values} from '../core/input/input.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {branchName} from './branch-name.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

export interface Commit {
  /** full SHA */
  id: string
  short_id: string
  created_at: string
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
  web_url: string
}

export interface Branch {
  name: string
  /** merged into the default branch */
  merged: boolean
  /** protected from force pushes and deletion */
  protected: boolean
  default: boolean
  developers_can_push: boolean
  developers_can_merge: boolean
  /** for the authenticated user */
  can_push: boolean
  web_url: string
  commit: Commit
}
export const BRANCH_FIELDS = fieldList<Branch>()(['name', 'merged', 'protected', 'default', 'developers_can_push', 'developers_can_merge', 'can_push', 'web_url', 'commit'])

export const BRANCH_COLUMNS = ['name', 'merged', 'protected', 'default', 'commit.short_id', 'commit.committed_date'] as const

/** one access rule of a protected branch (the platform's shape; the spec does not show it) */
export interface BranchAccessLevel {
  id?: ApiId
  access_level: number
  access_level_description: string
  user_id?: ApiId | null
  group_id?: ApiId | null
  deploy_key_id?: ApiId | null
}

/** the platform's protected branch record: the spec says "not shown" */
export interface ProtectedBranch {
  id: ApiId
  name: string
  push_access_levels: BranchAccessLevel[]
  merge_access_levels: BranchAccessLevel[]
  unprotect_access_levels?: BranchAccessLevel[]
  allow_force_push: boolean
  code_owner_approval_required?: boolean
}

export const PROTECTED_BRANCH_COLUMNS = ['id', 'name', 'push_access_levels.access_level', 'merge_access_levels.access_level', 'allow_force_push'] as const
/** a table shows each rule's level as its role's word (`maintainer`), as state files do; data formats keep the number */
export const PROTECTED_BRANCH_WORDS = {
  'push_access_levels.access_level': ACCESS_LEVEL_WORDS,
  'merge_access_levels.access_level': ACCESS_LEVEL_WORDS,
  'unprotect_access_levels.access_level': ACCESS_LEVEL_WORDS,
} as const

/** the platform's access levels for protected branches: 0 No one, 30 Developers + Maintainers, 40 Maintainers, 60 Instance admins (app/models/concerns/protected_ref_access.rb); taken as words too (core/input/access-level.ts) */
export const PUSH_MERGE_LEVELS = [0, 30, 40, 60] as const
export const UNPROTECT_LEVELS = [30, 40, 60] as const
const accessLevel = accessLevelInput

/** GET .../repository/branches: the filters; the API refuses both at once (checked by the list command) */
export const BRANCH_FILTERS = declare({
  search: text({description: 'branch names containing this text; ^term for a prefix, term$ for a suffix', empty: 'value'}),
  regex: text({description: 'branch names matching this RE2 expression', empty: 'value'}),
})
export type BranchFilters = Values<typeof BRANCH_FILTERS>

/** a branch the repository holds (get, delete): any name, as it was created */
export const BRANCH = declare({branch: text({arg: true, required: true, description: 'branch name'})})

/** POST .../repository/branches */
export const NEW_BRANCH = declare({
  branch: branchName({arg: true, required: true, description: 'name of the new branch'}),
  ref: text({required: true, description: 'branch name or commit SHA to start from'}),
})
export type NewBranch = Values<typeof NEW_BRANCH>

// A protected name may be a wildcard (`release-*`), which no branch could be named: only "" is refused.
const PROTECTED_NAME = text({arg: true, flag: 'branch', required: true, description: 'branch name or wildcard'})

/** POST /projects/:id/protected_branches; access levels default to Maintainers on the server */
export const PROTECTION = declare({
  name: PROTECTED_NAME,
  push_access_level: accessLevel(PUSH_MERGE_LEVELS, 'who may push'),
  merge_access_level: accessLevel(PUSH_MERGE_LEVELS, 'who may merge'),
  unprotect_access_level: accessLevel(UNPROTECT_LEVELS, 'who may unprotect'),
  allow_force_push: boolean({description: 'allow force pushes by those who may push'}),
  code_owner_approval_required: boolean({description: 'require code owner approval to push (Premium)'}),
})
export type Protection = Values<typeof PROTECTION>

/** DELETE /projects/:id/protected_branches/:name */
export const PROTECTED_BRANCH = declare({name: renamed(PROTECTED_NAME, {description: 'protected branch name or wildcard'})})

// A branch name such as `feature/login` is one encoded segment: feature%2Flogin.
const branches = collection<{parent: string; item: Branch; key: string; filters: BranchFilters; create: NewBranch}>(project => apiPath`/projects/${project}/repository/branches`)

export const listBranches = branches.list
export const getBranch = branches.get
/** `ref` is a branch name or a commit SHA */
export const createBranch = branches.create
export const deleteBranch = branches.remove

/** 202: the server deletes every branch merged into the default branch, except protected ones */
export async function deleteMergedBranches(api: ApiClient, project: string): Promise<{message?: string}> {
  return (await api.delete<{message?: string} | undefined>(apiPath`/projects/${project}/repository/merged_branches`)) ?? {}
}

export function protectBranch(api: ApiClient, project: string, protection: Protection): Promise<ProtectedBranch> {
  return api.post<ProtectedBranch | ProtectedBranch[]>(apiPath`/projects/${project}/protected_branches`, {...protection}).then(one('protected branch'))
}

/** GET /projects/:id/protected_branches: every protection of the project, wildcards included */
export function listProtectedBranches(project: string): ListSpec<ProtectedBranch> {
  return listSpec<ProtectedBranch>(apiPath`/projects/${project}/protected_branches`)
}

/** GET /projects/:id/protected_branches/:name */
export function getProtection(api: ApiClient, project: string, name: string): Promise<ProtectedBranch> {
  return api.get<ProtectedBranch>(apiPath`/projects/${project}/protected_branches/${name}`)
}

const ACTIONS = ['push', 'merge', 'unprotect'] as const

/** a rule for a role (not a user, a group or a deploy key): the rules a state file's levels are */
const isRoleRule = (rule: BranchAccessLevel) => (rule.user_id ?? null) === null && (rule.group_id ?? null) === null && (rule.deploy_key_id ?? null) === null

/** the roles a list of rules lets in, lowest first (the platform keeps several: 30 and 40 may both be there) */
export function roleLevels(rules: readonly BranchAccessLevel[] | undefined): number[] {
  return [...new Set((rules ?? []).filter(isRoleRule).map(rule => rule.access_level))].sort((a, b) => a - b)
}

/**
 * PATCH /projects/:id/protected_branches/:name: a protection changed in place, never unprotected in
 * between. The platform changes each action's rules as Rails nested attributes do: `{access_level: 40}`
 * ADDS a rule beside the others, a rule goes only when sent as `{id, _destroy: true}`, and a role the
 * action already has is refused (422). So the protection is read first, and for each level asked the
 * call destroys the action's other role rules (by ID) and adds the role only where it is missing; rules
 * for users, groups and deploy keys are left as they are. The answer is checked: a server that ignores
 * the lists (the Free tier takes no `allowed_to_*`) is an error naming the level kept.
 * (platform: lib/api/protected_branches.rb, app/services/protected_branches/api_service.rb,
 * app/models/concerns/protected_ref.rb, app/models/concerns/protected_ref_access.rb)
 */
export async function updateProtection(api: ApiClient, project: string, name: string, changes: Omit<Protection, 'name'>, read?: ProtectedBranch): Promise<ProtectedBranch> {
  const wanted = ACTIONS.map(action => [action, changes[`${action}_access_level`]] as const).filter((pair): pair is readonly [(typeof ACTIONS)[number], number] => pair[1] !== undefined)
  // the rules' IDs, from a read the caller just made (a plan's list) or read here
  const current = wanted.length > 0 ? (read ?? (await getProtection(api, project, name))) : undefined
  const lists: Record<string, Array<Record<string, unknown>>> = {}
  for (const [action, level] of wanted) {
    const roles = (current?.[`${action}_access_levels`] ?? []).filter(isRoleRule)
    const others = roles.filter(rule => rule.access_level !== level)
    const unnamed = others.find(rule => rule.id === undefined || rule.id === null)
    if (unnamed) throw new CliError(`the server's protection of ${name} lists a ${action} rule without an ID, so it cannot be removed`)
    const list = [...others.map(rule => ({id: rule.id, _destroy: true})), ...(roles.some(rule => rule.access_level === level) ? [] : [{access_level: level}])]
    if (list.length > 0) lists[`allowed_to_${action}`] = list
  }
  const answer = await api.patch<ProtectedBranch>(apiPath`/projects/${project}/protected_branches/${name}`, {
    ...lists,
    allow_force_push: changes.allow_force_push,
    code_owner_approval_required: changes.code_owner_approval_required,
  })
  for (const [action, level] of wanted) {
    const kept = roleLevels(answer?.[`${action}_access_levels`])
    if (kept.length !== 1 || kept[0] !== level) {
      throw new CliError(
        `the server kept ${action}_access_level ${kept.join(', ') || 'none'} on ${name}, not ${level}: it took no allowed_to_${action} list (a Premium input); unprotect the branch and protect it again to change its roles`,
      )
    }
  }
  return answer
}

export function unprotectBranch(api: ApiClient, project: string, name: string): Promise<void> {
  return api.delete(apiPath`/projects/${project}/protected_branches/${name}`)
}
