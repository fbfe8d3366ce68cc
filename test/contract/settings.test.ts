// Contract: the settings of projects and groups, as the platform's edit endpoints take them (issue 37).
// Sources (gitlabhq/gitlabhq): lib/api/projects.rb (PUT ':id': its parameters, at_least_one_of,
// authorize_admin_project, change_visibility_level, render_validation_error!),
// lib/api/helpers/projects_helpers.rb (the parameters' types and enums), lib/api/groups.rb (PUT ':id':
// admin_group, no at_least_one_of), lib/api/helpers/groups_helpers.rb, lib/api/entities/project.rb and
// lib/api/entities/group.rb (what GET shows), app/models/project.rb (build_timeout's range; a visibility
// above the group's), app/models/group.rb (visibility_level_allowed?), app/policies/project_policy.rb
// (change_visibility_level: Owner), app/policies/group_policy.rb (admin_group: Owner), lib/gitlab/access.rb
// (project_creation_string_values).
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const project = '/projects/21'
const group = '/groups/14'

type Rec = Record<string, unknown>

describe('PUT /projects/:id (lib/api/projects.rb)', () => {
  it('changes a setting, answers the project, and GET /projects/:id shows it from then on (lib/api/entities/project.rb)', async () => {
    const put = await sb.api<Rec>('PUT', project, {as: 'maintainer', body: {merge_method: 'rebase_merge', only_allow_merge_if_all_discussions_are_resolved: true}})
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({id: 21, path_with_namespace: 'acme/website', merge_method: 'rebase_merge', only_allow_merge_if_all_discussions_are_resolved: true})
    const read = await sb.api<Rec>('GET', project, {as: 'developer'})
    expect(read.body).toMatchObject({merge_method: 'rebase_merge', only_allow_merge_if_all_discussions_are_resolved: true, squash_option: 'default_off'})
  })

  it('needs at least one editable field; one it does not declare is dropped, not stored (at_least_one_of, declared_params)', async () => {
    const none = await sb.api<{error: string}>('PUT', project, {as: 'maintainer', body: {no_such_setting: true}})
    expect(none.status).toBe(400)
    expect(none.body.error).toMatch(/merge_method, .* are missing, at least one parameter must be provided$/)
    const mixed = await sb.api<Rec>('PUT', project, {as: 'maintainer', body: {no_such_setting: true, lfs_enabled: false}})
    expect(mixed.status).toBe(200)
    expect(mixed.body).not.toHaveProperty('no_such_setting')
  })

  it('checks types and enums before anything else: 400 "does not have a valid value", "is invalid" (lib/api/helpers/projects_helpers.rb)', async () => {
    const enumValue = await sb.api('PUT', project, {as: 'developer', body: {merge_method: 'octopus'}})
    expect({status: enumValue.status, body: enumValue.body}).toEqual({status: 400, body: {error: 'merge_method does not have a valid value'}})
    const notBoolean = await sb.api('PUT', project, {as: 'maintainer', body: {lfs_enabled: 'maybe'}})
    expect({status: notBoolean.status, body: notBoolean.body}).toEqual({status: 400, body: {error: 'lfs_enabled is invalid'}})
  })

  it('Maintainer and up (authorize_admin_project): a Developer is told 403; a non-member of a private project 404', async () => {
    const developer = await sb.api('PUT', project, {as: 'developer', body: {lfs_enabled: true}})
    expect({status: developer.status, body: developer.body}).toEqual({status: 403, body: {message: '403 Forbidden'}})
    expect((await sb.api('PUT', project, {as: 'outsider', body: {lfs_enabled: true}})).status).toBe(404)
  })

  it('visibility needs the Owner role (change_visibility_level, app/policies/project_policy.rb), and never above the group (app/models/project.rb)', async () => {
    const maintainer = await sb.api('PUT', '/projects/23', {as: 'maintainer', body: {visibility: 'private'}})
    expect(maintainer.status).toBe(403)
    const above = await sb.api('PUT', '/projects/23', {as: 'owner', body: {visibility: 'public'}})
    expect({status: above.status, body: above.body}).toEqual({status: 400, body: {message: {visibility_level: ['public is not allowed in a internal group.']}}})
    const fine = await sb.api<Rec>('PUT', '/projects/23', {as: 'owner', body: {visibility: 'private'}})
    expect(fine.body.visibility).toBe('private')
  })

  it('build_timeout from 10 minutes to below a month, else the model says so (400, render_validation_error!)', async () => {
    const short = await sb.api('PUT', project, {as: 'maintainer', body: {build_timeout: 599}})
    expect({status: short.status, body: short.body}).toEqual({status: 400, body: {message: {build_timeout: ['needs to be between 10 minutes and 1 month']}}})
    expect((await sb.api('PUT', project, {as: 'maintainer', body: {build_timeout: 2_629_746}})).status).toBe(400)
    expect((await sb.api<Rec>('PUT', project, {as: 'maintainer', body: {build_timeout: 600}})).body.build_timeout).toBe(600)
  })
})

describe('PUT /groups/:id (lib/api/groups.rb)', () => {
  it('changes a setting, answers the group, and GET /groups/:id shows it (lib/api/entities/group.rb)', async () => {
    const put = await sb.api<Rec>('PUT', group, {as: 'owner', body: {project_creation_level: 'noone', mentions_disabled: true}})
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({id: 14, full_path: 'acme/design', project_creation_level: 'noone', mentions_disabled: true})
    expect((await sb.api<Rec>('GET', group, {as: 'developer'})).body).toMatchObject({project_creation_level: 'noone', subgroup_creation_level: 'maintainer'})
  })

  it('Owner only (admin_group): a Maintainer is told 403; an empty PUT changes nothing and answers 200 (no at_least_one_of)', async () => {
    const maintainer = await sb.api('PUT', group, {as: 'maintainer', body: {lfs_enabled: false}})
    expect({status: maintainer.status, body: maintainer.body}).toEqual({status: 403, body: {message: '403 Forbidden'}})
    expect((await sb.api('PUT', group, {as: 'owner', body: {}})).status).toBe(200)
  })

  it('project_creation_level takes the words of lib/gitlab/access.rb only', async () => {
    const level = await sb.api('PUT', group, {as: 'owner', body: {project_creation_level: 'everyone'}})
    expect({status: level.status, body: level.body}).toEqual({status: 400, body: {error: 'project_creation_level does not have a valid value'}})
  })

  it('visibility: not above the parent, not below its projects (app/models/group.rb)', async () => {
    const above = await sb.api<{message: Rec}>('PUT', '/groups/11', {as: 'owner', body: {visibility: 'public'}})
    expect(above.status).toBe(400)
    expect(above.body.message.visibility_level).toEqual(['public is not allowed since the parent group has a private visibility.'])
    const below = await sb.api<{message: Rec}>('PUT', '/groups/12', {as: 'owner', body: {visibility: 'internal'}})
    expect(below.body.message.visibility_level).toEqual(['internal is not allowed since this group contains projects with higher visibility.'])
  })
})
