// Instance-level CI/CD variables (document 2, "Instance CI/CD variables (administrator)"): /admin/ci/variables.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {apiInput} from '../core/api-input.js'
import {ApiError, UsageError} from '../core/errors.js'
import {textFlag, textFrom, textOrFileFlags} from '../core/flags.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {recordBoolean, recordString, type FileRecord} from '../core/records-file.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {maxLength, oneOfValues} from '../core/validate.js'
import {fieldList} from '../core/record-fields.js'

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
export const CI_VARIABLE_FIELDS = fieldList<CiVariable>()(['key', 'value', 'description', 'variable_type',
  'protected', 'masked', 'raw'])

/** the value stays out of list tables: `get` (or --json) shows it */
export const CI_VARIABLE_COLUMNS = ['key', 'variable_type', 'protected', 'masked', 'raw', 'description'] as const

export interface VariableSettings {
  description?: string
  variable_type?: VariableType
  masked?: boolean
  protected?: boolean
  raw?: boolean
}

/** POST needs key and value; PUT takes the key in the path and needs the value too */
export interface VariableInput extends VariableSettings {
  key: string
  value: string
}

// Limits: "key at most 255 characters with only A-Z, a-z, 0-9, _; value at most 10,000 characters;
// description at most 255 characters".
export const KEY_MAX = 255
export const VALUE_MAX = 10_000
export const DESCRIPTION_MAX = 255
const KEY_PATTERN = /^[A-Za-z0-9_]+$/

export function validKey(key: string, label = 'KEY'): string {
  if (key.length > KEY_MAX) throw new UsageError(`${label} is ${key.length} characters long; the limit is ${KEY_MAX}`)
  if (!KEY_PATTERN.test(key)) throw new UsageError(`${label} may hold only A-Z, a-z, 0-9 and _, got "${key}"`)
  return key
}

export function validValue(value: string): string {
  return maxLength(value, VALUE_MAX, 'value')
}

const variablePath = (key: string) => apiPath`/admin/ci/variables/${key}`

export function listVariables(): ListSpec<CiVariable> {
  return listSpec<CiVariable>('/admin/ci/variables')
}

export function getVariable(api: ApiClient, key: string): Promise<CiVariable> {
  return api.get<CiVariable>(variablePath(key))
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

// ---- the inputs `create`, `update` and `set` share -------------------------------------------------------

/** KEY, checked against the spec's rule before anything is sent (exit 2) */
const KEY_DESCRIPTION = 'variable key: at most 255 characters of A-Z, a-z, 0-9 and _'
export const keyArg = () => Args.string({description: KEY_DESCRIPTION, required: true, parse: async key => validKey(key)})
export const optionalKeyArg = () => Args.string({description: `${KEY_DESCRIPTION} (not with --from-file)`, parse: async key => validKey(key)})

export const valueFlags = textOrFileFlags('value', 'the value, at most 10,000 characters (a file is sent as read, trailing line break included)')

export const settingFlags = {
  description: textFlag(DESCRIPTION_MAX)({description: 'description, at most 255 characters'}),
  'variable-type': Flags.string({description: 'env_var (API default) or file', options: [...VARIABLE_TYPES]}),
  masked: Flags.boolean({description: 'mask the value in job logs (API default: off)', allowNo: true}),
  protected: Flags.boolean({description: 'expose it to protected branches and tags only (API default: off)', allowNo: true}),
  raw: Flags.boolean({description: 'do not expand variables inside the value (API default: off)', allowNo: true}),
}

/** the parsed flags; --value and --value-file are read by `textFrom` */
type VariableFlags = {[flag: string]: unknown; description?: string; 'variable-type'?: string; masked?: boolean; protected?: boolean; raw?: boolean}
type Need = (value: string | undefined, name: string) => Promise<string>

/**
 * What `create`, `update` and `set` send: KEY, the value from --value or --value-file (asked for on a
 * terminal when neither was given: the API requires it on every write), and the settings given.
 */
export async function variableFromFlags(key: string, flags: VariableFlags, need: Need): Promise<VariableInput> {
  const value = validValue(await need(await textFrom(flags, 'value'), '--value or --value-file'))
  const {variable_type: type, ...settings} = apiInput(flags, ['description', 'variable-type', 'masked', 'protected', 'raw'])
  return {key, value, ...settings, variable_type: type as VariableType | undefined}
}

/** a variable from a `--from-file` record (fields named as the API names them), checked like the flags */
export function variableFromRecord(record: FileRecord): VariableInput {
  const variableType = recordString(record, 'variable_type')
  const description = recordString(record, 'description')
  // An empty value is a value (CSV cannot say so: an empty cell is an absent field).
  const value = record.value
  if (value === undefined || value === null) throw new UsageError('value is missing')
  if (typeof value === 'object') throw new UsageError('value must be text')
  return {
    key: validKey(recordString(record, 'key', true)!, 'key'),
    value: validValue(String(value)),
    description: description === undefined ? undefined : maxLength(description, DESCRIPTION_MAX, 'description'),
    variable_type: variableType === undefined ? undefined : oneOfValues(variableType as VariableType, VARIABLE_TYPES, 'variable_type'),
    masked: recordBoolean(record, 'masked'),
    protected: recordBoolean(record, 'protected'),
    raw: recordBoolean(record, 'raw'),
  }
}
