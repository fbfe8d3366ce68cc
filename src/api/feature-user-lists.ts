// Feature flag user lists of a project (document 2, "Feature flag user lists (role: at least
// Developer)"): /projects/:id/feature_flags_user_lists.
import {UsageError} from '../core/errors.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export interface FeatureUserList {
  id: number
  /** numbered per project */
  iid: number
  project_id: number
  name: string
  /** comma-separated external user IDs */
  user_xids: string
  created_at: string
  updated_at: string
}
export const USER_LIST_FIELDS = fieldList<FeatureUserList>()(['id', 'iid', 'project_id', 'name', 'user_xids',
  'created_at', 'updated_at'])

export const USER_LIST_COLUMNS = ['iid', 'name', 'user_xids', 'updated_at'] as const

export interface UserListChanges {
  name?: string
  user_xids?: string
}

const listsPath = (project: string) => apiPath`/projects/${project}/feature_flags_user_lists`
const listPath = (project: string, iid: Id) => `${listsPath(project)}${apiPath`/${iid}`}`

export function listUserLists(project: string, filters: {search?: string} = {}): ListSpec<FeatureUserList> {
  return listSpec<FeatureUserList>(listsPath(project), {...filters})
}

export function getUserList(api: ApiClient, project: string, iid: Id): Promise<FeatureUserList> {
  return api.get<FeatureUserList>(listPath(project, iid))
}

export function createUserList(api: ApiClient, project: string, list: {name: string; user_xids: string}): Promise<FeatureUserList> {
  return api.post<FeatureUserList>(listsPath(project), {...list})
}

export function updateUserList(api: ApiClient, project: string, iid: Id, changes: UserListChanges): Promise<FeatureUserList> {
  return api.put<FeatureUserList>(listPath(project, iid), {...changes})
}

export function deleteUserList(api: ApiClient, project: string, iid: Id): Promise<void> {
  return api.delete(listPath(project, iid))
}

/**
 * `--user-xids a,b --user-xids c` → "a,b,c", the API's "comma-separated external user IDs"; an empty or
 * repeated ID is a mistake caught before sending.
 */
export function joinUserXids(values: string[] | undefined): string | undefined {
  if (values === undefined) return undefined
  const xids = values.map(v => v.trim())
  if (xids.length === 0 || xids.some(x => x === '')) throw new UsageError('--user-xids has an empty entry in its list')
  const repeated = xids.find((x, i) => xids.indexOf(x) !== i)
  if (repeated !== undefined) throw new UsageError(`--user-xids lists "${repeated}" twice`)
  return xids.join(',')
}

