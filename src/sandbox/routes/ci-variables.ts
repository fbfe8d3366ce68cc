// CI/CD variables of the instance (document 2, "Instance CI/CD variables (administrator)"), of groups and
// of projects: the `ci-variables` topic's three scopes.
//
// The instance's are for administrators. The server checks the limits itself ("key at most 255 characters
// with only A-Z, a-z, 0-9, _; value at most 10,000 characters; description at most 255 characters"), and a
// masked value's rules, in ci-variable-records.ts, which the project and group variables share.
// Platform sources: lib/api/admin/ci/variables.rb, app/models/ci/instance_variable.rb.
//
// Project and group variables: /projects/:id/variables and /groups/:id/variables, the same record plus
// environment_scope (and hidden). A key may exist once per environment scope; `filter[environment_scope]`
// picks one when a key has several (without it, such a key is a 409, as the platform answers). A
// project's variables are for its Maintainers, a group's for its Owners (admin_cicd_variables). Each
// owner's variables live in one slice keyed by `projects:ID` or `groups:ID`.
//
// A group's PUT is not a project's: the platform looks the variable up by key alone unless the request
// has a `filter`, and when the filter matches nothing it still falls back to the key's first variable,
// whatever its scope; a project's PUT answers 404 there. Either PUT moves the variable to the
// `environment_scope` its body names.
// Platform sources: lib/api/ci/variables.rb, lib/api/group_variables.rb, lib/api/helpers/variables_helpers.rb,
// app/services/ci/change_variable_service.rb, app/finders/ci/variables_finder.rb, app/policies/group_policy.rb
// and project_policy.rb (admin_cicd_variables), app/models/concerns/ci/hidable_variable.rb.
import {blankVariable, INSTANCE_VALUE_LIMIT, renderVariable, strippedKey, type VariableRecord, validateVariable, variableFrom} from '../ci-variable-records.js'
import {created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import type {Store} from '../store.js'

const validate = (v: VariableRecord) => validateVariable(v, INSTANCE_VALUE_LIMIT)

export default function register(r: Router, store: Store): void {
  registerInstance(r, store)
  registerScoped(r, store)
}

function registerInstance(r: Router, store: Store): void {
  const variables = store.slice('ci-variables', seedVariables)

  const find = (key: string): VariableRecord => {
    const variable = variables.get(key)
    if (!variable) throw notFound('Variable')
    return variable
  }

  r.get('/admin/ci/variables', ctx => {
    store.requireAdmin(ctx.user)
    return paginate(ctx, [...variables.values()], renderVariable)
  })

  r.get('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    return ok(renderVariable(find(ctx.params.key!)))
  })

  r.post('/admin/ci/variables', ctx => {
    store.requireAdmin(ctx.user)
    const key = strippedKey(requireString(ctx.input, 'key'))
    const variable = variableFrom(ctx.input, blankVariable(key))
    validate(variable)
    if (variables.has(key)) throw invalid(400, {key: [`(${key}) has already been taken`]})
    variables.set(key, variable)
    return created(renderVariable(variable))
  })

  r.put('/admin/ci/variables/:key', ctx => {
    store.requireAdmin(ctx.user)
    const current = find(ctx.params.key!)
    // lib/api/admin/ci/variables.rb: every input of the update is optional, the value too
    const next = variableFrom(ctx.input, current, {valueOptional: true})
    validate(next)
    variables.set(next.key, next)
    return ok(renderVariable(next))
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

type Kind = 'projects' | 'groups'

function registerScoped(r: Router, store: Store): void {
  const all = store.slice('scoped-variables', seedScopedVariables)

  /** the variables of the project (Maintainer at least) or group (Owner) the request names */
  const variablesOf = (ctx: Ctx, kind: Kind): VariableRecord[] => {
    const id = kind === 'projects' ? store.projectFor(ctx.params.id!, ctx.user, 'maintainer').id : store.groupFor(ctx.params.id!, ctx.user, 'owner').id
    const key = `${kind}:${id}`
    if (!all.has(key)) all.set(key, [])
    return all.get(key)!
  }

  /** `filter[environment_scope]`, nested by the body parser */
  const scopeFilter = (input: Input): string | undefined => {
    const filter = input.filter
    return filter && typeof filter === 'object' && !Array.isArray(filter) ? optionalString(filter as Input, 'environment_scope') : undefined
  }

  const notFoundOf = (kind: Kind) => notFound(kind === 'projects' ? 'Variable' : 'GroupVariable')

  /** find_variable: the key's variables, narrowed by the filter; undefined when none, 409 when several */
  const lookUp = (ctx: Ctx, variables: VariableRecord[]): VariableRecord | undefined => {
    const scope = scopeFilter(ctx.input)
    const found = variables.filter(v => v.key === ctx.params.key && (scope === undefined || v.environment_scope === scope))
    if (found.length > 1) throw new HttpError(409, {message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'"})
    return found[0]
  }

  const find = (ctx: Ctx, kind: Kind, variables: VariableRecord[]): VariableRecord => {
    const found = lookUp(ctx, variables)
    if (!found) throw notFoundOf(kind)
    return found
  }

  /** the variable a PUT changes: a group's falls back to the key's first variable (see above) */
  const target = (ctx: Ctx, kind: Kind, variables: VariableRecord[]): VariableRecord => {
    if (kind === 'projects') return find(ctx, kind, variables)
    const found = ctx.input.filter === undefined ? undefined : lookUp(ctx, variables)
    const fallback = found ?? variables.find(v => v.key === ctx.params.key)
    if (!fallback) throw notFoundOf(kind)
    return fallback
  }

  const assertFree = (variables: VariableRecord[], v: VariableRecord, except?: VariableRecord) => {
    if (variables.some(o => o !== except && o.key === v.key && o.environment_scope === v.environment_scope)) {
      throw invalid(400, {key: [`(${v.key}) has already been taken`]})
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/variables`

    r.get(base, ctx => paginate(ctx, variablesOf(ctx, kind), renderVariable))

    r.get(`${base}/:key`, ctx => ok(renderVariable(find(ctx, kind, variablesOf(ctx, kind)))))

    r.post(base, ctx => {
      const variables = variablesOf(ctx, kind)
      const key = strippedKey(requireString(ctx.input, 'key'))
      // masked_and_hidden: a create only; it makes the variable masked and hidden
      const hidden = optionalBoolean(ctx.input, 'masked_and_hidden') === true
      const variable: VariableRecord = {...variableFrom(ctx.input, blankVariable(key)), environment_scope: optionalString(ctx.input, 'environment_scope') ?? '*', hidden}
      if (hidden) variable.masked = true
      validateVariable(variable)
      assertFree(variables, variable)
      variables.push(variable)
      return created(renderVariable(variable))
    })

    r.put(`${base}/:key`, ctx => {
      const variables = variablesOf(ctx, kind)
      const current = target(ctx, kind, variables)
      const next = {...variableFrom(ctx.input, current, {valueOptional: true}), environment_scope: optionalString(ctx.input, 'environment_scope') ?? current.environment_scope}
      // Ci::HidableVariable: a hidden variable's masking cannot change
      if (current.hidden === true && next.masked !== current.masked) throw invalid(400, {base: ['The visibility setting cannot be changed for masked and hidden variables.']})
      validateVariable(next)
      assertFree(variables, next, current)
      Object.assign(current, next)
      return ok(renderVariable(current))
    })

    r.delete(`${base}/:key`, ctx => {
      const variables = variablesOf(ctx, kind)
      variables.splice(variables.indexOf(find(ctx, kind, variables)), 1)
      return noContent()
    })
  }
}

function seedScopedVariables(): Map<string, VariableRecord[]> {
  const v = (key: string, value: string, extra: Partial<VariableRecord> = {}): VariableRecord => ({...blankVariable(key), value, environment_scope: '*', hidden: false, ...extra})
  return new Map([
    // acme/website: one key per environment, a masked secret, a file
    [
      'projects:21',
      [
        v('SITE_URL', 'https://staging.acme.example.com', {environment_scope: 'staging'}),
        v('SITE_URL', 'https://www.acme.example.com', {environment_scope: 'production', protected: true}),
        v('CDN_TOKEN', 'Y2RuLXRva2VuLXNlZWRlZA==', {masked: true, protected: true, description: 'Purges the CDN cache'}),
        v('ROBOTS_TXT', 'User-agent: *\nDisallow: /drafts/\n', {variable_type: 'file', raw: true}),
      ],
    ],
    ['projects:20', [v('API_LOG_LEVEL', 'info')]],
    // acme: shared by every project of the group
    ['groups:10', [v('NPM_REGISTRY', 'https://npm.acme.example.com'), v('NPM_TOKEN', 'npm_c2VlZGVkLW5wbS10b2tlbg', {masked: true, description: 'Read-only registry token'})]],
  ])
}
