// Instance feature flags (document 2, "Features (administrator)"): /features.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {listFlag} from '../core/flags.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {fieldList} from '../core/record-fields.js'

export const GATE_KEYS = ['percentage_of_actors', 'percentage_of_time'] as const
export type GateKey = (typeof GATE_KEYS)[number]

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
export const DEFINITION_FIELDS = fieldList<FeatureDefinitionEntry>()(['name', 'introduced_by_url', 'rollout_issue_url', 'group',
  'type', 'default_enabled', 'milestone', 'log_state_changes'])

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

/** the actors a gate can target in one call; lists go to the API comma-separated */
export interface GateTargets {
  feature_group?: string
  user?: string
  group?: string
  namespace?: string
  project?: string
  repository?: string
}

export interface FeatureValue extends GateTargets {
  /** true, false, or a percentage 0 to 100 */
  value: boolean | number
  key?: GateKey
  force?: boolean
}

export function listFeatures(): ListSpec<Feature> {
  return listSpec<Feature>('/features')
}

export function listDefinitions(): ListSpec<FeatureDefinitionEntry> {
  return listSpec<FeatureDefinitionEntry>('/features/definitions')
}

/** "name (required, created if absent)" */
export function setFeature(api: ApiClient, name: string, input: FeatureValue): Promise<Feature> {
  return api.post<Feature>(apiPath`/features/${name}`, {...input})
}

/** "gate removed; identical response whether or not it existed" */
export function deleteFeature(api: ApiClient, name: string): Promise<void> {
  return api.delete(apiPath`/features/${name}`)
}

// ---- the flags `features set`, `enable` and `disable` share ---------------------------------------------

const TARGETS = ['feature-group', 'user', 'group', 'namespace', 'project', 'repository'] as const

/** gate targets, not scope flags: `--group` names a group the flag is enabled for */
export const gateTargetFlags = {
  'feature-group': listFlag({description: 'feature group(s) to gate (repeatable or comma list)'}),
  user: listFlag({description: 'username(s) to gate (repeatable or comma list)'}),
  group: listFlag({description: 'group path(s) to gate (repeatable or comma list)'}),
  namespace: listFlag({description: 'namespace path(s) to gate (repeatable or comma list)'}),
  project: listFlag({description: 'project path(s) to gate (repeatable or comma list)'}),
  repository: listFlag({description: 'repository path(s) to gate (repeatable or comma list)'}),
  force: Flags.boolean({description: 'skip validation such as the YAML definition', allowNo: true}),
}

/** the targets given, as the API takes them: "username or comma-separated list" */
export function gateTargets(flags: Partial<Record<(typeof TARGETS)[number], string[]>>): GateTargets {
  const out: Record<string, string> = {}
  for (const name of TARGETS) {
    const values = flags[name]?.map(v => v.trim())
    if (values === undefined) continue
    if (values.some(v => v === '')) throw new UsageError(`--${name} has an empty entry in its list`)
    out[name.replace('-', '_')] = values.join(',')
  }
  return out
}

/** VALUE of `features set`: "true, false, or an integer percentage" */
export function parseFeatureValue(raw: string): boolean | number {
  if (raw === 'true') return true
  if (raw === 'false') return false
  if (/^\d+$/.test(raw) && Number(raw) <= 100) return Number(raw)
  throw new UsageError(`VALUE must be true, false or a percentage from 0 to 100, got "${raw}"`)
}

/**
 * Actors take a boolean ("a feature can be enabled for a feature_group, user, group, namespace, project
 * and repository"); --key picks which percentage an integer sets, so it needs one.
 */
export function checkFeatureValue(value: boolean | number, key: string | undefined, targets: GateTargets): void {
  if (typeof value === 'number' && Object.keys(targets).length > 0) {
    throw new UsageError('gate targets (--user, --group, --project, ...) take VALUE true or false, not a percentage')
  }
  if (typeof value === 'boolean' && key !== undefined) throw new UsageError('--key applies to a percentage VALUE only')
}
