// Webhooks of projects and groups (issue 37): /projects/:id/hooks, /groups/:id/hooks. System hooks are
// api/hooks.ts. The platform's parameters: lib/api/project_hooks.rb, ee/lib/api/group_hooks.rb and
// lib/api/helpers/web_hooks_helpers.rb; the answer: lib/api/entities/hook.rb and its project and group
// entities; the test of a hook: lib/api/hooks/trigger_test.rb.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, optional, renamed, secretFieldsOf, text, url, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import type {ListSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {BRANCH_FILTER_STRATEGIES, type BranchFilterStrategy} from './hooks.js'
import {fieldList} from './record-fields.js'

/** the events both kinds of hook take (project_hook_properties and group_hook_properties) */
export const COMMON_EVENTS = [
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'job_events',
  'pipeline_events',
  'wiki_page_events',
  'deployment_events',
  'feature_flag_events',
  'releases_events',
  'emoji_events',
  'resource_access_token_events',
  'vulnerability_events',
] as const
/** lib/api/project_hooks.rb only */
export const PROJECT_ONLY_EVENTS = ['milestone_events'] as const
/** ee/lib/api/group_hooks.rb only */
export const GROUP_ONLY_EVENTS = ['subgroup_events', 'member_events'] as const
export const WEBHOOK_EVENTS = [...COMMON_EVENTS, ...PROJECT_ONLY_EVENTS, ...GROUP_ONLY_EVENTS] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export type Webhook = {
  id: ApiId
  url: string
  name: string | null
  description: string | null
  created_at: string
  /** a project's hook */
  project_id?: ApiId
  /** a group's hook */
  group_id?: ApiId
  repository_update_events: boolean
  enable_ssl_verification: boolean
  /** `executable`, `temporarily_disabled` or `disabled`: the platform's own verdict after failed deliveries */
  alert_status: string
  disabled_until: string | null
  /** keys only: the platform never returns the values (the list leaves them out altogether) */
  url_variables?: Array<{key: string}>
  custom_headers?: Array<{key: string}>
  push_events_branch_filter: string | null
  branch_filter_strategy: BranchFilterStrategy
  custom_webhook_template: string | null
} & {[E in WebhookEvent]?: boolean}

export const WEBHOOK_FIELDS = fieldList<Webhook>()([
  'id',
  'url',
  'name',
  'description',
  'created_at',
  'project_id',
  'group_id',
  ...WEBHOOK_EVENTS,
  'repository_update_events',
  'enable_ssl_verification',
  'alert_status',
  'disabled_until',
  'url_variables',
  'custom_headers',
  'push_events_branch_filter',
  'branch_filter_strategy',
  'custom_webhook_template',
])

export const WEBHOOK_COLUMNS = ['id', 'name', 'url', 'push_events', 'alert_status'] as const

/** the hook's target; it may carry credentials or be a chat service's key: secret, never shown in a refusal */
const WEBHOOK_URL = url({required: true, secret: true, example: 'https://ci.example.com/hook', description: 'absolute http(s) URL the events are sent to'})

const eventInput = (event: WebhookEvent) => {
  const words = event.replace(/_events$/, '').replace(/_/g, ' ')
  const only = (PROJECT_ONLY_EVENTS as readonly string[]).includes(event) ? ' (project hooks only)' : (GROUP_ONLY_EVENTS as readonly string[]).includes(event) ? ' (group hooks only)' : ''
  return boolean({description: `send ${words} events${only}${event === 'push_events' ? ' (API default: on)' : ' (API default: off)'}`})
}
const EVENTS = Object.fromEntries(WEBHOOK_EVENTS.map(event => [event, eventInput(event)])) as {[E in WebhookEvent]: ReturnType<typeof eventInput>}

const BRANCH_FILTER = text({description: 'send push events only for branches matching this filter', empty: 'clears'})
const SECRET_TOKEN = text({flag: 'secret-token', secret: true, empty: 'clears', description: "secret the receiver checks each delivery by (the API's `token`; never shown back)"})
const TEMPLATE = text({description: 'custom template for the request payload', empty: 'clears'})

const SETTINGS = {
  name: text({description: 'name of the hook', empty: 'clears'}),
  description: text({description: 'description of the hook', empty: 'clears'}),
  ...EVENTS,
  enable_ssl_verification: boolean({description: 'verify the TLS certificate of the receiver (API default: on)'}),
  push_events_branch_filter: BRANCH_FILTER,
  branch_filter_strategy: choice(BRANCH_FILTER_STRATEGIES, {description: 'how --push-events-branch-filter matches branches (API default: wildcard)'}),
  custom_webhook_template: TEMPLATE,
  /** "will not be returned in the response" */
  token: SECRET_TOKEN,
}

/** POST .../hooks: the url required, every other setting optional */
export const NEW_WEBHOOK = declare({
  url: WEBHOOK_URL,
  ...SETTINGS,
  name: renamed(SETTINGS.name, {empty: 'value'}),
  description: renamed(SETTINGS.description, {empty: 'value'}),
  push_events_branch_filter: renamed(BRANCH_FILTER, {empty: 'value'}),
  custom_webhook_template: renamed(TEMPLATE, {empty: 'value'}),
  token: renamed(SECRET_TOKEN, {empty: 'value'}),
})
export type NewWebhook = Values<typeof NEW_WEBHOOK>

/** PUT .../hooks/:hook_id: everything optional, at least one given ("No parameters provided" otherwise) */
export const WEBHOOK_CHANGES = declare({url: optional(WEBHOOK_URL, {description: 'new absolute http(s) URL'}), ...SETTINGS})
export type WebhookChanges = Values<typeof WEBHOOK_CHANGES>

/** the events a hook of this kind takes: a project's refuses the group's own and the other way round */
export const eventsOf = (kind: Scope['kind']): readonly WebhookEvent[] => (kind === 'projects' ? [...COMMON_EVENTS, ...PROJECT_ONLY_EVENTS] : [...COMMON_EVENTS, ...GROUP_ONLY_EVENTS])

/** POST .../hooks/:hook_id/test/:trigger: the event whose sample the platform sends */
export const WEBHOOK_TEST = declare({trigger: choice(WEBHOOK_EVENTS, {arg: true, flag: 'event', required: true, description: 'the event to send a sample of'})})

/** the URL (it may hold credentials) and the token: hidden in the traces of reads too, which print the URL */
const SECRET_FIELDS = secretFieldsOf(NEW_WEBHOOK)

const hooks = collection<{parent: Scope; item: Webhook; create: NewWebhook; update: WebhookChanges}>(scope => `${scopePath(scope)}/hooks`, {secretFields: SECRET_FIELDS})

export const listWebhooks = (scope: Scope): ListSpec<Webhook> => hooks.list(scope)
export const getWebhook = (api: ApiClient, scope: Scope, id: Id): Promise<Webhook> => hooks.get(api, scope, id)
export const createWebhook = (api: ApiClient, scope: Scope, hook: NewWebhook): Promise<Webhook> => hooks.create(api, scope, hook)
export const updateWebhook = (api: ApiClient, scope: Scope, id: Id, changes: WebhookChanges): Promise<Webhook> => hooks.update(api, scope, id, changes)
export const deleteWebhook = (api: ApiClient, scope: Scope, id: Id): Promise<void> => hooks.remove(api, scope, id)

/** 201 when the receiver answered 2xx; 422 with the platform's reason otherwise (no sample data, the receiver's error) */
export function testWebhook(api: ApiClient, scope: Scope, id: Id, trigger: WebhookEvent): Promise<void> {
  return api.request<void>({method: 'POST', path: `${hooks.member(scope, id)}${apiPath`/test/${trigger}`}`, expect: 'none'}).then(() => undefined)
}
