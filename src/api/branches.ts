// Repository branches and their protection (document 2, "Branches"): /projects/:id/repository/branches,
// /projects/:id/repository/merged_branches, /projects/:id/protected_branches.

import type {ApiId} from '../core/answer/exact-number.js'
import {one} from '../core/answer/one-record.js'
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

/** the platform's access levels for protected branches: 0 no one, 30 Developer, 40 Maintainer, 60 Admin; taken as words too (core/input/access-level.ts) */
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

/**
 * PATCH /projects/:id/protected_branches/:name: a protection changed in place, never unprotected in
 * between. The platform takes each role as a list of rules (`allowed_to_push: [{access_level: 30}]`).
 */
export function updateProtection(api: ApiClient, project: string, name: string, changes: Omit<Protection, 'name'>): Promise<ProtectedBranch> {
  const rules = (level: number | undefined) => (level === undefined ? undefined : [{access_level: level}])
  return api.patch<ProtectedBranch>(apiPath`/projects/${project}/protected_branches/${name}`, {
    allowed_to_push: rules(changes.push_access_level),
    allowed_to_merge: rules(changes.merge_access_level),
    allowed_to_unprotect: rules(changes.unprotect_access_level),
    allow_force_push: changes.allow_force_push,
    code_owner_approval_required: changes.code_owner_approval_required,
  })
}

export function unprotectBranch(api: ApiClient, project: string, name: string): Promise<void> {
  return api.delete(apiPath`/projects/${project}/protected_branches/${name}`)
}
