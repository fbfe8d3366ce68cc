// Repository branches and their protection (document 2, "Branches"): /projects/:id/repository/branches,
// /projects/:id/repository/merged_branches, /projects/:id/protected_branches.
import {one} from '../core/one-record.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {fieldList} from '../core/record-fields.js'

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
export const BRANCH_FIELDS = fieldList<Branch>()(['name', 'merged', 'protected', 'default', 'developers_can_push',
  'developers_can_merge', 'can_push', 'web_url', 'commit'])

export const BRANCH_COLUMNS = ['name', 'merged', 'protected', 'default', 'commit.short_id', 'commit.committed_date'] as const

/** one access rule of a protected branch (the platform's shape; the spec does not show it) */
export interface BranchAccessLevel {
  id?: number
  access_level: number
  access_level_description: string
  user_id?: number | null
  group_id?: number | null
  deploy_key_id?: number | null
}

/** the platform's protected branch record: the spec says "not shown" */
export interface ProtectedBranch {
  id: number
  name: string
  push_access_levels: BranchAccessLevel[]
  merge_access_levels: BranchAccessLevel[]
  unprotect_access_levels?: BranchAccessLevel[]
  allow_force_push: boolean
  code_owner_approval_required?: boolean
}

export const PROTECTED_BRANCH_COLUMNS = ['id', 'name', 'push_access_levels', 'merge_access_levels', 'allow_force_push'] as const

/** the platform's access levels for protected branches: 0 no one, 30 Developer, 40 Maintainer, 60 Admin */
export const PUSH_MERGE_LEVELS = ['0', '30', '40', '60'] as const
export const UNPROTECT_LEVELS = ['30', '40', '60'] as const

export interface BranchFilters {
  /** `^term` for a prefix, `term$` for a suffix, else a substring */
  search?: string
  /** an RE2 expression; not together with search */
  regex?: string
}

export interface Protection {
  name: string
  push_access_level?: number
  merge_access_level?: number
  unprotect_access_level?: number
  allow_force_push?: boolean
  code_owner_approval_required?: boolean
}

const branchesPath = (project: string) => apiPath`/projects/${project}/repository/branches`
// A branch name such as `feature/login` is one encoded segment: feature%2Flogin.
const branchPath = (project: string, branch: string) => `${branchesPath(project)}${apiPath`/${branch}`}`

export function listBranches(project: string, filters: BranchFilters = {}): ListSpec<Branch> {
  return listSpec<Branch>(branchesPath(project), {...filters})
}

export function getBranch(api: ApiClient, project: string, branch: string): Promise<Branch> {
  return api.get<Branch>(branchPath(project, branch))
}

/** `ref` is a branch name or a commit SHA */
export function createBranch(api: ApiClient, project: string, branch: string, ref: string): Promise<Branch> {
  return api.post<Branch>(branchesPath(project), {branch, ref})
}

export function deleteBranch(api: ApiClient, project: string, branch: string): Promise<void> {
  return api.delete(branchPath(project, branch))
}

/** 202: the server deletes every branch merged into the default branch, except protected ones */
export async function deleteMergedBranches(api: ApiClient, project: string): Promise<{message?: string}> {
  return (await api.delete<{message?: string} | undefined>(apiPath`/projects/${project}/repository/merged_branches`)) ?? {}
}

export function protectBranch(api: ApiClient, project: string, protection: Protection): Promise<ProtectedBranch> {
  return api.post<ProtectedBranch | ProtectedBranch[]>(apiPath`/projects/${project}/protected_branches`, {...protection}).then(one('protected branch'))
}

export function unprotectBranch(api: ApiClient, project: string, name: string): Promise<void> {
  return api.delete(apiPath`/projects/${project}/protected_branches/${name}`)
}
