// Protected tags of a project, as the platform serves them: lib/api/protected_tags.rb (every route asks
// the Maintainer role: read/create/destroy_protected_tags come with manage_protected_tags, app/policies/
// project_policy.rb; below it 403, a project the caller cannot see 404), the record of
// lib/api/entities/protected_tag.rb (name and create_access_levels, no ID of its own) with each rule as
// lib/api/entities/protected_ref_access.rb shows it, the rule of ProtectedRefs::AccessLevelParams
// (app/services/protected_refs/access_level_params.rb: Maintainers when no level and no deploy key is
// given), the model's validations (app/models/protected_tag.rb: a name unique in the project, and
// present; app/models/concerns/protected_ref_access.rb: the levels 0, 30, 40, 60). There is no route that
// changes a protection: GET, POST and DELETE only.
import {badRequest, created, HttpError, noContent, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type AccessRule, renderRules} from '../protected-branch-rules.js'
import {type Ctx, type Input, optionalInteger, type Router} from '../router.js'
import type {SandboxProject, Store} from '../store.js'

/** ProtectedTag::CreateAccessLevel.allowed_access_levels (Instance admins too, off GitLab.com) */
const CREATE_LEVELS = [0, 30, 40, 60]

interface TagProtection {
  name: string
  create: AccessRule[]
}

/** the slice, for tests that look behind the API: project ID → protections by name, in the order made */
export type ProtectedTagsState = Map<number, Map<string, TagProtection>>

const NOT_FOUND = () => new HttpError(404, {message: '404 Not found'})

export default function register(r: Router, store: Store): void {
  const state = store.slice<ProtectedTagsState>('protected-tags', () => seedTags(store))
  const tagsOf = (project: SandboxProject) => {
    let tags = state.get(project.id)
    if (!tags) state.set(project.id, (tags = new Map()))
    return tags
  }
  const projectOf = (ctx: Ctx) => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
  const find = (ctx: Ctx) => {
    const project = projectOf(ctx)
    const tag = tagsOf(project).get(ctx.params.name!)
    if (!tag) throw NOT_FOUND()
    return {project, tag}
  }

  r.get('/projects/:id/protected_tags', ctx => paginate(ctx, [...tagsOf(projectOf(ctx)).values()], render))

  r.get('/projects/:id/protected_tags/:name', ctx => ok(render(find(ctx).tag)))

  r.post('/projects/:id/protected_tags', ctx => {
    const tags = tagsOf(projectOf(ctx))
    // `requires :name, type: String`: the key must be there; "" passes the API and fails the model
    const name = ctx.input.name
    if (name === undefined || name === null) throw badRequest('name is missing')
    if (typeof name !== 'string' && typeof name !== 'number') throw badRequest('name is invalid')
    const create = createRules(ctx.input)
    const problems = [...(String(name) === '' ? ["Name can't be blank"] : []), ...(tags.has(String(name)) ? ['Name has already been taken'] : [])]
    // render_api_error!(errors.full_messages, 422)
    if (problems.length > 0) throw new HttpError(422, {message: problems})
    const tag: TagProtection = {name: String(name), create}
    tags.set(tag.name, tag)
    return created(render(tag))
  })

  r.delete('/projects/:id/protected_tags/:name', ctx => {
    const {project, tag} = find(ctx)
    tagsOf(project).delete(tag.name)
    return noContent()
  })

  /** the level given (400 outside the allowed ones), then deploy keys of `allowed_to_create`; Maintainers when neither */
  function createRules(input: Input): AccessRule[] {
    const level = optionalInteger(input, 'create_access_level')
    if (level !== undefined && !CREATE_LEVELS.includes(level)) throw badRequest('create_access_level does not have a valid value')
    const raw = input.allowed_to_create
    const entries = raw === undefined || raw === null ? [] : Array.isArray(raw) ? (raw as unknown[]) : [raw]
    const keys = entries.map(entry => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw badRequest('allowed_to_create is invalid')
      return optionalInteger(entry as Input, 'deploy_key_id')
    })
    const deployKeys = keys.filter((key): key is number => key !== undefined)
    const role = level ?? (deployKeys.length === 0 ? 40 : undefined)
    return [
      ...(role === undefined ? [] : [{id: store.nextId(), access_level: role, user_id: null, group_id: null, deploy_key_id: null}]),
      ...deployKeys.map(key => ({id: store.nextId(), access_level: null, user_id: null, group_id: null, deploy_key_id: key})),
    ]
  }
}

function render(tag: TagProtection) {
  return {name: tag.name, create_access_levels: renderRules(tag.create, rule => (rule.deploy_key_id !== null ? 'Deploy key' : rule.user_id !== null ? 'User' : 'Group'))}
}

/** acme/platform/api: releases (v*) by Maintainers, release candidates by Developers; acme/website: v* by no one */
function seedTags(store: Store): ProtectedTagsState {
  const state: ProtectedTagsState = new Map()
  const rule = (level: number): AccessRule => ({id: store.nextId(), access_level: level, user_id: null, group_id: null, deploy_key_id: null})
  const tags = (...list: Array<[string, number]>) => new Map(list.map(([name, level]) => [name, {name, create: [rule(level)]}]))
  state.set(20, tags(['v*', 40], ['rc-*', 30]))
  state.set(21, tags(['v*', 0]))
  return state
}
