// Instance-level CI/CD variables (document 2, "Instance CI/CD variables (administrator)").
//
// Administrator only. The server checks the limits itself ("key at most 255 characters with only A-Z,
// a-z, 0-9, _; value at most 10,000 characters; description at most 255 characters"), and a masked value's
// rules, in ci-variable-records.ts, which the project and group variables share.
// Platform sources: lib/api/admin/ci/variables.rb, app/models/ci/instance_variable.rb.
import {blankVariable, INSTANCE_VALUE_LIMIT, renderVariable as render, strippedKey, type VariableRecord, validateVariable, variableFrom} from '../ci-variable-records.js'
import {created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Router, requireString} from '../router.js'
import type {Store} from '../store.js'

const validate = (v: VariableRecord) => validateVariable(v, INSTANCE_VALUE_LIMIT)

export default function register(r: Router, store: Store): void {
  const variables = store.slice('ci-variables', seedVariables)

  const find = (key: string): VariableRecord => {
    const variable = variables.get(key)
    if (!variable) throw notFound('Variable')
    return variable
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
    const key = strippedKey(requireString(ctx.input, 'key'))
    const variable = variableFrom(ctx.input, blankVariable(key))
    validate(variable)
    if (variables.has(key)) throw invalid(400, {key: [`(${key}) has already been taken`]})
    variables.set(key, variable)
    return created(render(variable))
  })

  r.put('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    const current = find(ctx.params.key!)
    // lib/api/admin/ci/variables.rb: every input of the update is optional, the value too
    const next = variableFrom(ctx.input, current, {valueOptional: true})
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
