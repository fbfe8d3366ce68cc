// Most areas of the spec are a collection under a parent (a project, a group, a user, a merge request)
// whose members are addressed by one more path segment: GET/POST on the collection, GET/PUT/DELETE on
// a member. The calls are written once here; an area module names its paths and exports what it uses.
// A member that one segment does not pick out alone (a CI/CD variable's key, once per environment
// scope) is picked by a query (`filter[environment_scope]`) given to get, update and remove.

import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath, type JsonBody, type Query} from '../core/http/request.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'

/** what an area's collection holds and takes; leave out what it does not have */
export interface CollectionTypes {
  parent: unknown
  item: unknown
  key?: Id
  filters?: object
  create?: object
  update?: object
}

type Key<T extends CollectionTypes> = T['key'] extends Id ? T['key'] : Id
type Input<T extends CollectionTypes, K extends 'filters' | 'create' | 'update'> = T[K] extends object ? T[K] : never

export interface Collection<T extends CollectionTypes> {
  /** the collection's path under its parent */
  path(parent: T['parent']): string
  /** a member's path; its key is one encoded segment (`feature/x` becomes `feature%2Fx`) */
  member(parent: T['parent'], key: Key<T>): string
  list(parent: T['parent'], filters?: Input<T, 'filters'>): ListSpec<T['item']>
  get(api: ApiClient, parent: T['parent'], key: Key<T>, pick?: Query): Promise<T['item']>
  create(api: ApiClient, parent: T['parent'], input: Input<T, 'create'>): Promise<T['item']>
  update(api: ApiClient, parent: T['parent'], key: Key<T>, changes: Input<T, 'update'>, pick?: Query): Promise<T['item']>
  remove(api: ApiClient, parent: T['parent'], key: Key<T>, pick?: Query): Promise<void>
}

export interface CollectionOptions {
  /** fields of the answers whose traces (--verbose) show [REDACTED]: a secret the records carry */
  secretFields?: readonly string[]
}

/** a declared input's values, as the JSON body of a request */
const body = (values: object): JsonBody => ({...values})

export function collection<T extends CollectionTypes>(path: (parent: T['parent']) => string, {secretFields}: CollectionOptions = {}): Collection<T> {
  const member = (parent: T['parent'], key: Key<T>) => `${path(parent)}${apiPath`/${key}`}`
  return {
    path,
    member,
    list: (parent, filters) => listSpec<T['item']>(path(parent), {...filters} as Query, secretFields),
    get: (api, parent, key, pick) => api.get<T['item']>(member(parent, key), pick, secretFields),
    create: (api, parent, input) => api.post<T['item']>(path(parent), body(input)),
    update: (api, parent, key, changes, pick) => api.put<T['item']>(member(parent, key), body(changes), pick),
    remove: (api, parent, key, pick) => api.delete(member(parent, key), pick),
  }
}
