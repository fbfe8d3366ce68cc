// Projects by name (beyond the spec's documents, the platform's `/projects`): the list (of the
// instance, or of a group with its subgroups on request) and the record, read-only (issue 27).

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, text, type Values} from '../core/input/input.js'
import {targetArg} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import type {ProjectSummary} from './common.js'
import {fieldList} from './record-fields.js'

export const VISIBILITIES = ['private', 'internal', 'public'] as const

/** the namespace a project lives in, as its record embeds it */
export interface ProjectNamespace {
  id: ApiId
  name: string
  path: string
  kind: string
  full_path: string
  parent_id: ApiId | null
  avatar_url: string | null
  web_url: string
}

export interface Project extends ProjectSummary {
  default_branch: string | null
  visibility: (typeof VISIBILITIES)[number]
  web_url: string
  ssh_url_to_repo: string
  http_url_to_repo: string
  readme_url: string | null
  avatar_url: string | null
  tag_list: string[]
  topics: string[]
  forks_count: number
  star_count: number
  last_activity_at: string
  namespace: ProjectNamespace | null
  archived: boolean
  empty_repo: boolean
}
export const PROJECT_FIELDS = fieldList<Project>()([
  'id',
  'description',
  'name',
  'name_with_namespace',
  'path',
  'path_with_namespace',
  'created_at',
  'default_branch',
  'visibility',
  'web_url',
  'ssh_url_to_repo',
  'http_url_to_repo',
  'readme_url',
  'avatar_url',
  'tag_list',
  'topics',
  'forks_count',
  'star_count',
  'last_activity_at',
  'namespace',
  'archived',
  'empty_repo',
])
export const PROJECT_COLUMNS = ['id', 'path_with_namespace', 'visibility', 'default_branch', 'web_url'] as const
/** what the next command's -p takes */
export const PROJECT_HANDLE = 'path_with_namespace'

export const PROJECT_ORDERS = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const

/** GET /projects and GET /groups/:id/projects: the filters both take */
export const PROJECT_FILTERS = declare({
  // a filter: "" matches every project, as the server does
  search: text({empty: 'value', description: 'projects whose name, path or description contains this text'}),
  search_namespaces: boolean({description: "--search also looks in the namespace's path (acme/design)"}),
  visibility: choice(VISIBILITIES, {description: 'only projects of this visibility'}),
  membership: boolean({description: 'only projects you are a member of'}),
  owned: boolean({description: 'only projects you own'}),
  order_by: choice(PROJECT_ORDERS, {description: 'the order the server returns (API default: created_at, newest first)'}),
})
export type ProjectFilters = Values<typeof PROJECT_FILTERS>

/** GET /groups/:id/projects: also the projects of its subgroups, at any depth */
export const GROUP_PROJECT_FILTERS = declare({
  include_subgroups: boolean({description: 'with -g: the projects of its subgroups too (API default: false)'}),
})
export type GroupProjectFilters = Values<typeof GROUP_PROJECT_FILTERS>

/** every project the caller may see: public ones, internal ones when signed in, private ones as a member */
export function listProjects(filters: ProjectFilters = {}): ListSpec<Project> {
  // keyset (by id, newest first) where the order asked allows it (lib/gitlab/pagination/keyset.rb)
  const keyset = filters.order_by === undefined || filters.order_by === 'id' ? {pagination: 'keyset', order_by: 'id', sort: 'desc'} : undefined
  return listSpec<Project>('/projects', {...filters}, undefined, keyset)
}

export function listGroupProjects(group: string, filters: ProjectFilters & GroupProjectFilters = {}): ListSpec<Project> {
  return listSpec<Project>(apiPath`/groups/${group}/projects`, {...filters})
}

/** PROJECT of `projects get` */
export const PROJECT_REF = declare({project: targetArg('project', 'project ID or full path (group/sub/project)')})

/** by ID or full path */
export function getProject(api: ApiClient, project: string): Promise<Project> {
  return api.get<Project>(apiPath`/projects/${project}`)
}
