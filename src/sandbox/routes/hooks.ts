// System hooks and their URL variables (document 2, "System hooks (administrator; self-managed)").
//
// Administrator only. The secret `token` "is accepted on write and never returned"; URL variables come back
// as keys only (the platform hides their values). Create answers with the hook as an object: the spec shows
// it "as an array of one", but the platform sends the record itself and real clients (python-gitlab) read
// an object; test answers 201 with the mock payload of a project creation event.
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {SEED_TIME, type Store} from '../store.js'

const STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const

interface HookRecord {
  id: number
  url: string
  name: string | null
  description: string | null
  created_at: string
  push_events: boolean
  tag_push_events: boolean
  merge_requests_events: boolean
  repository_update_events: boolean
  enable_ssl_verification: boolean
  push_events_branch_filter: string | null
  branch_filter_strategy: (typeof STRATEGIES)[number]
  token: string | null
  /** key → value; only the keys ever leave the server */
  url_variables: Map<string, string>
}

type HookSettings = Omit<HookRecord, 'id' | 'created_at' | 'name' | 'description' | 'url_variables'>

export default function register(r: Router, store: Store): void {
  const hooks = store.slice('hooks', () => seedHooks(store))

  const find = (ctx: Ctx, param: 'id' | 'hook_id'): HookRecord => {
    store.requireAdmin(ctx.user)
    const hook = hooks.get(Number(ctx.params[param]))
    if (!hook) throw notFound('Hook')
    return hook
  }

  const render = (h: HookRecord) => ({
    id: h.id,
    url: h.url,
    name: h.name,
    description: h.description,
    created_at: h.created_at,
    push_events: h.push_events,
    tag_push_events: h.tag_push_events,
    merge_requests_events: h.merge_requests_events,
    repository_update_events: h.repository_update_events,
    enable_ssl_verification: h.enable_ssl_verification,
    alert_status: 'executable',
    disabled_until: null,
    url_variables: [...h.url_variables.keys()].map(key => ({key})),
    push_events_branch_filter: h.push_events_branch_filter,
    branch_filter_strategy: h.branch_filter_strategy,
  })

  const readUrl = (ctx: Ctx, required: boolean): string | undefined => {
    const url = required ? requireString(ctx.input, 'url') : optionalString(ctx.input, 'url')
    if (url === undefined) return undefined
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw invalid(400, {url: ['is blocked: Only allowed schemes are http, https']})
    return url
  }

  /** the writable settings given in this request, each absent one left out */
  const settingsOf = (ctx: Ctx): Partial<HookSettings> => {
    const given = {
      url: readUrl(ctx, ctx.method === 'POST'),
      branch_filter_strategy: oneOf(ctx.input, 'branch_filter_strategy', STRATEGIES),
      push_events_branch_filter: optionalString(ctx.input, 'push_events_branch_filter'),
      push_events: optionalBoolean(ctx.input, 'push_events'),
      tag_push_events: optionalBoolean(ctx.input, 'tag_push_events'),
      merge_requests_events: optionalBoolean(ctx.input, 'merge_requests_events'),
      repository_update_events: optionalBoolean(ctx.input, 'repository_update_events'),
      enable_ssl_verification: optionalBoolean(ctx.input, 'enable_ssl_verification'),
      token: optionalString(ctx.input, 'token'),
    }
    return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined))
  }

  /** `url_variables: [{key, value}]` of a create or an update (the `url_variables` parameters of lib/api/system_hooks.rb) */
  const urlVariablesOf = (ctx: Ctx): Map<string, string> | undefined => {
    const given = ctx.input.url_variables
    if (given === undefined) return undefined
    if (!Array.isArray(given)) throw badRequest('url_variables is invalid')
    const variables = new Map<string, string>()
    for (const entry of given as unknown[]) {
      const {key, value} = (entry ?? {}) as {key?: unknown; value?: unknown}
      if (typeof key !== 'string' || key === '') throw badRequest('url_variables[key] is missing')
      if (typeof value !== 'string' || value === '') throw badRequest('url_variables[value] is missing')
      variables.set(key, value)
    }
    return variables
  }

  r.get('/hooks', ctx => {
    store.requireAdmin(ctx.user)
    return paginate(ctx, [...hooks.values()], render)
  })

  r.get('/hooks/:id', ctx => ok(render(find(ctx, 'id'))))

  r.post('/hooks', ctx => {
    store.requireAdmin(ctx.user)
    const settings = settingsOf(ctx)
    const hook: HookRecord = {
      id: store.nextId(),
      url: settings.url!,
      name: optionalString(ctx.input, 'name') ?? null,
      description: optionalString(ctx.input, 'description') ?? null,
      created_at: store.now(),
      // app/models/hooks/system_hook.rb: a system hook's own defaults (push off, repository update on),
      // not the web_hooks table's (push on)
      push_events: false,
      tag_push_events: false,
      merge_requests_events: false,
      repository_update_events: true,
      enable_ssl_verification: true,
      push_events_branch_filter: null,
      branch_filter_strategy: 'wildcard',
      token: null,
      url_variables: urlVariablesOf(ctx) ?? new Map(),
      ...settings,
    }
    hooks.set(hook.id, hook)
    return created(render(hook))
  })

  r.put('/hooks/:hook_id', ctx => {
    const hook = find(ctx, 'hook_id')
    const settings = settingsOf(ctx)
    const variables = urlVariablesOf(ctx)
    // app/models/hooks/web_hook.rb (reset_token, reset_url_variables): a new URL drops the secret token and
    // the URL variables, unless the same request gives them again
    if (settings.url !== undefined && settings.url !== hook.url) {
      if (settings.token === undefined) hook.token = null
      if (variables === undefined) hook.url_variables = new Map()
    }
    Object.assign(hook, settings)
    if (variables !== undefined) hook.url_variables = variables
    // the update takes name and description too (hook_parameters of lib/api/system_hooks.rb)
    for (const field of ['name', 'description'] as const) {
      if (ctx.input[field] === null) hook[field] = null
      else if (optionalString(ctx.input, field) !== undefined) hook[field] = optionalString(ctx.input, field)!
    }
    return ok(render(hook))
  })

  // "runs the hook with mock data; the response is always the mock payload"
  r.post('/hooks/:id', ctx => {
    find(ctx, 'id')
    return created({project_id: 1, owner_email: 'example@gitlabhq.com', owner_name: 'Someone', name: 'Ruby', path: 'ruby', event_name: 'project_create'})
  })

  r.delete('/hooks/:id', ctx => {
    hooks.delete(find(ctx, 'id').id)
    return noContent()
  })

  r.put('/hooks/:hook_id/url_variables/:key', ctx => {
    const hook = find(ctx, 'hook_id')
    const value = ctx.input.value
    if (value === undefined || value === null || value === '') throw badRequest('value is missing')
    if (typeof value !== 'string') throw badRequest('value is invalid')
    hook.url_variables.set(ctx.params.key!, value)
    return noContent()
  })

  r.delete('/hooks/:hook_id/url_variables/:key', ctx => {
    const hook = find(ctx, 'hook_id')
    if (!hook.url_variables.delete(ctx.params.key!)) throw notFound('URL variable')
    return noContent()
  })
}

function seedHooks(store: Store): Map<number, HookRecord> {
  const id = store.nextId()
  return new Map([
    [
      id,
      {
        id,
        url: 'https://audit.example.com/forge/{tenant}',
        name: 'Audit log',
        description: 'Ships events to the audit service',
        created_at: SEED_TIME,
        push_events: true,
        tag_push_events: true,
        merge_requests_events: false,
        repository_update_events: true,
        enable_ssl_verification: true,
        push_events_branch_filter: null,
        branch_filter_strategy: 'wildcard' as const,
        token: 'seeded-hook-secret',
        url_variables: new Map([['tenant', 'acme-prod']]),
      },
    ],
  ])
}
