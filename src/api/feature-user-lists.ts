// Feature flag user lists of a project (document 2, "Feature flag user lists (role: at least
// Developer)"): /projects/:id/feature_flags_user_lists.

import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {declare, inputLabel, list, optional, text, type Values} from '../core/input/input.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

export interface FeatureUserList {
  id: ApiId
  /** numbered per project */
  iid: ApiId
  project_id: ApiId
  name: string
  /** comma-separated external user IDs */
  user_xids: string
  created_at: string
  updated_at: string
  /** the list's page and its edit page, relative to the host (lib/api/entities/feature_flag/user_list.rb) */
  path: string
  edit_path: string
}
export const USER_LIST_FIELDS = fieldList<FeatureUserList>()(['id', 'iid', 'project_id', 'created_at', 'updated_at', 'name', 'user_xids', 'path', 'edit_path'])

export const USER_LIST_COLUMNS = ['iid', 'name', 'user_xids', 'updated_at'] as const

/** GET: "search (string)"; an empty search is the API's own business */
export const USER_LIST_FILTERS = declare({
  search: text({description: 'only lists whose name contains this', empty: 'value'}),
})

const NAME = text({required: true, description: 'list name'})
const USER_XIDS = list({required: true, description: 'external user IDs, repeatable or a comma list'})

/** POST: "name (required); user_xids (required, comma-separated)" */
export const NEW_USER_LIST = declare({name: NAME, user_xids: USER_XIDS})
export type NewUserList = Values<typeof NEW_USER_LIST>

/** PUT: "name; user_xids", at least one; user_xids replaces the whole list */
export const USER_LIST_CHANGES = declare({
  name: optional(NAME, {description: 'new name'}),
  user_xids: optional(USER_XIDS, {description: 'the new external user IDs, repeatable or a comma list'}),
})
export type UserListChanges = Values<typeof USER_LIST_CHANGES>

const userLists = collection<{parent: string; item: FeatureUserList; filters: Values<typeof USER_LIST_FILTERS>}>(project => apiPath`/projects/${project}/feature_flags_user_lists`)

export const listUserLists = userLists.list

export const getUserList = userLists.get

export function createUserList(api: ApiClient, project: string, {name, user_xids}: NewUserList): Promise<FeatureUserList> {
  return api.post<FeatureUserList>(userLists.path(project), {name, user_xids: joinUserXids(user_xids)})
}

export function updateUserList(api: ApiClient, project: string, iid: Id, {name, user_xids}: UserListChanges): Promise<FeatureUserList> {
  return api.put<FeatureUserList>(userLists.member(project, iid), {name, user_xids: user_xids && joinUserXids(user_xids)})
}

export const deleteUserList = userLists.remove

/**
 * `--user-xids a,b --user-xids c` → "a,b,c", the API's "comma-separated external user IDs". The
 * platform refuses a list that repeats an ID (400): caught before sending, as it spans repeats of the
 * flag, which each input check sees one at a time.
 */
function joinUserXids(xids: readonly string[]): string {
  const repeated = xids.find((x, i) => xids.indexOf(x) !== i)
  if (repeated !== undefined) throw new UsageError(`${inputLabel(NEW_USER_LIST.user_xids)} lists "${repeated}" twice`)
  return xids.join(',')
}
