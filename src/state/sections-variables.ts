// CI/CD variables of groups and projects (the companions of the instance's): by key and environment
// scope, written in the file as the instance's are, with `environment_scope` where it is not `*`.
import {createVariable, deleteVariable, listVariables, SCOPED_VARIABLE_INPUTS, type ScopedVariableInput, updateVariable} from '../api/ci-variables.js'
import {readAll} from './read-all.js'
import type {CurrentRecord, Section} from './section.js'
import {exportedVariable, variableFields, variableRule, variableSecret, variableShorthand} from './sections-instance.js'
import {scopeOf} from './sections-scoped.js'

const FIELDS = ['value', 'description', 'variable_type', 'protected', 'masked', 'raw', 'environment_scope'] as const

/** a key is one record per environment scope: `KEY`, or `KEY (production)` for another scope than `*` */
const identity = (key: unknown, environmentScope: unknown) => (environmentScope === undefined || environmentScope === '*' ? String(key) : `${key} (${environmentScope})`)

export const scopedVariables: Section = {
  name: 'variables',
  kinds: ['groups', 'projects'],
  shape: 'map',
  keyField: 'key',
  several: true,
  inputs: SCOPED_VARIABLE_INPUTS,
  identityFields: ['environment_scope'],
  shorthand: variableShorthand,
  recordRule: variableRule,
  identity: fields => identity(fields.key, fields.environment_scope),
  secret: variableSecret,
  async read(context, target) {
    return (await readAll(context, listVariables(scopeOf(target)), ['key'])).map(
      (v): CurrentRecord => ({id: identity(v.key, v.environment_scope), ref: v.key, fields: variableFields(v as unknown as Record<string, unknown>, FIELDS)}),
    )
  },
  create: ({api}, target, fields) => createVariable(api, fields as ScopedVariableInput, scopeOf(target)),
  update: ({api}, target, current, changed, wanted) =>
    updateVariable(
      api,
      {...changed, key: String(current.ref), environment_scope: current.fields.environment_scope as string | undefined, value: wanted.value as string} as ScopedVariableInput,
      scopeOf(target),
    ),
  remove: ({api}, target, current) => deleteVariable(api, String(current.ref), scopeOf(target), current.fields.environment_scope as string | undefined),
  exported({ref, fields}) {
    const written = exportedVariable(fields, String(ref))
    const environmentScope = fields.environment_scope
    if (environmentScope === undefined || environmentScope === '*') return {key: String(ref), value: written}
    return {key: String(ref), value: {...(typeof written === 'object' && written !== null ? written : {value: written}), environment_scope: environmentScope}}
  },
}
