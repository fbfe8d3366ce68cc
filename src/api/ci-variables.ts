// CI/CD variables of the instance (document 2, "Instance CI/CD variables (administrator)"):
// /admin/ci/variables; and of a project or a group, which the platform serves with the same record plus
// environment_scope at /projects/:id/variables and /groups/:id/variables. One set of declarations and
// calls, parametrised by where the variables live; a key may exist once per environment scope there,
// and `filter[environment_scope]` picks one.
import {ApiError, CliError} from '../core/base/errors.js'
import type {ApiClient, Query} from '../core/http/request.js'
import {boolean, choice, declare, secretFieldsOf, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import type {ListSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

export const VARIABLE_TYPES = ['env_var', 'file'] as const
export type VariableType = (typeof VARIABLE_TYPES)[number]

export interface CiVariable {
  key: string
  value: string
  description: string | null
  variable_type: VariableType
  protected: boolean
  masked: boolean
  /** true means not expandable */
  raw: boolean
  /** projects and groups only: the environments it applies to (`*` all, `review/*` a pattern) */
  environment_scope?: string
}
export const CI_VARIABLE_FIELDS = fieldList<CiVariable>()(['key', 'value', 'description', 'variable_type', 'protected', 'masked', 'raw', 'environment_scope'])

/** the value stays out of list tables: `get` (or --json) shows it */
export const CI_VARIABLE_COLUMNS = ['key', 'variable_type', 'protected', 'masked', 'raw', 'description'] as const
/** a project's or group's table: the environment scope tells apart two variables of one key */
export const SCOPED_CI_VARIABLE_COLUMNS = ['key', 'environment_scope', 'variable_type', 'protected', 'masked', 'raw', 'description'] as const

/** where the variables live: the instance (no scope flag), a project or a group */
export type VariableScope = {kind: 'instance'} | Scope
export const INSTANCE: VariableScope = {kind: 'instance'}

// Limits: "key at most 255 characters with only A-Z, a-z, 0-9, _; value at most 10,000 characters;
// description at most 255 characters".
const KEY = text({arg: true, required: true, description: 'variable key', max: 255, pattern: [/^[A-Za-z0-9_]+$/, 'only A-Z, a-z, 0-9 and _']})

/** Ci::InstanceVariable's limit on a value, in characters */
export const INSTANCE_VALUE_MAX = 10_000

/**
 * The value input. Only the instance's values have a length limit on the platform
 * (app/models/ci/instance_variable.rb); a project's or group's may be longer (app/models/ci/variable.rb,
 * group_variable.rb have none), so their inputs take `variableValue()` without one.
 */
function variableValue(max?: number) {
  return text({required: true, secret: true, file: true, empty: 'value', ...(max === undefined ? {} : {max}), description: 'the value (a file is sent as read, trailing line break included)'})
}

/** the variable a `get` or `delete` names */
export const VARIABLE_KEY = declare({key: KEY})

/** POST needs key and value; PUT takes the key in the path and needs the value too */
export const VARIABLE_INPUTS = declare({
  key: KEY,
  // an empty value is a value; it is asked for masked, as it is often a secret
  value: variableValue(INSTANCE_VALUE_MAX),
  description: text({description: 'description, at most 255 characters', max: 255, empty: 'clears'}),
  variable_type: choice(VARIABLE_TYPES, {description: 'env_var (API default) or file'}),
  masked: boolean({description: 'mask the value in job logs (API default: off)'}),
  protected: boolean({description: 'expose it to protected branches and tags only (API default: off)'}),
  raw: boolean({description: 'do not expand variables inside the value (API default: off)'}),
})
export type VariableInput = Values<typeof VARIABLE_INPUTS>

/**
 * A project's or group's variable: which environments it applies to. Sent in the body of a create; on
 * a get, update or delete it is `filter[environment_scope]`, which picks the variable among those of
 * one key. The instance has no environments.
 */
export const ENVIRONMENT_SCOPE = declare({
  environment_scope: text({description: 'projects and groups: the environments it applies to, * for all (API default *), or a pattern such as review/*', max: 255}),
})
export type EnvironmentScope = Values<typeof ENVIRONMENT_SCOPE>

/** a project's or group's variable as the commands read it: its value has no length limit */
export const SCOPED_VALUE_INPUTS = declare({...VARIABLE_INPUTS, value: variableValue()})

/** a record of `--from-file` for a project or group: a variable and its environment scope */
export const SCOPED_VARIABLE_INPUTS = declare({...SCOPED_VALUE_INPUTS, ...ENVIRONMENT_SCOPE})
export type ScopedVariableInput = VariableInput & EnvironmentScope

// The platform's rule for a masked value (Ci::Maskable, "Masked variable requirements"): at least 8
// characters, one line without spaces, only the Base64 alphabet (RFC 4648, with its URL-safe `-` and
// `_`) and `@ : . ~`. A raw value (not expanded) may hold any character but white space: nothing in it
// is read as a variable, so `$`, `!` or `é` are masked as they are.
const MASKABLE_CHARACTER = /[A-Za-z0-9+/=\-_@:.~]/u
/** the platform's white space (Ruby's `\s`): what no masked value holds, raw or not */
const WHITE_SPACE = /[ \t\n\v\f\r]/u
const MASKED_MIN = 8

/**
 * Why a value cannot be masked ("cannot be masked: …", said of the value), or undefined when it can
 * (or is not masked). The server refuses such a value (400 "value is invalid"), so it is checked before
 * sending, on every path a value takes. The value itself is never quoted: it is often a secret.
 */
export function maskedValueProblem({value, masked, raw}: Pick<VariableInput, 'value' | 'masked' | 'raw'>): string | undefined {
  if (masked !== true || value === undefined) return undefined
  const characters = [...value]
  // a file's last line break (`echo "$TOKEN" > file`) is sent with the value, and said apart
  const lastBreak = /\r?\n$/.exec(value)?.[0] ?? ''
  const allowed = (c: string) => (raw === true ? !WHITE_SPACE.test(c) : MASKABLE_CHARACTER.test(c))
  const others = [...new Set([...value.slice(0, value.length - lastBreak.length)].filter(c => !allowed(c)))]
  const problems = [
    characters.length < MASKED_MIN ? `has ${characters.length} characters, fewer than ${MASKED_MIN}` : undefined,
    others.length > 0 ? `holds ${others.map(describeCharacter).join(', ')}` : undefined,
    lastBreak === '' ? undefined : 'ends with a line break (a file keeps its last one: write it with printf, not echo)',
  ].filter(Boolean)
  if (problems.length === 0) return undefined
  const rule =
    raw === true
      ? 'a masked raw value needs at least 8 characters, on one line without white space'
      : `a masked value needs at least ${MASKED_MIN} characters, on one line without spaces, of A-Z a-z 0-9 + / = - _ @ : . ~ only (any character but white space if raw)`
  return `cannot be masked: ${rule}; this one ${problems.join(' and ')}`
}

/** a character as words can show it: a space or line break is named, never printed */
function describeCharacter(c: string): string {
  if (c === ' ') return 'a space'
  if (c === '\n' || c === '\r') return 'a line break'
  if (/\s/u.test(c)) return 'white space'
  if (/[\p{Cc}\p{Cf}]/u.test(c)) return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  return `"${c}"`
}

/**
 * The value, secret wherever it travels: also in the answers of `list` and `get`, whose traces
 * (--verbose) show it as [REDACTED] while their output shows it, which is what they are for.
 */
const SECRET_FIELDS = secretFieldsOf(VARIABLE_INPUTS)

const variablesPath = (scope: VariableScope) => (scope.kind === 'instance' ? '/admin/ci/variables' : `${scopePath(scope)}/variables`)
const variables = collection<{parent: VariableScope; item: CiVariable; key: string; create: ScopedVariableInput; update: Omit<ScopedVariableInput, 'key'>}>(variablesPath, {
  secretFields: SECRET_FIELDS,
})

/** `filter[environment_scope]`: which of a key's variables a get, update or delete means */
const pick = (environmentScope: string | undefined): Query | undefined => (environmentScope === undefined ? undefined : {'filter[environment_scope]': environmentScope})

export function listVariables(scope: VariableScope = INSTANCE): ListSpec<CiVariable> {
  return variables.list(scope)
}

export function getVariable(api: ApiClient, key: string, scope: VariableScope = INSTANCE, environmentScope?: string): Promise<CiVariable> {
  return variables.get(api, scope, key, pick(environmentScope))
}

/** POST: the environment scope, if any, is the new variable's */
export function createVariable(api: ApiClient, variable: ScopedVariableInput, scope: VariableScope = INSTANCE): Promise<CiVariable> {
  return variables.create(api, scope, variable)
}

/**
 * PUT: the environment scope, if any, picks which of the key's variables changes. A group's PUT on the
 * platform looks a filter up but, when it matches nothing, falls back to the key's first variable
 * whatever its scope, and without a filter takes that first one even when the key has several
 * (lib/api/group_variables.rb, app/services/ci/change_variable_service.rb): the value every environment
 * uses could be overwritten. So a group's variable is read first, as a project's PUT finds it (GET
 * honours the filter): none is the 404, several the 409, a project's PUT answers. A project's variable
 * of a named scope is read first too (lib/api/ci/variables.rb finds it with the filter today, but a
 * server that let the filter go would change another scope's value, as the group's fallback does); a
 * project's PUT without a scope needs no read, since it answers the 409 for several itself. Every
 * answer's scope is checked: the read's before the write (nothing is written when it names another
 * scope), the write's after it, so a variable changed in another scope (removed between the two calls)
 * is said.
 */
export async function updateVariable(api: ApiClient, {key, environment_scope, ...changes}: ScopedVariableInput, scope: VariableScope = INSTANCE): Promise<CiVariable> {
  if (scope.kind === 'groups' || (scope.kind === 'projects' && environment_scope !== undefined)) {
    // a server that read another scope's variable (an older platform's GET ignored the filter) would
    // update that one too: the read's answer is checked before anything is written
    const read = (await getVariable(api, key, scope, environment_scope))?.environment_scope
    if (environment_scope !== undefined && read !== undefined && read !== environment_scope) {
      throw new CliError(
        `the server answered the variable ${key} of environment scope ${read}, not the one of ${environment_scope}, when asked for that one: nothing was changed, since its update could change the ${read} one (GET /api/v4${variablesPath(scope)}/${encodeURIComponent(key)})`,
      )
    }
  }
  const answer = await variables.update(api, scope, key, changes, pick(environment_scope))
  const changedScope = answer?.environment_scope
  if (environment_scope !== undefined && changedScope !== undefined && changedScope !== environment_scope) {
    throw new CliError(
      `the server changed the variable ${key} of environment scope ${changedScope}, not the one of ${environment_scope}: it has no variable ${key} in ${environment_scope} now; check ${key} (${changedScope}) and set it back if needed`,
    )
  }
  return answer
}

export function deleteVariable(api: ApiClient, key: string, scope: VariableScope = INSTANCE, environmentScope?: string): Promise<void> {
  return variables.remove(api, scope, key, pick(environmentScope))
}

/**
 * Create-or-update, for scripts that run again: the update is tried first (the usual case once a
 * script has run) and a 404 turns it into a create. Fields not given keep their value on an update
 * and take the API's defaults on a create. With an environment scope, the update changes the key's
 * variable of that scope, and the create makes one there.
 */
export async function setVariable(api: ApiClient, variable: ScopedVariableInput, scope: VariableScope = INSTANCE): Promise<{action: 'created' | 'updated'; variable: CiVariable}> {
  try {
    return {action: 'updated', variable: await updateVariable(api, variable, scope)}
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error
    return {action: 'created', variable: await createVariable(api, variable, scope)}
  }
}
