// Finding projects and groups by path (document 1, "Projects", "Groups"): one project or group, the
// projects of a group with its subgroups', and a group's subgroups. State files (src/state) select
// scopes by path and glob through these.

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'

/** the fields of a project record that selecting by path needs */
export interface ProjectPath {
  id: ApiId
  path_with_namespace: string
}

/** the fields of a group record that selecting by path needs */
export interface GroupPath {
  id: ApiId
  full_path: string
}

export function getProject(api: ApiClient, project: string): Promise<ProjectPath> {
  return api.get<ProjectPath>(apiPath`/projects/${project}`)
}

export function getGroup(api: ApiClient, group: string): Promise<GroupPath> {
  return api.get<GroupPath>(apiPath`/groups/${group}`)
}

/**
 * Every project under the group, at any depth: `simple` (the short record is enough), and without the
 * projects other namespaces share with the group (`with_shared`, on by default), which live elsewhere.
 */
export function listGroupProjects(group: string): ListSpec<ProjectPath> {
  return listSpec<ProjectPath>(apiPath`/groups/${group}/projects`, {include_subgroups: true, with_shared: false, simple: true})
}

/** the group's direct subgroups */
export function listSubgroups(group: string): ListSpec<GroupPath> {
  return listSpec<GroupPath>(apiPath`/groups/${group}/subgroups`)
}

/**
 * Every project the token can see (an administrator's: every project), for `**`: the short record, by
 * keyset where the list is long (lib/gitlab/pagination/keyset.rb: projects by id)
 */
export function listVisibleProjects(): ListSpec<ProjectPath> {
  return listSpec<ProjectPath>('/projects', {simple: true}, undefined, {pagination: 'keyset', order_by: 'id', sort: 'desc'})
}

/** every group the token can see, for a group glob that starts with a wildcard (keyset by name) */
export function listVisibleGroups(): ListSpec<GroupPath> {
  return listSpec<GroupPath>('/groups', {}, undefined, {pagination: 'keyset'})
}
