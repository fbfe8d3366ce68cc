// Instance-level CI/CD variables (document 2, "Instance CI/CD variables (administrator)").
//
// Administrator only. The server checks the limits itself ("key at most 255 characters with only A-Z,
// a-z, 0-9, _; value at most 10,000 characters; description at most 255 characters") and answers with
// the platform's model-validation shape: 400 {"message": {"key": ["..."]}}.
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Input, oneOf, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import type {Store} from '../store.js'

const VARIABLE_TYPES = ['env_var', 'file'] as const

interface VariableRecord {
  key: string
  value: string
  description: string | null
  variable_type: (typeof VARIABLE_TYPES)[number]
  protected: boolean
  masked: boolean
  raw: boolean
}

export default function register(r: Router, store: Store): void {
  const variables = store.slice('ci-variables', seedVariables)

  const find = (key: string): VariableRecord => {
    const variable = variables.get(key)
    if (!variable) throw notFound('Variable')
    return variable
  }

  const render = (v: VariableRecord) => ({
    variable_type: v.variable_type,
    key: v.key,
    value: v.value,
    protected: v.protected,
    masked: v.masked,
    raw: v.raw,
    description: v.description,
  })

  /** "value (required)": an empty value is still a value */
  const requireValue = (input: Input): string => {
    const value = input.value
    if (value === undefined || value === null) throw badRequest('value is missing')
    if (typeof value !== 'string' && typeof value !== 'number') throw badRequest('value is invalid')
    return String(value)
  }

  /** the model's validations, all reported at once as the platform does */
  const validate = (v: VariableRecord) => {
    const problems: Record<string, string[]> = {}
    const add = (field: string, reason: string) => (problems[field] ??= []).push(reason)
    if ([...v.key].length > 255) add('key', 'is too long (maximum is 255 characters)')
    if (!/^[A-Za-z0-9_]+$/.test(v.key)) add('key', "can contain only letters, digits and '_'.")
    if ([...v.value].length > 10_000) add('value', 'is too long (maximum is 10000 characters)')
    if (v.description !== null && [...v.description].length > 255) add('description', 'is too long (maximum is 255 characters)')
    if (Object.keys(problems).length > 0) throw invalid(400, problems)
  }

  r.get('/admin/ci/variables', ctx => {
    store.requireAdmin(ctx.user)
    return paginate(ctx, [...variables.values()], render)
  })

  r.get('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    return ok(render(find(ctx.params.key!)))
  })

  r.post('/admin/ci/variables', ctx => {
    store.requireAdmin(ctx.user)
    const key = requireString(ctx.input, 'key')
    const variable: VariableRecord = {
      key,
      value: requireValue(ctx.input),
      description: optionalString(ctx.input, 'description') ?? null,
      variable_type: oneOf(ctx.input, 'variable_type', VARIABLE_TYPES) ?? 'env_var',
      protected: optionalBoolean(ctx.input, 'protected') ?? false,
      masked: optionalBoolean(ctx.input, 'masked') ?? false,
      raw: optionalBoolean(ctx.input, 'raw') ?? false,
    }
    validate(variable)
    if (variables.has(key)) throw invalid(400, {key: [`(${key}) has already been taken`]})
    variables.set(key, variable)
    return created(render(variable))
  })

  r.put('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    const current = find(ctx.params.key!)
    const next: VariableRecord = {
      ...current,
      value: requireValue(ctx.input),
      description: optionalString(ctx.input, 'description') ?? current.description,
      variable_type: oneOf(ctx.input, 'variable_type', VARIABLE_TYPES) ?? current.variable_type,
      protected: optionalBoolean(ctx.input, 'protected') ?? current.protected,
      masked: optionalBoolean(ctx.input, 'masked') ?? current.masked,
      raw: optionalBoolean(ctx.input, 'raw') ?? current.raw,
    }
    validate(next)
    variables.set(next.key, next)
    return ok(render(next))
  })

  r.delete('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    variables.delete(find(ctx.params.key!).key)
    return noContent()
  })
}

function seedVariables(): Map<string, VariableRecord> {
  const seeded: VariableRecord[] = [
    {key: 'DEPLOY_REGION', value: 'eu-west-1', description: 'Default cloud region', variable_type: 'env_var', protected: false, masked: false, raw: false},
    {key: 'REGISTRY_PASSWORD', value: 'c2VlZGVkLXJlZ2lzdHJ5LXBhc3N3b3Jk', description: null, variable_type: 'env_var', protected: true, masked: true, raw: false},
    {
      key: 'CA_BUNDLE',
      value: '-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----\n',
      description: 'Internal CA for jobs',
      variable_type: 'file',
      protected: false,
      masked: false,
      raw: true,
    },
  ]
  return new Map(seeded.map(v => [v.key, v]))
}
