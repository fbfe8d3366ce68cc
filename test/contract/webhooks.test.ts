// Contract: the sandbox's project and group webhooks as the platform keeps them (issue 37). Sources
// (gitlabhq/gitlabhq; the EE files as the mirror pavankalisetti009/gitlab has them): lib/api/project_hooks.rb,
// ee/lib/api/group_hooks.rb, lib/api/helpers/web_hooks_helpers.rb, lib/api/hooks/trigger_test.rb, lib/api/hooks/url_variables.rb, app/services/test_hooks/project_service.rb,
// app/services/web_hooks/create_service.rb, app/models/hooks/web_hook.rb, app/models/concerns/triggerable_hooks.rb,
// lib/api/entities/hook.rb, lib/api/entities/project_hook.rb, ee/lib/ee/api/entities/group_hook.rb,
// app/policies/project_policy.rb, ee/app/policies/ee/group_policy.rb.
import {describe, expect, it} from 'vitest'
import type {Webhook} from '../../src/api/webhooks.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const
const project = '/projects/acme%2Fwebsite/hooks'
const group = '/groups/acme/hooks'

describe('project and group webhooks', () => {
  it('a new hook takes the web_hooks defaults: push events on, the other events off, TLS checked, wildcard filter; no token in the answer (hook.rb)', async () => {
    const {status, body} = await sb.api<Webhook & Record<string, unknown>>('POST', project, {...owner, body: {url: 'https://defaults.example.com/', token: 'never-shown-77'}})
    expect(status).toBe(201)
    expect(body).toMatchObject({push_events: true, issues_events: false, milestone_events: false, enable_ssl_verification: true, branch_filter_strategy: 'wildcard', alert_status: 'executable'})
    expect(JSON.stringify(body)).not.toContain('never-shown-77')
    expect(body).not.toHaveProperty('token')
    expect(body.project_id).toBe(21)
  })

  it("each kind takes its own events: milestone_events for a project (project_hooks.rb), member_events and subgroup_events for a group (group_hooks.rb, group_hook.rb's entity); Grape drops the other's", async () => {
    const onProject = await sb.api<Record<string, unknown>>('POST', project, {...owner, body: {url: 'https://kinds.example.com/p', milestone_events: true, member_events: true}})
    expect(onProject.body).toMatchObject({milestone_events: true})
    expect(onProject.body).not.toHaveProperty('member_events')
    const onGroup = await sb.api<Record<string, unknown>>('POST', group, {...owner, body: {url: 'https://kinds.example.com/g', member_events: true, milestone_events: true}})
    expect(onGroup.body).toMatchObject({member_events: true, subgroup_events: false, group_id: 10})
    expect(onGroup.body).not.toHaveProperty('milestone_events')
  })

  it('refuses a missing url (400, requires_url) and one that is not http(s) (422 "Invalid url given", create_service.rb)', async () => {
    expect((await sb.api('POST', project, {...owner, body: {push_events: true}})).status).toBe(400)
    const bad = await sb.api('POST', group, {...owner, body: {url: 'ftp://example.com/'}})
    expect({status: bad.status, body: bad.body}).toEqual({status: 422, body: {message: 'Invalid url given'}})
  })

  it('an update with nothing in it is refused (400 "No parameters provided", update_hook_params); one with a change keeps the rest', async () => {
    const {body} = await sb.api<Webhook>('POST', project, {...owner, body: {url: 'https://update.example.com/', issues_events: true}})
    const empty = await sb.api('PUT', `${project}/${body.id}`, {...owner, body: {}})
    expect({status: empty.status, body: empty.body}).toEqual({status: 400, body: {error: 'No parameters provided'}})
    const changed = await sb.api<Webhook>('PUT', `${project}/${body.id}`, {...owner, body: {name: 'renamed'}})
    expect(changed.body).toMatchObject({name: 'renamed', issues_events: true, url: 'https://update.example.com/'})
  })

  it('update merges url_variables by key (update_hook_params); a new URL drops the token and the URL variables unless given again (web_hook.rb)', async () => {
    const {body} = await sb.api<Webhook>('POST', group, {...owner, body: {url: 'https://vars.example.com/{a}', url_variables: [{key: 'a', value: 'one'}]}})
    expect(body.url_variables).toEqual([{key: 'a'}])
    const merged = await sb.api<Webhook>('PUT', `${group}/${body.id}`, {...owner, body: {url_variables: [{key: 'b', value: 'two'}]}})
    expect(merged.body.url_variables).toEqual([{key: 'a'}, {key: 'b'}])
    const moved = await sb.api<Webhook>('PUT', `${group}/${body.id}`, {...owner, body: {url: 'https://vars.example.com/elsewhere'}})
    expect(moved.body.url_variables).toEqual([])
  })

  it("a project's list leaves out URL variables and custom headers (with_url_variables: false); its single read has them", async () => {
    const list = await sb.api<Array<Record<string, unknown>>>('GET', project, owner)
    expect(list.body.length).toBeGreaterThan(0)
    expect(list.body[0]).not.toHaveProperty('url_variables')
    expect(await sb.api<Record<string, unknown>>('GET', `${project}/${String(list.body[0]!.id)}`, owner)).toMatchObject({status: 200, body: {url_variables: [], custom_headers: []}})
  })

  it('a hook of another project or group is not found here (hook_scope.find): 404', async () => {
    const [hook] = (await sb.api<Webhook[]>('GET', group, owner)).body
    expect((await sb.api('GET', `${project}/${String(hook!.id)}`, owner)).status).toBe(404)
    expect((await sb.api('DELETE', `/groups/opensource/hooks/${String(hook!.id)}`, owner)).status).toBe(404)
  })

  it("admin_web_hook: a project's Maintainer (project_policy.rb), a group's Owner only (group_policy.rb); a Developer gets 403", async () => {
    expect((await sb.api('GET', project, {as: 'maintainer'})).status).toBe(200)
    expect((await sb.api('GET', project, {as: 'developer'})).status).toBe(403)
    expect((await sb.api('GET', group, {as: 'maintainer'})).status).toBe(403)
    expect((await sb.api('GET', group, {as: 'outsider'})).status).toBe(404)
  })

  it("a test names one of the kind's events: 201 (trigger_test.rb); another word, or another kind's event, is a 400 (triggerable_hooks.rb)", async () => {
    const [hook] = (await sb.api<Webhook[]>('GET', project, owner)).body
    const sent = await sb.api('POST', `${project}/${String(hook!.id)}/test/push_events`, owner)
    expect({status: sent.status, body: sent.body}).toEqual({status: 201, body: {message: '201 Created'}})
    for (const trigger of ['member_events', 'nothing']) {
      const refused = await sb.api('POST', `${project}/${String(hook!.id)}/test/${trigger}`, owner)
      expect({status: refused.status, body: refused.body}, trigger).toEqual({status: 400, body: {error: 'trigger does not have a valid value'}})
    }
  })

  it('a sample the project has no record for is a 422 with the reason (test_hooks/project_service.rb): the sandbox has no notes, jobs or pipelines', async () => {
    const [hook] = (await sb.api<Webhook[]>('GET', project, owner)).body
    const refused = await sb.api('POST', `${project}/${String(hook!.id)}/test/note_events`, owner)
    expect({status: refused.status, body: refused.body}).toEqual({status: 422, body: {message: 'Ensure the project has notes.'}})
  })

  it('one URL variable is set or removed at .../hooks/:hook_id/url_variables/:key: 204; removing one the hook lacks is "404 URL variable Not Found" (url_variables.rb)', async () => {
    const {body} = await sb.api<Webhook>('POST', project, {...owner, body: {url: 'https://one-var.example.com/{k}'}})
    expect((await sb.api('PUT', `${project}/${String(body.id)}/url_variables/k`, {...owner, body: {value: 'v1'}})).status).toBe(204)
    expect((await sb.api<Webhook>('GET', `${project}/${String(body.id)}`, owner)).body.url_variables).toEqual([{key: 'k'}])
    expect((await sb.api('DELETE', `${project}/${String(body.id)}/url_variables/k`, owner)).status).toBe(204)
    const gone = await sb.api('DELETE', `${project}/${String(body.id)}/url_variables/k`, owner)
    expect({status: gone.status, body: gone.body}).toEqual({status: 404, body: {message: '404 URL variable Not Found'}})
  })

  it('delete answers 204 and the hook is gone', async () => {
    const {body} = await sb.api<Webhook>('POST', group, {...owner, body: {url: 'https://gone.example.com/'}})
    expect((await sb.api('DELETE', `${group}/${String(body.id)}`, owner)).status).toBe(204)
    expect((await sb.api('GET', `${group}/${String(body.id)}`, owner)).status).toBe(404)
  })
})
