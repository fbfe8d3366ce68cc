// Package protection rules of a project, as the platform serves them: lib/api/project_packages_protection_rules.rb
// (Maintainer role at least, `authorize_admin_package!`: 403 below it, 404 for a private project the caller
// cannot see), the services app/services/packages/protection/{create,update}_rule_service.rb (a model's
// errors come back as 422 {"message": {"error": [full messages]}}), the model app/models/packages/protection/rule.rb
// (a pattern unique per project and package type, at most 255 characters, an npm or PyPI package name with
// `*` wildcards for those types, at least one level), and spec/requests/api/project_packages_protection_rules_spec.rb.
//
// - the levels' values are declared: JSON null is "unset", an empty string is not a value (400);
// - while the `packages_protected_packages_delete` feature flag is off (the default) the platform ignores
//   minimum_access_level_for_delete on the way in and shows it as null on the way out; so a rule whose only
//   level was the delete level has no level at all and is refused by the model (422);
// - the list is not paginated.
import {badRequest, created, HttpError, invalid, noContent, ok} from '../http.js'
import {type Ctx, type Input, oneOf, optionalString, type Router} from '../router.js'
import type {SandboxProject, Store} from '../store.js'

const PACKAGE_TYPES = ['conan', 'generic', 'helm', 'maven', 'npm', 'nuget', 'pypi'] as const
const PUSH_LEVELS = ['maintainer', 'owner', 'admin'] as const
const DELETE_LEVELS = ['owner', 'admin'] as const
const DELETE_FLAG = 'packages_protected_packages_delete'

interface Rule {
  id: number
  project_id: number
  package_name_pattern: string
  package_type: string
  minimum_access_level_for_delete: string | null
  minimum_access_level_for_push: string | null
}

type Fields = Partial<Omit<Rule, 'id' | 'project_id'>>

export default function register(r: Router, store: Store): void {
  const rules = store.slice('package-protection', () => seedRules(store))
  const base = '/projects/:id/packages/protection/rules'

  const projectOf = (ctx: Ctx): SandboxProject => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
  const rulesOf = (project: SandboxProject) => [...rules.values()].filter(rule => rule.project_id === project.id).sort((a, b) => a.id - b.id)

  const find = (ctx: Ctx, project: SandboxProject): Rule => {
    const id = ctx.params.package_protection_rule_id!
    if (!/^\d+$/.test(id)) throw badRequest('package_protection_rule_id is invalid')
    const rule = rules.get(Number(id))
    // `package_protection_rules.find`: a miss is the API's generic 404
    if (!rule || rule.project_id !== project.id) throw new HttpError(404, {message: '404 Not found'})
    return rule
  }
  const deleteFlagOn = () => store.options.features.has(DELETE_FLAG)
  /** the entity: the delete level shows as null while its feature flag is off, whatever is stored */
  const render = (rule: Rule): Rule => (deleteFlagOn() ? {...rule} : {...rule, minimum_access_level_for_delete: null})

  /** the fields the request gives (null clears a level); the delete level only behind its feature flag */
  const readFields = (input: Input): Fields => {
    const fields: Fields = {}
    const pattern = optionalString(input, 'package_name_pattern')
    if (pattern !== undefined) fields.package_name_pattern = pattern
    const type = oneOf(input, 'package_type', PACKAGE_TYPES)
    if (type !== undefined) fields.package_type = type
    const push = readLevel(input, 'minimum_access_level_for_push', PUSH_LEVELS)
    if (push !== undefined) fields.minimum_access_level_for_push = push
    const remove = readLevel(input, 'minimum_access_level_for_delete', DELETE_LEVELS)
    if (remove !== undefined && deleteFlagOn()) fields.minimum_access_level_for_delete = remove
    return fields
  }

  /** the model's validations, every failing one, as the services answer them (422, full messages) */
  const check = (project: SandboxProject, rule: Omit<Rule, 'id'>, except?: Rule) => {
    const errors: string[] = []
    const pattern = rule.package_name_pattern
    if (pattern === '') errors.push("Package name pattern can't be blank")
    const taken = rulesOf(project).some(other => other !== except && other.package_type === rule.package_type && other.package_name_pattern === pattern)
    if (taken) errors.push('Package name pattern has already been taken')
    if (pattern.length > 255) errors.push('Package name pattern is too long (maximum is 255 characters)')
    if (rule.package_type === 'npm' && !NPM_PATTERN.test(pattern)) errors.push('Package name pattern should be a valid NPM package name with optional wildcard characters.')
    if (rule.package_type === 'pypi' && !PYPI_PATTERN.test(pattern)) errors.push('Package name pattern should be a valid PyPI package name with optional wildcard characters.')
    if (rule.minimum_access_level_for_push === null && rule.minimum_access_level_for_delete === null) errors.push('A rule must have at least a minimum access role for push or delete.')
    if (errors.length > 0) throw invalid(422, {error: errors})
  }

  r.get(base, ctx => ok(rulesOf(projectOf(ctx)).map(render)))

  r.post(base, ctx => {
    const project = projectOf(ctx)
    for (const name of ['package_name_pattern', 'package_type']) if (ctx.input[name] === undefined || ctx.input[name] === null) throw badRequest(`${name} is missing`)
    const fields = readFields(ctx.input)
    const rule: Omit<Rule, 'id'> = {
      project_id: project.id,
      package_name_pattern: fields.package_name_pattern!,
      package_type: fields.package_type!,
      minimum_access_level_for_delete: fields.minimum_access_level_for_delete ?? null,
      minimum_access_level_for_push: fields.minimum_access_level_for_push ?? null,
    }
    // at_least_one_of: the keys, whatever their values (both null reaches the model, which refuses it)
    if (!('minimum_access_level_for_push' in ctx.input) && !('minimum_access_level_for_delete' in ctx.input)) {
      throw badRequest('minimum_access_level_for_push, minimum_access_level_for_delete are missing, at least one parameter must be provided')
    }
    check(project, rule)
    const stored: Rule = {id: store.nextId(), ...rule}
    rules.set(stored.id, stored)
    return created(render(stored))
  })

  r.patch(`${base}/:package_protection_rule_id`, ctx => {
    const project = projectOf(ctx)
    const rule = find(ctx, project)
    const changed = {...rule, ...readFields(ctx.input)}
    check(project, changed, rule)
    Object.assign(rule, changed)
    return ok(render(rule))
  })

  r.delete(`${base}/:package_protection_rule_id`, ctx => {
    const project = projectOf(ctx)
    rules.delete(find(ctx, project).id)
    return noContent()
  })
}

/** a level, null (JSON null) to reset it, or undefined when absent; anything else, "" too, is no value of the declared ones */
function readLevel(input: Input, name: string, allowed: readonly string[]): string | null | undefined {
  if (!(name in input)) return undefined
  const value = input[name]
  if (value === null) return null
  if (typeof value !== 'string' || !allowed.includes(value)) throw badRequest(`${name} does not have a valid value`)
  return value
}

// Gitlab::Regex::Packages::Protection::Rules: `*` alone, or an npm name (an optional @scope, a namespace
// path, then letters, digits, - + . _ and *), or a package name (optional @, segments joined by /, * in the last part)
const SCOPE = '(?:[a-zA-Z0-9_.][a-zA-Z0-9_.-]{0,254}[a-zA-Z0-9_-]|[a-zA-Z0-9_])(?<!\\.git|\\.atom)'
const NPM_PATTERN = new RegExp(`^(?:\\*|(?:@${SCOPE}/)?[-+._a-zA-Z0-9*]+)$`)
const PYPI_PATTERN = /^(?:\*|@?(?:[\w.+-]*\/)*[\w.-]+@?(?:[\w.+-]*\/)*[\w.*-]*)$/

function seedRules(store: Store): Map<number, Rule> {
  const seeded: Array<Omit<Rule, 'id'>> = [
    {project_id: 20, package_name_pattern: '@acme/*', package_type: 'npm', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: null},
    {project_id: 20, package_name_pattern: 'com/acme/platform-*', package_type: 'maven', minimum_access_level_for_push: 'owner', minimum_access_level_for_delete: null},
    {project_id: 21, package_name_pattern: 'acme-website', package_type: 'pypi', minimum_access_level_for_push: 'admin', minimum_access_level_for_delete: null},
  ]
  return new Map(
    seeded.map(rule => {
      const id = store.nextId()
      return [id, {id, ...rule}]
    }),
  )
}
