// Project and group CI/CD variables: /projects/:id/variables and /groups/:id/variables, which the
// platform serves beside the instance's (routes/ci-variables.ts) with the same record plus
// environment_scope. A key may exist once per environment scope; `filter[environment_scope]` picks one
// when a key has several (without it, such a key is a 409, as the platform answers). Maintainers manage
// them; each owner's variables live in one slice keyed by `projects:ID` or `groups:ID`.
import {blankVariable, renderVariable, type VariableRecord, validateVariable, variableFrom} from '../ci-variable-records.js'
import {created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalString, type Router, requireString} from '../router.js'
import type {Store} from '../store.js'

type Kind = 'projects' | 'groups'

export default function register(r: Router, store: Store): void {
  const all = store.slice('scoped-variables', seedScopedVariables)

  /** the variables of the group or project the request names (Maintainer at least) */
  const variablesOf = (ctx: Ctx, kind: Kind): VariableRecord[] => {
    const id = kind === 'projects' ? store.projectFor(ctx.params.id!, ctx.user, 'maintainer').id : store.groupFor(ctx.params.id!, ctx.user, 'maintainer').id
    const key = `${kind}:${id}`
    if (!all.has(key)) all.set(key, [])
    return all.get(key)!
  }

  /** `filter[environment_scope]`, nested by the body parser */
  const scopeFilter = (input: Input): string | undefined => {
    const filter = input.filter
    return filter && typeof filter === 'object' && !Array.isArray(filter) ? optionalString(filter as Input, 'environment_scope') : undefined
  }

  const find = (ctx: Ctx, variables: VariableRecord[]): VariableRecord => {
    const scope = scopeFilter(ctx.input)
    const found = variables.filter(v => v.key === ctx.params.key && (scope === undefined || v.environment_scope === scope))
    if (found.length === 0) throw notFound('Variable')
    if (found.length > 1) throw new HttpError(409, {message: "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'"})
    return found[0]!
  }

  const assertFree = (variables: VariableRecord[], v: VariableRecord, except?: VariableRecord) => {
    if (variables.some(o => o !== except && o.key === v.key && o.environment_scope === v.environment_scope)) {
      throw invalid(400, {key: [`(${v.key}) has already been taken`]})
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/variables`

    r.get(base, ctx => paginate(ctx, variablesOf(ctx, kind), renderVariable))

    r.get(`${base}/:key`, ctx => ok(renderVariable(find(ctx, variablesOf(ctx, kind)))))

    r.post(base, ctx => {
      const variables = variablesOf(ctx, kind)
      const key = requireString(ctx.input, 'key')
      const variable = {...variableFrom(ctx.input, blankVariable(key)), environment_scope: optionalString(ctx.input, 'environment_scope') ?? '*'}
      validateVariable(variable)
      assertFree(variables, variable)
      variables.push(variable)
      return created(renderVariable(variable))
    })

    r.put(`${base}/:key`, ctx => {
      const variables = variablesOf(ctx, kind)
      const current = find(ctx, variables)
      const next = {...variableFrom(ctx.input, current, {valueOptional: true}), environment_scope: optionalString(ctx.input, 'environment_scope') ?? current.environment_scope}
      validateVariable(next)
      assertFree(variables, next, current)
      Object.assign(current, next)
      return ok(renderVariable(current))
    })

    r.delete(`${base}/:key`, ctx => {
      const variables = variablesOf(ctx, kind)
      variables.splice(variables.indexOf(find(ctx, variables)), 1)
      return noContent()
    })
  }
}

function seedScopedVariables(): Map<string, VariableRecord[]> {
  const v = (key: string, value: string, extra: Partial<VariableRecord> = {}): VariableRecord => ({...blankVariable(key), value, environment_scope: '*', ...extra})
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
