// Instance feature flags (document 2, "Features (administrator)"): /features.
import {CliError, ExitCode, UsageError} from '../core/base/errors.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, declare, list, RuleBroken, text, type Values} from '../core/input/input.js'
import {findInList, type ListSpec, listSpec} from '../core/lists/pagination.js'
import {fieldList} from './record-fields.js'

export const GATE_KEYS = ['percentage_of_actors', 'percentage_of_time'] as const

export interface FeatureGate {
  /** boolean, percentage_of_actors or percentage_of_time; the platform also shows actors and groups gates */
  key: string
  /** boolean for the boolean gate, an integer for percentages, a list for actors and feature groups */
  value: boolean | number | string[]
}

export interface FeatureDefinition {
  name: string
  introduced_by_url: string | null
  rollout_issue_url: string | null
  group: string | null
  type: string
  default_enabled: boolean
}

/** an entry of the definitions list, which adds milestone and log_state_changes */
export interface FeatureDefinitionEntry extends FeatureDefinition {
  milestone: string | null
  log_state_changes: boolean | null
}
export const DEFINITION_FIELDS = fieldList<FeatureDefinitionEntry>()(['name', 'introduced_by_url', 'rollout_issue_url', 'group', 'type', 'default_enabled', 'milestone', 'log_state_changes'])

export interface Feature {
  name: string
  state: 'on' | 'off' | 'conditional'
  gates: FeatureGate[]
  definition: FeatureDefinition | null
}
export const FEATURE_FIELDS = fieldList<Feature>()(['name', 'state', 'gates', 'definition'])

// gates (JSON) last: it is the long one, cut to fit the terminal.
export const FEATURE_COLUMNS = ['name', 'state', 'definition.type', 'gates'] as const
export const DEFINITION_COLUMNS = ['name', 'type', 'group', 'milestone', 'default_enabled'] as const

export function listFeatures(): ListSpec<Feature> {
  return listSpec<Feature>('/features')
}

/**
 * One flag: the API has no read of a single flag, and GET /features lists every flag that has a gate,
 * so the list is searched, page by page. A flag that no one has set is not listed: not found (exit 3).
 */
export async function findFeature(api: ApiClient, name: string): Promise<Feature> {
  const found = await findInList(api, listFeatures(), feature => feature?.name === name)
  if (found) return found
  throw new CliError(`feature flag "${name}" has no gate on this instance: GET /features does not list it (features definitions lists the flags the server knows)`, ExitCode.notFound)
}

export function listDefinitions(): ListSpec<FeatureDefinitionEntry> {
  return listSpec<FeatureDefinitionEntry>('/features/definitions')
}

// ---- inputs ---------------------------------------------------------------------------------------

const NAME = text({arg: true, required: true, description: 'feature flag name'})

/** the feature flag `features get` and `features delete` name */
export const FEATURE_NAME = declare({name: NAME})

const targets = (what: string) => list({description: `${what}(s) to gate (repeatable or comma list)`})

/**
 * Gate targets, not scopes: `--group` names a group the flag is set for. "a feature can be enabled
 * for a feature_group, user, group, namespace, project and repository in one call".
 */
const GATE_TARGETS = {
  feature_group: targets('feature group'),
  user: targets('username'),
  group: targets('group path'),
  namespace: targets('namespace path'),
  project: targets('project path'),
  repository: targets('repository path'),
  force: boolean({description: 'skip validation such as the YAML definition'}),
}

/** `features enable` and `disable`: the value is theirs, the targets are given */
export const FEATURE_SWITCH = declare({name: NAME, ...GATE_TARGETS})

/** "value (required: true, false, or a percentage)": the platform takes a decimal one too (set_feature_flag_service.rb, numeric_value?) */
const featureValue = custom<boolean | number, true>({
  arg: true,
  required: true,
  description: 'true, false, or a percentage 0-100',
  hint: 'true, false or a number from 0 to 100 (12.5 too)',
  parse: value => {
    if (value === 'true') return true
    if (value === 'false') return false
    if (/^\d+(\.\d+)?$/.test(value) && Number(value) <= 100) return Number(value)
    throw new RuleBroken('must be true, false or a percentage from 0 to 100')
  },
})

/** POST /features/:name: NAME and VALUE are arguments, in this order */
export const FEATURE_GATE = declare({
  name: NAME,
  value: featureValue,
  key: choice(GATE_KEYS, {description: 'which percentage an integer VALUE sets (API default: percentage_of_time)'}),
  ...GATE_TARGETS,
})
export type FeatureGateInput = Values<typeof FEATURE_GATE>

const TARGET_NAMES = ['feature_group', 'user', 'group', 'namespace', 'project', 'repository'] as const

/** "name (required, created if absent)"; targets go as the API takes them: "username or comma-separated list" */
export function setFeature(api: ApiClient, {name, ...gate}: FeatureGateInput): Promise<Feature> {
  const body: Record<string, unknown> = {...gate}
  for (const target of TARGET_NAMES) if (gate[target] !== undefined) body[target] = gate[target].join(',')
  return api.post<Feature>(apiPath`/features/${name}`, body)
}

/** "gate removed; identical response whether or not it existed" */
export function deleteFeature(api: ApiClient, name: string): Promise<void> {
  return api.delete(apiPath`/features/${name}`)
}

/**
 * Actors take a boolean ("a feature can be enabled for a feature_group, user, group, namespace, project
 * and repository"): the platform refuses a percentage with them. --key only picks which percentage an
 * integer sets; with true or false the platform ignores it, so it is left out, and `leftOutKey` says
 * which (the command says so).
 */
export function checkFeatureGate(given: FeatureGateInput): {gate: FeatureGateInput; leftOutKey?: string; whole?: boolean} {
  const stored = storedGateValue(given.value)
  const gate = {...given, value: stored}
  const targeted = TARGET_NAMES.some(target => gate[target] !== undefined)
  if (typeof gate.value === 'number' && targeted) {
    throw new UsageError('gate targets (--user, --group, --project, ...) take VALUE true or false, not a percentage')
  }
  if (typeof gate.value === 'boolean' && gate.key !== undefined) {
    const {key, ...rest} = gate
    return {gate: rest, leftOutKey: key, whole: stored !== given.value}
  }
  return {gate}
}

/**
 * The gate as the platform stores it: 100 % is the boolean gate on and 0 % is off, whatever the key
 * (app/services/admin/set_feature_flag_service.rb: enable? and disable? look at the value alone, and
 * Flipper clears every other gate when the boolean one is set). A plan compares with this, so that a
 * state file's `{percentage_of_actors: 100}` reads as the `true` the server will show.
 */
export function storedGateValue(value: boolean | number): boolean | number {
  if (value === 100) return true
  if (value === 0) return false
  return value
}
