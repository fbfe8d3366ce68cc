// System hooks and their URL variables (document 2, "System hooks (administrator; self-managed)"): /hooks.

import {one} from '../core/answer/one-record.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, optional, renamed, secretFieldsOf, text, url, type Values} from '../core/input/input.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {fieldList} from './record-fields.js'

export const BRANCH_FILTER_STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const
export type BranchFilterStrategy = (typeof BRANCH_FILTER_STRATEGIES)[number]

export interface SystemHook {
  id: ApiId
  url: string
  /** from release 17.1 */
  name: string | null
  /** from release 17.1 */
  description: string | null
  created_at: string
  push_events: boolean
  tag_push_events: boolean
  merge_requests_events: boolean
  repository_update_events: boolean
  enable_ssl_verification: boolean
  /** keys only: the platform never returns the values */
  url_variables: Array<{key: string}>
  /** not in the spec's field list; the platform returns the filter settings with the hook */
  push_events_branch_filter?: string | null
  branch_filter_strategy?: BranchFilterStrategy
}
export const HOOK_FIELDS = fieldList<SystemHook>()([
  'id',
  'url',
  'name',
  'description',
  'created_at',
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'repository_update_events',
  'enable_ssl_verification',
  'url_variables',
  'push_events_branch_filter',
  'branch_filter_strategy',
])

// What tells hooks apart, within 80 columns; the other event switches are one --columns (or --wide record) away.
export const HOOK_COLUMNS = ['id', 'name', 'url', 'push_events', 'created_at'] as const

/** the hook's target; it may carry credentials (https://user:pass@host/...): secret, so never shown in a refusal */
const HOOK_URL = url({required: true, secret: true, example: 'https://hooks.example.com/receive', description: 'absolute http(s) URL the events are sent to'})

// The settings create and update share: "same fields except name and description, all optional, plus url".
const PUSH_EVENTS_BRANCH_FILTER = text({description: 'send push events only for branches matching this filter', empty: 'clears'})
const SECRET_TOKEN = text({flag: 'secret-token', secret: true, empty: 'clears', description: "secret the receiver uses to validate payloads (sent as the API's `token`; never shown back)"})
const HOOK_SETTINGS = {
  branch_filter_strategy: choice(BRANCH_FILTER_STRATEGIES, {description: 'how --push-events-branch-filter matches branches (API default: wildcard)'}),
  push_events_branch_filter: PUSH_EVENTS_BRANCH_FILTER,
  push_events: boolean({description: 'send push events (API default for a system hook: off)'}),
  tag_push_events: boolean({description: 'send tag push events (API default: off)'}),
  merge_requests_events: boolean({description: 'send merge request events (API default: off)'}),
  repository_update_events: boolean({description: 'send repository update events (API default for a system hook: on)'}),
  enable_ssl_verification: boolean({description: 'verify the TLS certificate of the receiver (API default: on)'}),
  /** "secret used to validate received payloads": accepted on write, never returned */
  token: SECRET_TOKEN,
}

/** PUT /hooks/:hook_id: every input optional; "" clears the branch filter or the secret token */
export const HOOK_CHANGES = declare({
  url: optional(HOOK_URL, {description: 'new absolute http(s) URL'}),
  // lib/api/system_hooks.rb: the update takes the create's hook_parameters, name and description included
  name: text({description: 'new name of the hook', empty: 'clears'}),
  description: text({description: 'new description of the hook', empty: 'clears'}),
  ...HOOK_SETTINGS,
})
export type HookChanges = Values<typeof HOOK_CHANGES>

/** POST /hooks: url required; on a new hook an empty filter or token is simply none */
export const NEW_HOOK = declare({
  url: HOOK_URL,
  name: text({description: 'name of the hook (release 17.1 and later)'}),
  description: text({description: 'description of the hook (release 17.1 and later)', empty: 'value'}),
  ...HOOK_SETTINGS,
  push_events_branch_filter: renamed(PUSH_EVENTS_BRANCH_FILTER, {empty: 'value'}),
  token: renamed(SECRET_TOKEN, {empty: 'value'}),
})
export type NewHook = Values<typeof NEW_HOOK>

const URL_VARIABLE_KEY_INPUT = text({arg: true, required: true, description: 'URL variable key'})

/** the URL variable a delete names: "key (string)" */
export const URL_VARIABLE_KEY = declare({key: URL_VARIABLE_KEY_INPUT})

/** PUT /hooks/:hook_id/url_variables/:key: "key (string), value (string), both required" */
export const URL_VARIABLE = declare({
  key: URL_VARIABLE_KEY_INPUT,
  // often an API key of the receiver: asked for masked, never shown
  value: text({arg: true, required: true, secret: true, description: 'the value, or - for standard input'}),
})
export type UrlVariable = Values<typeof URL_VARIABLE>

/** "the response is always the mock payload" of a project creation event */
export interface HookTestPayload {
  project_id: ApiId
  owner_email: string
  owner_name: string
  name: string
  path: string
  event_name: string
}

const hookPath = (id: Id) => apiPath`/hooks/${id}`
const urlVariablePath = (id: Id, key: string) => apiPath`/hooks/${id}/url_variables/${key}`

/** the URL (it may hold credentials) and the token: hidden in the traces of reads too, which print the URL */
const SECRET_FIELDS = secretFieldsOf(NEW_HOOK)

export function listHooks(): ListSpec<SystemHook> {
  return listSpec<SystemHook>('/hooks', undefined, SECRET_FIELDS)
}

export function getHook(api: ApiClient, id: Id): Promise<SystemHook> {
  return api.get<SystemHook>(hookPath(id), undefined, SECRET_FIELDS)
}

/** the spec shows the created hook "as an array of one": either shape gives the one record */
export function createHook(api: ApiClient, hook: NewHook): Promise<SystemHook> {
  return api.post<SystemHook | SystemHook[]>('/hooks', {...hook}).then(one<SystemHook>('system hook'))
}

export function updateHook(api: ApiClient, id: Id, changes: HookChanges): Promise<SystemHook> {
  return api.put<SystemHook | SystemHook[]>(hookPath(id), {...changes}).then(one<SystemHook>('system hook'))
}

export function testHook(api: ApiClient, id: Id): Promise<HookTestPayload> {
  return api.post<HookTestPayload>(hookPath(id))
}

export function deleteHook(api: ApiClient, id: Id): Promise<void> {
  return api.delete(hookPath(id))
}

/** 204. The value often carries a secret (an API key in the URL): it is redacted from traces. */
export function setUrlVariable(api: ApiClient, id: Id, {key, value}: UrlVariable): Promise<void> {
  return api.request<void>({method: 'PUT', path: urlVariablePath(id, key), body: {value}, secretFields: secretFieldsOf(URL_VARIABLE), expect: 'none'}).then(() => undefined)
}

export function deleteUrlVariable(api: ApiClient, id: Id, key: string): Promise<void> {
  return api.delete(urlVariablePath(id, key))
}
