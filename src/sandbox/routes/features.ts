// Instance feature flags (document 2, "Features (administrator)").
//
// The boolean gate of a flag is `store.options.features`: setting `labels_archive` to true through the API
// turns on the sandbox behaviour that other areas read, and a test toggling `/__sandbox/features` shows up
// here. Seeded flags that are on live in the slice (`seededOn`), so that the set other areas and tests
// read starts empty. The other gates (percentages, actors, feature groups) live in the slice too.
import {badRequest, badRequestMessage, created, noContent, ok} from '../http.js'
import {type Ctx, type Input, optionalBoolean, optionalString, type Router, readBoolean, requireString} from '../router.js'
import type {Store} from '../store.js'

interface Definition {
  name: string
  introduced_by_url: string | null
  rollout_issue_url: string | null
  milestone: string | null
  log_state_changes: boolean | null
  type: 'gitlab_com_derisk' | 'wip' | 'beta' | 'ops' | 'experiment' | 'worker'
  group: string | null
  default_enabled: boolean
}

interface Gates {
  percentage_of_time: number
  percentage_of_actors: number
  /** `User:3`, `Group:10`, `Project:20`, `Namespace:10`, `Repository:20` */
  actors: Set<string>
  /** feature groups, such as `gitlab_team_members` */
  groups: Set<string>
}

const ACTOR_INPUTS = ['user', 'group', 'namespace', 'project', 'repository'] as const
const FEATURE_GROUPS = ['gitlab_team_members', 'beta_testers'] as const

export default function register(r: Router, store: Store): void {
  const state = store.slice('features', () => seedFeatures())
  // The endpoint's own checks answer as the platform's bad_request! does: {"message": "400 Bad request - ..."}
  // (python-gitlab and gitbeaker show `message`); a parameter's declaration (key's values) keeps {"error"}.
  // read each time: a test may hand the store a set of its own
  const on = {
    has: (n: string) => store.options.features.has(n) || state.seededOn.has(n),
    add: (n: string) => void store.options.features.add(n),
    delete: (n: string) => {
      store.options.features.delete(n)
      state.seededOn.delete(n)
    },
    names: () => [...store.options.features, ...state.seededOn],
  }

  const empty = (): Gates => ({percentage_of_time: 0, percentage_of_actors: 0, actors: new Set(), groups: new Set()})
  const hasConditions = (g: Gates) => g.percentage_of_time > 0 || g.percentage_of_actors > 0 || g.actors.size > 0 || g.groups.size > 0

  /** the flags the instance knows: those set through the API since (Flipper's features table, off ones too), and those with a gate */
  const names = () => [...new Set([...on.names(), ...state.persisted, ...[...state.gates].filter(([, g]) => hasConditions(g)).map(([n]) => n)])].sort()

  const renderDefinition = (d: Definition | undefined) =>
    d ? {name: d.name, introduced_by_url: d.introduced_by_url, rollout_issue_url: d.rollout_issue_url, group: d.group, type: d.type, default_enabled: d.default_enabled} : null

  // The platform shows the boolean gate always, and the other gates only when they hold something.
  const render = (name: string) => {
    const g = state.gates.get(name) ?? empty()
    const gates: {key: string; value: boolean | number | string[]}[] = [{key: 'boolean', value: on.has(name)}]
    if (g.groups.size > 0) gates.push({key: 'groups', value: [...g.groups].sort()})
    if (g.actors.size > 0) gates.push({key: 'actors', value: [...g.actors].sort()})
    if (g.percentage_of_actors > 0) gates.push({key: 'percentage_of_actors', value: g.percentage_of_actors})
    if (g.percentage_of_time > 0) gates.push({key: 'percentage_of_time', value: g.percentage_of_time})
    const stateName = on.has(name) ? 'on' : hasConditions(g) ? 'conditional' : 'off'
    return {name, state: stateName, gates, definition: renderDefinition(state.definitions.find(d => d.name === name))}
  }

  /** the actors named in one call: "a feature can be enabled for a feature_group, user, group, namespace, project and repository in one call" */
  const actorsOf = (input: Input): {actors: string[]; groups: string[]} => {
    const list = (name: string) =>
      (optionalString(input, name) ?? '')
        .split(',')
        .map(s => s.trim())
        .filter(Boolean)
    const actors: string[] = []
    for (const kind of ACTOR_INPUTS) {
      for (const value of list(kind)) {
        try {
          if (kind === 'user') actors.push(`User:${store.findUser(value).id}`)
          else if (kind === 'group') actors.push(`Group:${store.findGroup(value).id}`)
          else if (kind === 'namespace') actors.push(`Namespace:${namespaceId(value)}`)
          else if (kind === 'project') actors.push(`Project:${store.findProject(value).id}`)
          else actors.push(`Repository:${store.findProject(value).id}`)
        } catch {
          throw badRequestMessage(`${kind} ${value} is not found!`)
        }
      }
    }
    const groups = list('feature_group')
    for (const g of groups) if (!(FEATURE_GROUPS as readonly string[]).includes(g)) throw badRequestMessage(`feature_group ${g} is not found!`)
    return {actors, groups}
  }
  const namespaceId = (path: string): number => {
    const group = [...store.groups.values()].find(g => g.full_path === path || String(g.id) === path)
    if (group) return group.id
    // a user's personal namespace carries the username as its path
    return store.findUser(path).id
  }

  // Both lists come whole, as the platform sends them: no pages, no pagination headers.
  r.get('/features', ctx => {
    store.requireAdmin(ctx.user)
    return ok(names().map(render))
  })

  r.get('/features/definitions', ctx => {
    store.requireAdmin(ctx.user)
    return ok([...state.definitions].sort((a, b) => a.name.localeCompare(b.name)).map(d => ({...d})))
  })

  // What a POST does, as the platform's Admin::SetFeatureFlagService (app/services/admin/set_feature_flag_service.rb)
  // and Flipper's adapters store it: "100" (or "100.0", "true") is the boolean gate turned on, whatever
  // `key` says, and turning it on clears every other gate; "0" (or "0.0", "false") clears every gate, and
  // the flag stays listed as off until DELETE removes it; a percentage changes its own gate only (the
  // boolean gate and the others stay); with targets, only true/false (100/0) are taken.
  r.post('/features/:name', (ctx: Ctx) => {
    store.requireAdmin(ctx.user)
    const name = ctx.params.name!
    if (!/^[a-z0-9_]+$/.test(name)) throw badRequestMessage('name is invalid')
    // JSON bodies carry true/false as booleans and numbers as numbers, forms and queries as strings
    const rawValue = ctx.input.value
    const raw = typeof rawValue === 'boolean' || typeof rawValue === 'number' ? String(rawValue) : requireString(ctx.input, 'value')
    const key = optionalString(ctx.input, 'key')
    // lib/api/features.rb: `key` is mutually exclusive with every target (Grape's {"error"} shape)
    if (key !== undefined) {
      const target = ['feature_group', ...ACTOR_INPUTS].find(t => optionalString(ctx.input, t) !== undefined)
      if (target) throw badRequest(`key, ${target} are mutually exclusive`)
    }
    optionalBoolean(ctx.input, 'force')
    const {actors, groups} = actorsOf(ctx.input)
    const targeted = actors.length > 0 || groups.length > 0
    const gates = state.gates.get(name) ?? empty()
    state.gates.set(name, gates)

    // the words python-gitlab and others send (True, on, yes) read as the platform's booleans; digits stay numbers
    const numeric = /^\d+(\.\d+)?$/.test(raw)
    const word = numeric ? undefined : readBoolean(raw)
    const enable = (numeric && Number(raw) === 100) || word === true
    const disable = (numeric && Number(raw) === 0) || word === false
    state.persisted.add(name)
    if (targeted) {
      if (!enable && !disable) throw badRequestMessage(`Cannot set '${name}' to ${JSON.stringify(raw)} for ${[...groups, ...actors].join(', ')}`)
      for (const a of actors) enable ? gates.actors.add(a) : gates.actors.delete(a)
      for (const g of groups) enable ? gates.groups.add(g) : gates.groups.delete(g)
      return created(render(name))
    }
    if (enable || disable) {
      // Flipper clears every gate when the boolean gate is set, on or off
      state.gates.set(name, empty())
      if (enable) on.add(name)
      else on.delete(name)
      return created(render(name))
    }
    const gate = key === undefined && numeric ? 'percentage_of_time' : key
    if (!numeric || (gate !== 'percentage_of_time' && gate !== 'percentage_of_actors')) {
      throw badRequestMessage(key === undefined ? `Cannot set '${name}' to ${JSON.stringify(raw)}` : `Cannot set '${name}' (${JSON.stringify(key)}) to ${JSON.stringify(raw)}`)
    }
    const percentage = Number(raw)
    // Flipper's percentage types refuse more than 100
    if (percentage > 100) throw badRequestMessage(`value must be a positive number less than or equal to 100, but was ${percentage}`)
    gates[gate] = percentage
    return created(render(name))
  })

  // "gate removed; identical response whether or not it existed"
  r.delete('/features/:name', ctx => {
    store.requireAdmin(ctx.user)
    state.persisted.delete(ctx.params.name!)
    on.delete(ctx.params.name!)
    state.gates.delete(ctx.params.name!)
    return noContent()
  })
}

function seedFeatures(): {definitions: Definition[]; gates: Map<string, Gates>; seededOn: Set<string>; persisted: Set<string>} {
  const def = (name: string, type: Definition['type'], group: string, milestone: string, default_enabled = false, issue = 1000): Definition => ({
    name,
    type,
    group,
    milestone,
    default_enabled,
    log_state_changes: null,
    introduced_by_url: `https://forge.example.com/platform/forge/-/merge_requests/${issue}`,
    rollout_issue_url: `https://forge.example.com/platform/forge/-/issues/${issue + 1}`,
  })
  const definitions = [
    def('labels_archive', 'wip', 'group::project management', '18.3', false, 2010),
    def('maven_virtual_registry', 'beta', 'group::package registry', '18.6', true, 2020),
    def('vulnerabilities_pdf_export', 'beta', 'group::security insights', '17.9', false, 2030),
    def('new_merge_request_dashboard', 'beta', 'group::code review', '17.2', false, 2040),
    def('ci_job_token_allowlist_autopopulation', 'gitlab_com_derisk', 'group::pipeline security', '17.6', false, 2050),
    {...def('sidekiq_throttle_exports', 'ops', 'group::import and integrate', '16.11', false, 2060), log_state_changes: true},
  ]
  const gates = new Map<string, Gates>()
  // A flag rolled out to part of the traffic and to one group, as an instance might have it.
  gates.set('new_merge_request_dashboard', {percentage_of_time: 25, percentage_of_actors: 0, actors: new Set(['Group:10']), groups: new Set()})
  return {definitions, gates, seededOn: new Set(['ci_job_token_allowlist_autopopulation']), persisted: new Set<string>()}
}
