// Groups by name (beyond the spec's documents, the platform's `/groups`): the list, a group's record
// and its direct subgroups, read-only (issue 27).

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, text, type Values} from '../core/input/input.js'
import {targetArg} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import type {VISIBILITIES} from './projects.js'
import {fieldList} from './record-fields.js'

export interface Group {
  id: ApiId
  web_url: string
  name: string
  path: string
  description: string
  visibility: (typeof VISIBILITIES)[number]
  /** the names of its ancestors and its own, `Acme / Platform` */
  full_name: string
  full_path: string
  parent_id: ApiId | null
  created_at: string
  avatar_url: string | null
  request_access_enabled: boolean
}
export const GROUP_FIELDS = fieldList<Group>()([
  'id',
  'web_url',
  'name',
  'path',
  'description',
  'visibility',
  'full_name',
  'full_path',
  'parent_id',
  'created_at',
  'avatar_url',
  'request_access_enabled',
])
export const GROUP_COLUMNS = ['id', 'full_path', 'name', 'visibility', 'web_url'] as const
/** what the next command's -g takes */
export const GROUP_HANDLE = 'full_path'

export const GROUP_ORDERS = ['name', 'path', 'id', 'similarity'] as const

/** GET /groups/:id/subgroups: the filters */
export const SUBGROUP_FILTERS = declare({
  // a filter: "" matches every group, as the server does
  search: text({empty: 'value', description: 'groups whose name or path contains this text'}),
  order_by: choice(GROUP_ORDERS, {description: 'the order the server returns (API default: name)'}),
})
export type SubgroupFilters = Values<typeof SUBGROUP_FILTERS>

/** GET /groups: the same, and top-level groups only on request */
export const GROUP_FILTERS = declare({
  ...SUBGROUP_FILTERS,
  owned: boolean({description: 'only groups you own'}),
  top_level_only: boolean({description: 'only top-level groups'}),
})
export type GroupFilters = Values<typeof GROUP_FILTERS>

/** every group the caller may see */
export function listGroups(filters: GroupFilters = {}): ListSpec<Group> {
  // keyset by name only (app/models/group.rb, supported_keyset_orderings), the API's default order
  const keyset = filters.order_by === undefined || filters.order_by === 'name' ? {pagination: 'keyset'} : undefined
  return listSpec<Group>('/groups', {...filters}, undefined, keyset)
}

/** GROUP of `groups get` and `groups subgroups` */
export const GROUP_REF = declare({group: targetArg('group', 'group ID or full path')})

/** by ID or full path */
export function getGroup(api: ApiClient, group: string): Promise<Group> {
  return api.get<Group>(apiPath`/groups/${group}`)
}

/** the direct subgroups the caller may see */
export function listSubgroups(group: string, filters: SubgroupFilters = {}): ListSpec<Group> {
  return listSpec<Group>(apiPath`/groups/${group}/subgroups`, {...filters})
}
