// Package protection rules of a project (document 1, "Package protection rules"). Maintainer role at
// least (403 below; 404 for a private project the caller cannot see).
//
// Choices where the spec is silent, after the platform:
// - package_type takes the platform's formats for protection rules (conan, generic, helm, maven, npm,
//   nuget, pypi); a pattern is unique per project and package type (422 "has already been taken");
// - while the `packages_protected_packages_delete` feature flag is off (the default) the platform ignores
//   minimum_access_level_for_delete and returns the field as null; so a rule whose only level was the
//   delete level has no level at all and is refused like one with neither level (400);
// - a PATCH is checked on the rule it would produce: 400 when both levels end up unset;
// - the list is not paginated ("200, array of rule").
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {type Ctx, type Input, oneOf, optionalString, type Router, requireString} from '../router.js'
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
    if (!rule || rule.project_id !== project.id) throw notFound('Package Protection Rule')
    return rule
  }

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
    if (remove !== undefined && store.options.features.has(DELETE_FLAG)) fields.minimum_access_level_for_delete = remove
    return fields
  }

  /** the model's checks: length, and one rule per pattern and package type in a project */
  const check = (project: SandboxProject, rule: Omit<Rule, 'id'>, except?: Rule) => {
    if (rule.package_name_pattern.length > 255) throw invalid(422, {package_name_pattern: ['is too long (maximum is 255 characters)']})
    const taken = rulesOf(project).some(other => other !== except && other.package_type === rule.package_type && other.package_name_pattern === rule.package_name_pattern)
    if (taken) throw invalid(422, {package_name_pattern: ['has already been taken']})
  }

  r.get(base, ctx => ok(rulesOf(projectOf(ctx))))

  r.post(base, ctx => {
    const project = projectOf(ctx)
    requireString(ctx.input, 'package_name_pattern')
    requireString(ctx.input, 'package_type')
    const fields = readFields(ctx.input)
    const rule: Omit<Rule, 'id'> = {
      project_id: project.id,
      package_name_pattern: fields.package_name_pattern!,
      package_type: fields.package_type!,
      minimum_access_level_for_delete: fields.minimum_access_level_for_delete ?? null,
      minimum_access_level_for_push: fields.minimum_access_level_for_push ?? null,
    }
    if (rule.minimum_access_level_for_push === null && rule.minimum_access_level_for_delete === null) {
      const ignored = ctx.input.minimum_access_level_for_delete !== undefined && !store.options.features.has(DELETE_FLAG)
      throw badRequest(
        ignored
          ? `minimum_access_level_for_push is missing (minimum_access_level_for_delete is ignored while the ${DELETE_FLAG} feature flag is disabled)`
          : 'minimum_access_level_for_push, minimum_access_level_for_delete are missing, at least one parameter must be provided',
      )
    }
    check(project, rule)
    const stored: Rule = {id: store.nextId(), ...rule}
    rules.set(stored.id, stored)
    return created(stored)
  })

  r.patch(`${base}/:package_protection_rule_id`, ctx => {
    const project = projectOf(ctx)
    const rule = find(ctx, project)
    if (ctx.input.package_name_pattern === '') throw badRequest('package_name_pattern is empty')
    const changed = {...rule, ...readFields(ctx.input)}
    if (changed.minimum_access_level_for_push === null && changed.minimum_access_level_for_delete === null) {
      throw badRequest('A rule must have at least a minimum access role for push or delete.')
    }
    check(project, changed, rule)
    Object.assign(rule, changed)
    return ok(rule)
  })

  r.delete(`${base}/:package_protection_rule_id`, ctx => {
    const project = projectOf(ctx)
    rules.delete(find(ctx, project).id)
    return noContent()
  })
}

/** a level, null (JSON null or an empty value) to reset it, or undefined when absent */
function readLevel(input: Input, name: string, allowed: readonly string[]): string | null | undefined {
  if (!(name in input)) return undefined
  const value = input[name]
  if (value === null || value === '' || value === 'null') return null
  if (typeof value !== 'string' || !allowed.includes(value)) throw badRequest(`${name} does not have a valid value`)
  return value
}

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
