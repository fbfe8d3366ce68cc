// The CI/CD variable record the instance, group and project variable APIs share: its fields, how a
// request body fills them, the model's validations (all reported at once, in the platform's
// 400 {"message": {"key": [...]}} shape) and the JSON the platform returns. A key is stripped of white
// space before it is checked (Ci::HasVariable's key=); only the instance's values have a length limit
// (Ci::InstanceVariable; a project's or group's value may be longer); a project's or group's variable
// may be created masked and hidden, and a hidden one's value is never shown again (Ci::HidableVariable).
// Platform sources: app/models/concerns/ci/has_variable.rb, maskable.rb, hidable_variable.rb,
// app/models/ci/variable.rb, group_variable.rb, instance_variable.rb, lib/api/entities/ci/variable.rb. Masked values follow the
// platform's rule: at least 8 characters, one line without spaces, only the Base64 alphabet (RFC 4648,
// with its URL-safe `-` and `_`) and `@ : . ~`; a raw one (not expanded) any character but white space.
import {badRequest, invalid} from './http.js'
import {type Input, oneOf, optionalBoolean, optionalString} from './router.js'

export const VARIABLE_TYPES = ['env_var', 'file'] as const
const MASKABLE = /^[A-Za-z0-9+/=\-_@:.~]{8,}$/
/** Ruby's `\A\S{8,}\z` (Ci::Maskable's MASK_AND_RAW_REGEX): its `\s` is ASCII white space only */
const MASKABLE_RAW = /^[^ \t\n\v\f\r]{8,}$/u

export interface VariableRecord {
  key: string
  value: string
  description: string | null
  variable_type: (typeof VARIABLE_TYPES)[number]
  protected: boolean
  masked: boolean
  raw: boolean
  /** projects and groups only: the environments the variable applies to (`*`: all) */
  environment_scope?: string
  /** projects and groups only: masked and hidden, its value never shown (set on create only) */
  hidden?: boolean
}

/** Ruby's String#strip: ASCII white space and NUL at either end */
export const strippedKey = (key: string) => key.replace(/^[\t\n\v\f\r \0]+|[\t\n\v\f\r \0]+$/g, '')

/** "value (required)": an empty value is still a value */
export function requireValue(input: Input): string {
  const value = input.value
  if (value === undefined || value === null) throw badRequest('value is missing')
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest('value is invalid')
  return String(value)
}

/**
 * The record a request body makes of `current` (a blank record for a create). A create requires the
 * value; an update keeps the current one when the body has none (`valueOptional`): every input of the
 * platform's PUT is optional, and a PUT with none changes nothing (no at_least_one_of there).
 */
export function variableFrom(input: Input, current: VariableRecord, {valueOptional = false} = {}): VariableRecord {
  return {
    ...current,
    value: valueOptional && (input.value === undefined || input.value === null) ? current.value : requireValue(input),
    description: optionalString(input, 'description') ?? current.description,
    variable_type: oneOf(input, 'variable_type', VARIABLE_TYPES) ?? current.variable_type,
    protected: optionalBoolean(input, 'protected') ?? current.protected,
    masked: optionalBoolean(input, 'masked') ?? current.masked,
    raw: optionalBoolean(input, 'raw') ?? current.raw,
  }
}

/** a fresh record's defaults, before the body fills it */
export const blankVariable = (key: string): VariableRecord => ({
  key,
  value: '',
  description: null,
  variable_type: 'env_var',
  protected: false,
  masked: false,
  raw: false,
})

/** Ci::InstanceVariable's limit, and its own words for it */
export const INSTANCE_VALUE_LIMIT = {max: 10_000, message: 'The value of the provided variable exceeds the 10000 character limit'}

/** the model's validations, all reported at once as the platform does; `valueLimit`: the instance's only */
export function validateVariable(v: VariableRecord, valueLimit?: {max: number; message: string}): void {
  const problems: Record<string, string[]> = {}
  const add = (field: string, reason: string) => (problems[field] ??= []).push(reason)
  if ([...v.key].length > 255) add('key', 'is too long (maximum is 255 characters)')
  if (!/^[A-Za-z0-9_]+$/.test(v.key)) add('key', "can contain only letters, digits and '_'.")
  if (valueLimit && [...v.value].length > valueLimit.max) add('value', valueLimit.message)
  if (v.hidden === true && !v.masked) add('masked', 'should be true when variable is hidden')
  if (v.masked && !(v.raw ? MASKABLE_RAW : MASKABLE).test(v.value)) add('value', 'is invalid')
  if (v.description !== null && [...v.description].length > 255) add('description', 'is too long (maximum is 255 characters)')
  if (v.environment_scope !== undefined && (v.environment_scope === '' || [...v.environment_scope].length > 255)) add('environment_scope', 'is invalid')
  if (Object.keys(problems).length > 0) throw invalid(400, problems)
}

/** the platform's JSON: the instance's fields, plus environment_scope where the record has one */
export function renderVariable(v: VariableRecord) {
  return {
    variable_type: v.variable_type,
    key: v.key,
    value: v.hidden === true ? null : v.value,
    ...(v.hidden === undefined ? {} : {hidden: v.hidden}),
    protected: v.protected,
    masked: v.masked,
    raw: v.raw,
    ...(v.environment_scope === undefined ? {} : {environment_scope: v.environment_scope}),
    description: v.description,
  }
}
