// The `hooks` section of projects and groups (STATE.md; issue 37): their webhooks, by url, the url named
// in plans by hookName as the instance's system hooks are (it may be a secret reference). The token is
// write-only: the platform never returns it, so a plan says it cannot compare it, and export never writes it.
import {createWebhook, deleteWebhook, eventsOf, listWebhooks, NEW_WEBHOOK, type NewWebhook, updateWebhook, WEBHOOK_EVENTS, type WebhookChanges} from '../api/webhooks.js'
import {readAll} from './read-all.js'
import {type CurrentRecord, type ScopeKind, type Section, setFields} from './section.js'
import {exportedHookUrl, hookName, withTokenOnNewUrl} from './sections-instance.js'
import {scopeOf} from './sections-scoped.js'

const COMPARED = ['url', 'name', 'description', ...WEBHOOK_EVENTS, 'enable_ssl_verification', 'push_events_branch_filter', 'branch_filter_strategy', 'custom_webhook_template'] as const

/** what a new hook is without being told (the web_hooks table): left out of an export */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  ...Object.fromEntries(WEBHOOK_EVENTS.map(event => [event, event === 'push_events'])),
  enable_ssl_verification: true,
  branch_filter_strategy: 'wildcard',
}

const kindOf = (kind: ScopeKind) => (kind === 'groups' ? 'groups' : 'projects')

export const webhooks: Section = {
  name: 'hooks',
  kinds: ['groups', 'projects'],
  shape: 'list',
  inputs: NEW_WEBHOOK,
  identityFields: ['url'],
  // a new password in the URL names the same hook: the URL is compared all the same
  identityInPart: ['url'],
  identity: fields => hookName(String(fields.url)),
  // a project hook takes no member or subgroup events, a group hook no milestone events: the platform
  // would drop them silently, and every later plan would show the same change again
  recordRule(fields, kind) {
    const own = eventsOf(kindOf(kind))
    const other = WEBHOOK_EVENTS.find(event => fields[event] !== undefined && !own.includes(event))
    return other === undefined ? undefined : {field: other, rule: `applies to ${kind === 'groups' ? 'project' : 'group'} hooks only`}
  },
  secret: field => field === 'token' || field === 'url',
  async read(context, target) {
    return (await readAll(context, listWebhooks(scopeOf(target)), ['url', 'id'], {url: 'text'})).map(
      (hook): CurrentRecord => ({id: hookName(hook.url), ref: hook.id, fields: setFields(hook as unknown as Record<string, unknown>, COMPARED, true)}),
    )
  },
  create: ({api}, target, fields) => createWebhook(api, scopeOf(target), fields as NewWebhook),
  update: ({api}, target, current, changed, wanted) => updateWebhook(api, scopeOf(target), current.ref, withTokenOnNewUrl(changed, wanted) as WebhookChanges),
  remove: ({api}, target, current) => deleteWebhook(api, scopeOf(target), current.ref),
  exported({fields}) {
    const value = setFields(fields, COMPARED)
    for (const [field, fallback] of Object.entries(DEFAULTS)) if (value[field] === fallback) delete value[field]
    value.url = exportedHookUrl(value.url)
    return {value}
  },
}
