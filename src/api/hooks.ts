// System hooks and their URL variables (document 2, "System hooks (administrator; self-managed)"): /hooks.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {apiInput} from '../core/api-input.js'
import {UsageError} from '../core/errors.js'
import {one} from '../core/one-record.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {validHttpUrl} from '../core/validate.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export const BRANCH_FILTER_STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const
export type BranchFilterStrategy = (typeof BRANCH_FILTER_STRATEGIES)[number]

export interface SystemHook {
  id: number
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
export const HOOK_FIELDS = fieldList<SystemHook>()(['id', 'url', 'name', 'description', 'created_at', 'push_events',
  'tag_push_events', 'merge_requests_events', 'repository_update_events', 'enable_ssl_verification', 'url_variables',
  'push_events_branch_filter', 'branch_filter_strategy'])

// What tells hooks apart, within 80 columns; the other event switches are one --columns (or --wide record) away.
export const HOOK_COLUMNS = ['id', 'name', 'url', 'push_events', 'created_at'] as const

/** the inputs of PUT /hooks/:hook_id ("same fields except name and description, all optional, plus url") */
export interface HookSettings {
  url?: string
  branch_filter_strategy?: BranchFilterStrategy
  enable_ssl_verification?: boolean
  merge_requests_events?: boolean
  push_events?: boolean
  push_events_branch_filter?: string
  repository_update_events?: boolean
  tag_push_events?: boolean
  /** "secret used to validate received payloads": accepted on write, never returned */
  token?: string
}

export interface NewHook extends HookSettings {
  url: string
  name?: string
  description?: string
}

/** "the response is always the mock payload" of a project creation event */
export interface HookTestPayload {
  project_id: number
  owner_email: string
  owner_name: string
  name: string
  path: string
  event_name: string
}

const hookPath = (id: Id) => apiPath`/hooks/${id}`
const urlVariablePath = (id: Id, key: string) => apiPath`/hooks/${id}/url_variables/${key}`

export function listHooks(): ListSpec<SystemHook> {
  return listSpec<SystemHook>('/hooks')
}

export function getHook(api: ApiClient, id: Id): Promise<SystemHook> {
  return api.get<SystemHook>(hookPath(id))
}

/** the spec shows the created hook "as an array of one": either shape gives the one record */
export function createHook(api: ApiClient, hook: NewHook): Promise<SystemHook> {
  return api.post<SystemHook | SystemHook[]>('/hooks', {...hook}).then(one<SystemHook>('system hook'))
}

export function updateHook(api: ApiClient, id: Id, changes: HookSettings): Promise<SystemHook> {
  return api.put<SystemHook | SystemHook[]>(hookPath(id), {...changes}).then(one<SystemHook>('system hook'))
}

export function testHook(api: ApiClient, id: Id): Promise<HookTestPayload> {
  return api.post<HookTestPayload>(hookPath(id))
}

export function deleteHook(api: ApiClient, id: Id): Promise<void> {
  return api.delete(hookPath(id))
}

/** 204. The value often carries a secret (an API key in the URL): it is redacted from traces. */
export function setUrlVariable(api: ApiClient, id: Id, key: string, value: string): Promise<void> {
  return api.request<void>({method: 'PUT', path: urlVariablePath(id, key), body: {value}, secretFields: ['value'], expect: 'none'}).then(() => undefined)
}

export function deleteUrlVariable(api: ApiClient, id: Id, key: string): Promise<void> {
  return api.delete(urlVariablePath(id, key))
}

// ---- validation and the flags `create` and `update` share --------------------------------------------------

/** the hook's target: an absolute http(s) URL */
export const validHookUrl = (value: string): string => validHttpUrl(value, 'url', 'https://hooks.example.com/receive')

/** KEY of a URL variable: "key (string) ... required" */
export const urlVariableKeyArg = () => Args.string({
  description: 'URL variable key',
  required: true,
  parse: async key => {
    if (key.trim() === '') throw new UsageError('KEY must not be empty')
    return key
  },
})

export const hookSettingFlags = {
  'branch-filter-strategy': Flags.string({description: 'how --push-events-branch-filter matches branches (API default: wildcard)', options: [...BRANCH_FILTER_STRATEGIES]}),
  'push-events-branch-filter': Flags.string({description: 'send push events only for branches matching this filter'}),
  'push-events': Flags.boolean({description: 'send push events (API default: on)', allowNo: true}),
  'tag-push-events': Flags.boolean({description: 'send tag push events (API default: off)', allowNo: true}),
  'merge-requests-events': Flags.boolean({description: 'send merge request events (API default: off)', allowNo: true}),
  'repository-update-events': Flags.boolean({description: 'send repository update events (API default: off)', allowNo: true}),
  'enable-ssl-verification': Flags.boolean({description: 'verify the TLS certificate of the receiver (API default: on)', allowNo: true}),
  'secret-token': Flags.string({description: 'secret the receiver uses to validate payloads (sent as the API\'s `token`; never shown back)'}),
}

export const HOOK_SETTING_NAMES = [
  'url', 'branch-filter-strategy', 'push-events-branch-filter', 'push-events', 'tag-push-events', 'merge-requests-events',
  'repository-update-events', 'enable-ssl-verification', 'secret-token',
] as const

interface HookSettingFlags {
  url?: string
  'branch-filter-strategy'?: string
  'push-events-branch-filter'?: string
  'push-events'?: boolean
  'tag-push-events'?: boolean
  'merge-requests-events'?: boolean
  'repository-update-events'?: boolean
  'enable-ssl-verification'?: boolean
  'secret-token'?: string
}

/** the settings that were given, as the API names them; `--secret-token` is the hook's `token` */
export function hookSettingsFrom(flags: HookSettingFlags): HookSettings {
  const {secret_token: token, branch_filter_strategy: strategy, ...rest} = apiInput(flags, HOOK_SETTING_NAMES)
  return {...rest, branch_filter_strategy: strategy as BranchFilterStrategy | undefined, token}
}
