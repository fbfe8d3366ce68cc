// The instance's sections (administrator): feature flags, CI/CD variables, system hooks and deploy keys.
import {createHash} from 'node:crypto'
import {createVariable, deleteVariable, listVariables, maskedValueProblem, updateVariable, VARIABLE_INPUTS, type VariableInput} from '../api/ci-variables.js'
import {createInstanceDeployKey, listInstanceDeployKeys, NEW_DEPLOY_KEY, type NewDeployKey} from '../api/deploy-keys.js'
import {deleteFeature, FEATURE_GATE, type FeatureGateInput, GATE_KEYS, listFeatures, setFeature, storedGateValue} from '../api/features.js'
import {createHook, deleteHook, type HookChanges, listHooks, NEW_HOOK, type NewHook, updateHook} from '../api/hooks.js'
import {parsePublicKey, sha256Fingerprint} from '../api/public-key.js'
import {URL_USERINFO} from '../core/base/redact.js'
import {readAll} from './read-all.js'
import {asReference} from './refs.js'
import {type CurrentRecord, type Section, setFields} from './section.js'
import {urlReference} from './url-reference.js'

const plainSecret = (field: string, secretFields: readonly string[]) => secretFields.includes(field)

/** `new_navigation: true`, `ci_beta: {percentage_of_actors: 25}`: the gate is the record */
export const features: Section = {
  name: 'features',
  kinds: ['instance'],
  shape: 'map',
  keyField: 'name',
  inputs: {name: FEATURE_GATE.name, value: FEATURE_GATE.value, key: FEATURE_GATE.key},
  shorthand(value) {
    if (typeof value === 'boolean') return {value}
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    if (keys.length === 1 && (GATE_KEYS as readonly string[]).includes(keys[0]!)) return {value: record[keys[0]!], key: keys[0]}
    return undefined
  },
  // 100 % and 0 % are read as the platform stores them, true and false (storedGateValue), whichever way
  // the file wrote them (`{percentage_of_actors: 100}`, `{value: 100.0}`, `{value: 0}`), so that the plan
  // after their `apply` has nothing left to change; the key then means nothing
  stored(fields) {
    if (typeof fields.value !== 'number') return fields
    const value = storedGateValue(fields.value)
    if (typeof value === 'number') return fields
    const {key: _key, ...rest} = fields
    return {...rest, value}
  },
  recordRule: fields => (typeof fields.key === 'string' && typeof fields.value !== 'number' ? {rule: `${fields.key} takes a percentage from 0 to 100`} : undefined),
  identity: fields => String(fields.name),
  // "false" clears every gate of a flag, after which GET /features no longer lists it
  absentMatches: fields => fields.value === false,
  secret: () => false,
  async read(context) {
    return (await readAll(context, listFeatures(), ['name', 'state'])).map(feature => {
      // a flag without gates (or a server that leaves the list out) has no percentage to read
      const percentage = (Array.isArray(feature.gates) ? feature.gates : []).find(gate => (GATE_KEYS as readonly string[]).includes(gate.key))
      const fields = feature.state === 'conditional' && percentage ? {value: percentage.value, key: percentage.key} : {value: feature.state === 'conditional' ? 'conditional' : feature.state === 'on'}
      return {id: feature.name, ref: feature.name, fields}
    })
  },
  create: ({api}, _target, fields) => setFeature(api, fields as FeatureGateInput),
  // A percentage is set alone on the platform (the boolean gate and the other percentage stay), so a flag
  // that is on, or gated otherwise, is turned off first (which clears every gate) and then given it.
  async update({api}, _target, current, _changed, wanted) {
    const name = String(current.ref)
    const samePercentage = typeof current.fields.value === 'number' && current.fields.key === (wanted.key ?? 'percentage_of_time')
    if (typeof wanted.value === 'number' && current.fields.value !== false && !samePercentage) await setFeature(api, {name, value: false})
    return setFeature(api, {...wanted, name} as FeatureGateInput)
  },
  remove: ({api}, _target, current) => deleteFeature(api, String(current.ref)),
  exported({id, fields}) {
    if (typeof fields.value === 'boolean') return {key: id, value: fields.value}
    if (typeof fields.value === 'number' && typeof fields.key === 'string') return {key: id, value: {[fields.key]: fields.value}}
    return undefined
  },
}

const VARIABLE_FIELDS = ['value', 'description', 'variable_type', 'protected', 'masked', 'raw'] as const

/** a variable as the file writes it: a plain value alone when nothing else is set; a masked value by reference */
export function exportedVariable(fields: Record<string, unknown>, suggestedName: string): unknown {
  const rest = setFields(fields, ['description', 'variable_type', 'protected', 'masked', 'raw'])
  if (rest.variable_type === 'env_var') delete rest.variable_type
  for (const flag of ['protected', 'masked', 'raw']) if (rest[flag] === false) delete rest[flag]
  // a value the server does not return (a hidden variable: null) is a secret too, not a variable to leave out
  const value = fields.masked === true || fields.value === undefined ? {env: suggestedName} : fields.value
  return Object.keys(rest).length === 0 && fields.masked !== true ? value : {value, ...rest}
}

/** a variable's fields as compared; a hidden variable's value (null, or not sent) is left out, so the plan says it cannot compare it */
export function variableFields(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const read = setFields(record, fields, true)
  if (read.value === null) delete read.value
  return read
}

/** the shared shape of a variable record: a plain value, a reference, or a mapping with `value` */
export const variableShorthand = (value: unknown): Record<string, unknown> | undefined =>
  value === null || typeof value !== 'object' || asReference(value).reference || asReference(value).bad ? {value} : undefined

/** a masked value the server would refuse (too short, spaces): the rule of `ci-variables create`, in the file */
export const variableRule = (fields: Record<string, unknown>): {field: string; rule: string} | undefined => {
  const problem = maskedValueProblem({value: fields.value as string, masked: fields.masked as boolean | undefined, raw: fields.raw as boolean | undefined})
  return problem ? {field: 'value', rule: problem} : undefined
}

/** a value is secret when it is masked or given by reference; a plain value is shown */
export const variableSecret = (field: string, fields: Record<string, unknown>, byReference: boolean): boolean => field === 'value' && (fields.masked === true || byReference)

export const instanceVariables: Section = {
  name: 'variables',
  kinds: ['instance'],
  shape: 'map',
  keyField: 'key',
  inputs: VARIABLE_INPUTS,
  shorthand: variableShorthand,
  recordRule: variableRule,
  identity: fields => String(fields.key),
  secret: variableSecret,
  async read(context) {
    return (await readAll(context, listVariables(), ['key'])).map(v => ({id: v.key, ref: v.key, fields: variableFields(v as unknown as Record<string, unknown>, VARIABLE_FIELDS)}))
  },
  create: ({api}, _target, fields) => createVariable(api, fields as VariableInput),
  update: ({api}, _target, current, changed, wanted) => updateVariable(api, {...changed, key: String(current.ref), value: wanted.value as string} as VariableInput),
  remove: ({api}, _target, current) => deleteVariable(api, String(current.ref)),
  exported: ({id, fields}) => ({key: id, value: exportedVariable(fields, id)}),
}

/**
 * How a plan names a hook, the file's and the server's alike: the URL's origin, and a fingerprint of
 * the rest. The URL is a secret input (credentials in it, or a chat service's incoming webhook whose
 * path or query is its key, often given as {env: …}), and a plan, its --json and a saved plan are read
 * in reviews and CI logs. Credentials are hidden before the fingerprint, so hooks match as they did.
 */
export function hookName(url: string): string {
  const shown = url.replace(URL_USERINFO, '$1***@')
  const origin = /^\w+:\/\/[^/?#]*/.exec(shown)?.[0]
  if (origin === undefined || shown === origin || shown === `${origin}/`) return origin === undefined ? `#${fingerprint(shown)}` : shown
  return `${origin}/…#${fingerprint(shown)}`
}

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12)

const HOOK_FIELDS = [
  'url',
  'name',
  'description',
  'push_events',
  'tag_push_events',
  'merge_requests_events',
  'repository_update_events',
  'enable_ssl_verification',
  'push_events_branch_filter',
  'branch_filter_strategy',
] as const

export const hooks: Section = {
  name: 'hooks',
  kinds: ['instance'],
  shape: 'list',
  inputs: NEW_HOOK,
  identityFields: ['url'],
  // a new password in the URL names the same hook: the URL is compared all the same
  identityInPart: ['url'],
  identity: fields => hookName(String(fields.url)),
  // the URL may carry credentials (the input is secret): the plan names the hook by hookName
  secret: field => plainSecret(field, ['token', 'url']),
  async read(context) {
    return (await readAll(context, listHooks(), ['url', 'id'], {url: 'text'})).map(hook => ({
      id: hookName(hook.url),
      ref: hook.id,
      fields: setFields(hook as unknown as Record<string, unknown>, HOOK_FIELDS, true),
    }))
  },
  create: ({api}, _target, fields) => createHook(api, fields as NewHook),
  update: ({api}, _target, current, changed, wanted) => updateHook(api, current.ref, withTokenOnNewUrl(changed, wanted) as HookChanges),
  remove: ({api}, _target, current) => deleteHook(api, current.ref),
  exported({fields}) {
    const value = setFields(fields, HOOK_FIELDS)
    value.url = exportedHookUrl(value.url)
    return {value}
  },
}

/**
 * A hook's update: the platform drops the token (and URL variables) with a new URL (web_hook.rb,
 * reset_token), so the file's token goes again with it; a file without a token leaves none.
 */
export function withTokenOnNewUrl(changed: Record<string, unknown>, wanted: Record<string, unknown>): Record<string, unknown> {
  return changed.url !== undefined && wanted.token !== undefined ? {...changed, token: wanted.token} : changed
}

/** a hook's URL as export writes it: {env: HOOK_URL_HOST} where it holds credentials (url-reference.ts) */
export const exportedHookUrl = (url: unknown): unknown => urlReference(url, 'HOOK')

/** a deploy key's identity: the SHA256 fingerprint of its public key */
export const keyFingerprint = (key: unknown): string => sha256Fingerprint(parsePublicKey(String(key)))

export const instanceDeployKeys: Section = {
  name: 'deploy_keys',
  kinds: ['instance'],
  shape: 'list',
  inputs: NEW_DEPLOY_KEY,
  identityFields: ['key'],
  // the API has no update or delete of an instance key: what it was created with stays
  createOnly: ['title', 'expires_at'],
  identity: fields => keyFingerprint(fields.key),
  secret: () => false,
  async read(context) {
    return (await readAll(context, listInstanceDeployKeys(), ['fingerprint_sha256', 'id'])).map(
      (key): CurrentRecord => ({id: key.fingerprint_sha256, ref: key.id, fields: {title: key.title, key: key.key}}),
    )
  },
  create: ({api}, _target, fields) => createInstanceDeployKey(api, fields as NewDeployKey),
  update: async () => undefined,
  exported: ({fields}) => ({value: {title: fields.title, key: fields.key}}),
}
