// Webhooks of projects and groups (issue 37), as the platform keeps them:
// lib/api/project_hooks.rb and ee/lib/api/group_hooks.rb (the parameters, each kind its own events),
// lib/api/helpers/web_hooks_helpers.rb (create and update: url_variables merged by key on update, an
// update with nothing in it refused), app/services/web_hooks/create_service.rb (422 "Invalid url given"),
// lib/api/entities/hook.rb with lib/api/entities/project_hook.rb and ee/lib/ee/api/entities/group_hook.rb
// (the answer: the token never, URL variables by key, the list without them), lib/api/hooks/trigger_test.rb
// (the test of one event), lib/api/hooks/url_variables.rb (one URL variable set or removed),
// app/services/test_hooks/project_service.rb (its sample) and app/models/hooks/web_hook.rb (a new URL drops the token and URL variables).
// Who may: admin_web_hook, which project_policy.rb gives whoever may admin the project (Maintainer) and
// ee/app/policies/ee/group_policy.rb whoever may admin the group (Owner).
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import {SEED_TIME, type Store} from '../store.js'

const STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const
const COMMON_EVENTS = [
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
const EVENTS = {projects: [...COMMON_EVENTS, 'milestone_events'], groups: [...COMMON_EVENTS, 'subgroup_events', 'member_events']} as const
type Kind = keyof typeof EVENTS
/** what a project's test answers for a sample it has no record to build from */
const NO_SAMPLE: Readonly<Record<string, string>> = {
  note_events: 'Ensure the project has notes.',
  confidential_note_events: 'Ensure the project has notes.',
  job_events: 'Ensure the project has CI jobs.',
  pipeline_events: 'Ensure the project has CI pipelines.',
}
const TEXTS = ['name', 'description', 'push_events_branch_filter', 'custom_webhook_template'] as const

interface WebhookRecord {
  id: number
  kind: Kind
  /** the project's or group's ID */
  owner: number
  url: string
  created_at: string
  events: Map<string, boolean>
  texts: Map<(typeof TEXTS)[number], string | null>
  enable_ssl_verification: boolean
  branch_filter_strategy: (typeof STRATEGIES)[number]
  token: string | null
  /** key → value; only the keys ever leave the server */
  url_variables: Map<string, string>
  custom_headers: Map<string, string>
  /** the triggers tested, in order: what a test reads back */
  tested: string[]
}

/** the web_hooks table's defaults: push events on, the others off, TLS checked */
const defaultEvents = (kind: Kind) => new Map<string, boolean>(EVENTS[kind].map(event => [event, event === 'push_events']))

export default function register(r: Router, store: Store): void {
  const hooks = store.slice('webhooks', () => seedWebhooks(store))

  /** the project or group, to a caller who may admin its hooks: 404 when they cannot see it, 403 below the role */
  const ownerOf = (ctx: Ctx, kind: Kind): number => (kind === 'projects' ? store.projectFor(ctx.params.id!, ctx.user, 'maintainer').id : store.groupFor(ctx.params.id!, ctx.user, 'owner').id)

  const find = (ctx: Ctx, kind: Kind): WebhookRecord => {
    const owner = ownerOf(ctx, kind)
    const hook = hooks.get(Number(ctx.params.hook_id))
    // hook_scope.find: another scope's hook is not found here
    if (!hook || hook.kind !== kind || hook.owner !== owner) throw notFound()
    return hook
  }

  const render = (h: WebhookRecord, withVariables = true) => ({
    id: h.id,
    url: h.url,
    name: h.texts.get('name') ?? null,
    description: h.texts.get('description') ?? null,
    created_at: h.created_at,
    push_events: h.events.get('push_events'),
    tag_push_events: h.events.get('tag_push_events'),
    merge_requests_events: h.events.get('merge_requests_events'),
    repository_update_events: false,
    enable_ssl_verification: h.enable_ssl_verification,
    alert_status: 'executable',
    disabled_until: null,
    ...(withVariables ? {url_variables: [...h.url_variables.keys()].map(key => ({key}))} : {}),
    push_events_branch_filter: h.texts.get('push_events_branch_filter') ?? null,
    branch_filter_strategy: h.branch_filter_strategy,
    custom_webhook_template: h.texts.get('custom_webhook_template') ?? null,
    ...(withVariables ? {custom_headers: [...h.custom_headers.keys()].map(key => ({key}))} : {}),
    ...(h.kind === 'projects' ? {project_id: h.owner} : {group_id: h.owner}),
    ...Object.fromEntries(h.events),
  })

  const readUrl = (ctx: Ctx): string | undefined => {
    const url = optionalString(ctx.input, 'url')
    if (url === undefined) return undefined
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw invalid(422, 'Invalid url given')
    return url
  }

  /** `url_variables` or `custom_headers`: [{key, value}], both required in each */
  const pairsOf = (ctx: Ctx, name: 'url_variables' | 'custom_headers'): Map<string, string> | undefined => {
    const given = ctx.input[name]
    if (given === undefined) return undefined
    if (!Array.isArray(given)) throw badRequest(`${name} is invalid`)
    const pairs = new Map<string, string>()
    for (const entry of given as unknown[]) {
      const {key, value} = (entry ?? {}) as {key?: unknown; value?: unknown}
      if (typeof key !== 'string' || key === '') throw badRequest(`${name}[key] is missing`)
      if (typeof value !== 'string' || value === '') throw badRequest(`${name}[value] is missing`)
      pairs.set(key, value)
    }
    return pairs
  }

  /** the parameters this kind of hook declares, as given; Grape drops the others (declared_params) */
  const given = (ctx: Ctx, kind: Kind) => {
    const events = new Map<string, boolean>()
    for (const event of EVENTS[kind]) {
      const value = optionalBoolean(ctx.input, event)
      if (value !== undefined) events.set(event, value)
    }
    const texts = new Map<(typeof TEXTS)[number], string | null>()
    for (const field of TEXTS) {
      if (ctx.input[field] === null) texts.set(field, null)
      else if (optionalString(ctx.input, field) !== undefined) texts.set(field, optionalString(ctx.input, field)!)
    }
    return {
      url: readUrl(ctx),
      events,
      texts,
      enable_ssl_verification: optionalBoolean(ctx.input, 'enable_ssl_verification'),
      branch_filter_strategy: oneOf(ctx.input, 'branch_filter_strategy', STRATEGIES),
      token: optionalString(ctx.input, 'token'),
      url_variables: pairsOf(ctx, 'url_variables'),
      custom_headers: pairsOf(ctx, 'custom_headers'),
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/hooks`

    // a project's list leaves out URL variables and custom headers (with_url_variables: false); a group's has them
    r.get(base, ctx => {
      const owner = ownerOf(ctx, kind)
      return paginate(
        ctx,
        [...hooks.values()].filter(h => h.kind === kind && h.owner === owner),
        h => render(h, kind === 'groups'),
      )
    })

    r.get(`${base}/:hook_id`, ctx => ok(render(find(ctx, kind))))

    r.post(base, ctx => {
      const owner = ownerOf(ctx, kind)
      if (ctx.input.url === undefined || ctx.input.url === null) throw badRequest('url is missing')
      const input = given(ctx, kind)
      const hook: WebhookRecord = {
        id: store.nextId(),
        kind,
        owner,
        url: input.url!,
        created_at: store.now(),
        events: new Map([...defaultEvents(kind), ...input.events]),
        texts: input.texts,
        enable_ssl_verification: input.enable_ssl_verification ?? true,
        branch_filter_strategy: input.branch_filter_strategy ?? 'wildcard',
        token: input.token ?? null,
        url_variables: input.url_variables ?? new Map(),
        custom_headers: input.custom_headers ?? new Map(),
        tested: [],
      }
      hooks.set(hook.id, hook)
      return created(render(hook))
    })

    r.put(`${base}/:hook_id`, ctx => {
      const hook = find(ctx, kind)
      const input = given(ctx, kind)
      const any =
        input.url !== undefined
        || input.events.size > 0
        || input.texts.size > 0
        || [input.enable_ssl_verification, input.branch_filter_strategy, input.token, input.url_variables, input.custom_headers].some(v => v !== undefined)
      if (!any) throw badRequest('No parameters provided')
      // web_hook.rb (reset_token, reset_url_variables): a new URL drops the token and the URL variables
      // unless the same request gives them again
      if (input.url !== undefined && input.url !== hook.url) {
        if (input.token === undefined) hook.token = null
        if (input.url_variables === undefined) hook.url_variables = new Map()
        hook.url = input.url
      }
      for (const [event, value] of input.events) hook.events.set(event, value)
      for (const [field, value] of input.texts) hook.texts.set(field, value)
      if (input.enable_ssl_verification !== undefined) hook.enable_ssl_verification = input.enable_ssl_verification
      if (input.branch_filter_strategy !== undefined) hook.branch_filter_strategy = input.branch_filter_strategy
      if (input.token !== undefined) hook.token = input.token
      // update_hook_params: the given pairs are merged into the hook's by key
      for (const [key, value] of input.url_variables ?? []) hook.url_variables.set(key, value)
      for (const [key, value] of input.custom_headers ?? []) hook.custom_headers.set(key, value)
      return ok(render(hook))
    })

    r.delete(`${base}/:hook_id`, ctx => {
      hooks.delete(find(ctx, kind).id)
      return noContent()
    })

    // trigger_test.rb: the trigger is one of the kind's events (400 otherwise); 201 once the receiver
    // answered 2xx. The sandbox sends nothing anywhere: it records the test and answers as a receiver's 200 would.
    r.post(`${base}/:hook_id/test/:trigger`, ctx => {
      const hook = find(ctx, kind)
      const trigger = ctx.params.trigger!
      if (!(EVENTS[kind] as readonly string[]).includes(trigger)) throw badRequest('trigger does not have a valid value')
      // app/services/test_hooks/project_service.rb: a sample is built from the project's own records, and
      // the sandbox's projects have no notes, CI jobs or pipelines
      const missing = NO_SAMPLE[trigger]
      if (kind === 'projects' && missing !== undefined) throw invalid(422, missing)
      hook.tested.push(trigger)
      return created({message: '201 Created'})
    })

    // lib/api/hooks/url_variables.rb: one variable set (merged by key) or removed; 204 either way
    r.put(`${base}/:hook_id/url_variables/:key`, ctx => {
      const hook = find(ctx, kind)
      const value = ctx.input.value
      if (value === undefined || value === null) throw badRequest('value is missing')
      if (typeof value !== 'string') throw badRequest('value is invalid')
      hook.url_variables.set(ctx.params.key!, value)
      return noContent()
    })

    r.delete(`${base}/:hook_id/url_variables/:key`, ctx => {
      const hook = find(ctx, kind)
      if (!hook.url_variables.delete(ctx.params.key!)) throw notFound('URL variable')
      return noContent()
    })
  }
}

function seedWebhooks(store: Store): Map<number, WebhookRecord> {
  const seeded = (kind: Kind, owner: number, url: string, name: string, events: Record<string, boolean>): WebhookRecord => ({
    id: store.nextId(),
    kind,
    owner,
    url,
    created_at: SEED_TIME,
    events: new Map([...defaultEvents(kind), ...Object.entries(events)]),
    texts: new Map([['name', name]]),
    enable_ssl_verification: true,
    branch_filter_strategy: 'wildcard',
    token: 'seeded-webhook-secret',
    url_variables: new Map(),
    custom_headers: new Map(),
    tested: [],
  })
  const hooks = [
    seeded('projects', 21, 'https://ci.example.com/hook', 'CI', {merge_requests_events: true, pipeline_events: true}),
    seeded('groups', 10, 'https://chat.example.com/hooks/acme', 'Chat', {push_events: false, issues_events: true, member_events: true}),
  ]
  return new Map(hooks.map(hook => [hook.id, hook]))
}
