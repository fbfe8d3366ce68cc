// The settings of projects and groups (issue 37): PUT /projects/:id and PUT /groups/:id, and the values
// that GET /projects/:id and /groups/:id show (routes/directory.ts spreads projectSettings and
// groupSettings into the records it renders). From the platform's source:
// - lib/api/projects.rb, PUT ':id': Grape checks the parameters first (400: `X is invalid` for a wrong
//   type, `X does not have a valid value` outside an enum, and `at_least_one_of` the editable fields,
//   listed in lib/api/helpers/projects_helpers.rb's update_params_at_least_one_of); then
//   authorize_admin_project (403 below Maintainer), and `change_visibility_level` for visibility (Owner,
//   app/policies/project_policy.rb); a model validation is 400 with the field's messages
//   (render_validation_error!): build_timeout from 10 minutes to below a month, and a visibility above
//   the group's (app/models/project.rb, visibility_level_allowed_by_group). The answer is the project.
// - lib/api/groups.rb, PUT ':id': `admin_group` (Owner, app/policies/group_policy.rb), no
//   at_least_one_of; the group's visibility is at most its parent's and at least its projects' and
//   subgroups' (app/models/group.rb, visibility_level_allowed?). The answer is the group.
// Parameters the endpoint does not declare are dropped (declared_params), as the platform does.
import {badRequest, forbidden, invalid} from '../http.js'
import {type Ctx, type Input, oneOf, optionalBoolean, optionalInteger, optionalString, type Router} from '../router.js'
import {ROLE, type SandboxGroup, type SandboxProject, type Store} from '../store.js'

type Kind = 'boolean' | 'integer' | 'text' | readonly string[]

const FEATURE = ['disabled', 'private', 'enabled'] as const
const VISIBILITY = ['private', 'internal', 'public'] as const

/** each setting kept here: how the endpoint reads it, and what a new project has */
const PROJECT_FIELDS: Record<string, {kind: Kind; initial: unknown}> = {
  merge_method: {kind: ['ff', 'rebase_merge', 'merge'], initial: 'merge'},
  squash_option: {kind: ['never', 'always', 'default_on', 'default_off'], initial: 'default_off'},
  only_allow_merge_if_pipeline_succeeds: {kind: 'boolean', initial: false},
  allow_merge_on_skipped_pipeline: {kind: 'boolean', initial: false},
  only_allow_merge_if_all_discussions_are_resolved: {kind: 'boolean', initial: false},
  remove_source_branch_after_merge: {kind: 'boolean', initial: true},
  resolve_outdated_diff_discussions: {kind: 'boolean', initial: false},
  printing_merge_request_link_enabled: {kind: 'boolean', initial: true},
  autoclose_referenced_issues: {kind: 'boolean', initial: true},
  request_access_enabled: {kind: 'boolean', initial: true},
  lfs_enabled: {kind: 'boolean', initial: true},
  shared_runners_enabled: {kind: 'boolean', initial: true},
  ci_config_path: {kind: 'text', initial: null},
  build_timeout: {kind: 'integer', initial: 3600},
  suggestion_commit_message: {kind: 'text', initial: null},
  issues_access_level: {kind: FEATURE, initial: 'enabled'},
  repository_access_level: {kind: FEATURE, initial: 'enabled'},
  merge_requests_access_level: {kind: FEATURE, initial: 'enabled'},
  forking_access_level: {kind: FEATURE, initial: 'enabled'},
  wiki_access_level: {kind: FEATURE, initial: 'enabled'},
  builds_access_level: {kind: FEATURE, initial: 'enabled'},
  snippets_access_level: {kind: FEATURE, initial: 'enabled'},
  container_registry_access_level: {kind: FEATURE, initial: 'enabled'},
  pages_access_level: {kind: [...FEATURE, 'public'], initial: 'enabled'},
}

const GROUP_FIELDS: Record<string, {kind: Kind; initial: unknown}> = {
  share_with_group_lock: {kind: 'boolean', initial: false},
  require_two_factor_authentication: {kind: 'boolean', initial: false},
  two_factor_grace_period: {kind: 'integer', initial: 48},
  project_creation_level: {kind: ['noone', 'owner', 'maintainer', 'developer', 'administrator'], initial: 'developer'},
  subgroup_creation_level: {kind: ['owner', 'maintainer'], initial: 'maintainer'},
  mentions_disabled: {kind: 'boolean', initial: false},
  lfs_enabled: {kind: 'boolean', initial: true},
  request_access_enabled: {kind: 'boolean', initial: true},
}

/** settings the seed starts with, so that export writes what is not a default (acme/platform/api, acme) */
const SEEDED: Record<'projects' | 'groups', Record<number, Record<string, unknown>>> = {
  projects: {20: {merge_method: 'ff', only_allow_merge_if_pipeline_succeeds: true, wiki_access_level: 'disabled'}},
  groups: {10: {project_creation_level: 'maintainer', two_factor_grace_period: 24}},
}

/** the values changed from the initial ones, per project and per group */
function changed(store: Store, kind: 'projects' | 'groups'): Map<number, Record<string, unknown>> {
  return store.slice(`settings-${kind}`, () => new Map(Object.entries(SEEDED[kind]).map(([id, values]) => [Number(id), {...values}])))
}

const initial = (fields: Record<string, {initial: unknown}>) => Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.initial]))

/** the settings a project's record shows */
export function projectSettings(store: Store, project: SandboxProject): Record<string, unknown> {
  return {...initial(PROJECT_FIELDS), ...changed(store, 'projects').get(project.id)}
}

/** the settings a group's record shows */
export function groupSettings(store: Store, group: SandboxGroup): Record<string, unknown> {
  return {...initial(GROUP_FIELDS), ...changed(store, 'groups').get(group.id)}
}

/** each declared parameter given, read by its type: 400 as Grape answers a wrong one */
function readFields(input: Input, fields: Record<string, {kind: Kind}>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, {kind}] of Object.entries(fields)) {
    if (input[name] === undefined) continue
    const value =
      kind === 'boolean' ? optionalBoolean(input, name) : kind === 'integer' ? optionalInteger(input, name) : kind === 'text' ? (optionalString(input, name) ?? null) : oneOf(input, name, kind)
    values[name] = value ?? null
  }
  return values
}

const LEVEL = {private: 0, internal: 10, public: 20} as const
type Visibility = keyof typeof LEVEL

/** the record as GET answers it: the GET route itself, so that both always agree */
async function asRead(r: Router, ctx: Ctx, path: string) {
  const found = r.match('GET', path)
  if (!found || !('route' in found)) throw new Error(`no GET ${path}`)
  return found.route.handler({...ctx, method: 'GET', params: found.params, input: {}})
}

export default function register(r: Router, store: Store): void {
  r.put('/projects/:id', ctx => {
    store.requireUser(ctx.user)
    const values = readFields(ctx.input, PROJECT_FIELDS)
    const description = optionalString(ctx.input, 'description')
    const visibility = oneOf(ctx.input, 'visibility', VISIBILITY)
    if (Object.keys(values).length === 0 && description === undefined && visibility === undefined) {
      throw badRequest(`${['description', 'visibility', ...Object.keys(PROJECT_FIELDS)].sort().join(', ')} are missing, at least one parameter must be provided`)
    }
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    if (visibility !== undefined && store.projectRole(project, ctx.user) < ROLE.owner) throw forbidden()
    const errors: Record<string, string[]> = {}
    const timeout = values.build_timeout
    if (typeof timeout === 'number' && (timeout < 600 || timeout >= 2_629_746)) errors.build_timeout = ['needs to be between 10 minutes and 1 month']
    const group = store.groups.get(project.namespace_id)
    if (visibility !== undefined && visibility !== project.visibility && group && LEVEL[visibility] > LEVEL[group.visibility]) {
      errors.visibility_level = [`${visibility} is not allowed in a ${group.visibility} group.`]
    }
    if (Object.keys(errors).length > 0) throw invalid(400, errors)
    if (description !== undefined) project.description = description
    if (visibility !== undefined) project.visibility = visibility
    const stored = changed(store, 'projects')
    stored.set(project.id, {...stored.get(project.id), ...values})
    return asRead(r, ctx, `/projects/${project.id}`)
  })

  r.put('/groups/:id', ctx => {
    store.requireUser(ctx.user)
    const values = readFields(ctx.input, GROUP_FIELDS)
    const description = optionalString(ctx.input, 'description')
    const visibility = oneOf(ctx.input, 'visibility', VISIBILITY)
    const group = store.groupFor(ctx.params.id!, ctx.user, 'owner')
    if (visibility !== undefined && visibility !== group.visibility) {
      const problem = visibilityProblem(store, group, visibility)
      if (problem) throw invalid(400, {visibility_level: [problem]})
    }
    if (description !== undefined) group.description = description
    if (visibility !== undefined) group.visibility = visibility
    const stored = changed(store, 'groups')
    stored.set(group.id, {...stored.get(group.id), ...values})
    return asRead(r, ctx, `/groups/${group.id}`)
  })
}

/** app/models/group.rb's visibility_level_allowed?: not above the parent, not below a project or subgroup */
function visibilityProblem(store: Store, group: SandboxGroup, visibility: Visibility): string | undefined {
  const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id)
  if (parent && LEVEL[visibility] > LEVEL[parent.visibility]) return `${visibility} is not allowed since the parent group has a ${parent.visibility} visibility.`
  if ([...store.projects.values()].some(p => p.namespace_id === group.id && LEVEL[p.visibility] > LEVEL[visibility]))
    return `${visibility} is not allowed since this group contains projects with higher visibility.`
  if ([...store.groups.values()].some(g => g.parent_id === group.id && LEVEL[g.visibility] > LEVEL[visibility]))
    return `${visibility} is not allowed since there are sub-groups with higher visibility.`
  return undefined
}
