// Instance-level CI/CD variables (document 2, "Instance CI/CD variables (administrator)"): /admin/ci/variables.
import {ApiError} from '../core/command/errors.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, secretFieldsOf, text, type Values} from '../core/input/input.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
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
}
export const CI_VARIABLE_FIELDS = fieldList<CiVariable>()(['key', 'value', 'description', 'variable_type', 'protected', 'masked', 'raw'])

/** the value stays out of list tables: `get` (or --json) shows it */
export const CI_VARIABLE_COLUMNS = ['key', 'variable_type', 'protected', 'masked', 'raw', 'description'] as const

// Limits: "key at most 255 characters with only A-Z, a-z, 0-9, _; value at most 10,000 characters;
// description at most 255 characters".
const KEY = text({arg: true, required: true, description: 'variable key', max: 255, pattern: [/^[A-Za-z0-9_]+$/, 'only A-Z, a-z, 0-9 and _']})

/** the variable a `get` or `delete` names */
export const VARIABLE_KEY = declare({key: KEY})

/** POST needs key and value; PUT takes the key in the path and needs the value too */
export const VARIABLE_INPUTS = declare({
  key: KEY,
  // an empty value is a value; it is asked for masked, as it is often a secret
  value: text({required: true, secret: true, file: true, empty: 'value', max: 10_000, description: 'the value (a file is sent as read, trailing line break included)'}),
  description: text({description: 'description, at most 255 characters', max: 255, empty: 'clears'}),
  variable_type: choice(VARIABLE_TYPES, {description: 'env_var (API default) or file'}),
  masked: boolean({description: 'mask the value in job logs (API default: off)'}),
  protected: boolean({description: 'expose it to protected branches and tags only (API default: off)'}),
  raw: boolean({description: 'do not expand variables inside the value (API default: off)'}),
})
export type VariableInput = Values<typeof VARIABLE_INPUTS>

/**
 * The value, secret wherever it travels: also in the answers of `list` and `get`, whose traces
 * (--verbose) show it as [REDACTED] while their output shows it, which is what they are for.
 */
const SECRET_FIELDS = secretFieldsOf(VARIABLE_INPUTS)

const variablePath = (key: string) => apiPath`/admin/ci/variables/${key}`

export function listVariables(): ListSpec<CiVariable> {
  return listSpec<CiVariable>('/admin/ci/variables', undefined, SECRET_FIELDS)
}

export function getVariable(api: ApiClient, key: string): Promise<CiVariable> {
  return api.get<CiVariable>(variablePath(key), undefined, SECRET_FIELDS)
}

export function createVariable(api: ApiClient, variable: VariableInput): Promise<CiVariable> {
  return api.post<CiVariable>('/admin/ci/variables', {...variable})
}

export function updateVariable(api: ApiClient, {key, ...changes}: VariableInput): Promise<CiVariable> {
  return api.put<CiVariable>(variablePath(key), {...changes})
}

export function deleteVariable(api: ApiClient, key: string): Promise<void> {
  return api.delete(variablePath(key))
}

/**
 * Create-or-update, for scripts that run again: the update is tried first (the usual case once a
 * script has run) and a 404 turns it into a create. Fields not given keep their value on an update
 * and take the API's defaults on a create.
 */
export async function setVariable(api: ApiClient, variable: VariableInput): Promise<{action: 'created' | 'updated'; variable: CiVariable}> {
  try {
    return {action: 'updated', variable: await updateVariable(api, variable)}
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error
    return {action: 'created', variable: await createVariable(api, variable)}
  }
}
