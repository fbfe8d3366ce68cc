// Contract: feature flag user lists, as the platform serves them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/feature_flags_user_lists.rb, app/models/operations/feature_flags/user_list.rb,
// app/validators/feature_flag_user_xids_validator.rb, lib/api/entities/feature_flag/user_list.rb.
import {describe, expect, it} from 'vitest'
import type {FeatureUserList} from '../../src/api/feature-user-lists.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const base = '/projects/22/feature_flags_user_lists'
const owner = {as: 'owner'} as const
const create = (body: Record<string, string>) => sb.api<FeatureUserList & {message?: unknown}>('POST', base, {...owner, body})
const XIDS_MESSAGE = 'User xids user_xids must be a string of unique comma separated values each 256 characters or less'

describe('the record (lib/api/entities/feature_flag/user_list.rb)', () => {
  it('has id, iid, project_id, created_at, updated_at, name, user_xids, and the path and edit_path of its page', async () => {
    const made = await create({name: 'contract-list', user_xids: 'u1,u2'})
    expect(made.status).toBe(201)
    expect(Object.keys(made.body)).toEqual(['id', 'iid', 'project_id', 'created_at', 'updated_at', 'name', 'user_xids', 'path', 'edit_path'])
    expect(made.body.path).toBe(`/opensource/tool/-/feature_flags_user_lists/${made.body.iid}`)
    expect(made.body.edit_path).toBe(`${made.body.path}/edit`)
  })
})

describe("the model's checks (user_list.rb, feature_flag_user_xids_validator.rb): 400 with the full messages as an array", () => {
  it('a second list of the same name in the project is refused', async () => {
    expect((await create({name: 'twice', user_xids: 'a'})).status).toBe(201)
    const again = await create({name: 'twice', user_xids: 'a'})
    expect({status: again.status, body: again.body}).toEqual({status: 400, body: {message: ['Name has already been taken']}})
  })

  it('IDs with surrounding spaces, an empty ID between commas, or a repeated ID are refused; one message names the rule', async () => {
    for (const user_xids of ['a, b', 'a,,b', 'a,a', ' a']) {
      const answer = await create({name: `xids-${user_xids}`, user_xids})
      expect({status: answer.status, body: answer.body}, user_xids).toEqual({status: 400, body: {message: [XIDS_MESSAGE]}})
    }
  })

  it('an empty string is an empty list, and a trailing comma is dropped (as Ruby splits)', async () => {
    expect((await create({name: 'empty-list', user_xids: ''})).status).toBe(201)
    expect((await create({name: 'trailing-comma', user_xids: 'a,b,'})).status).toBe(201)
  })

  it('several problems are listed together', async () => {
    const answer = await create({name: 'x'.repeat(256), user_xids: 'a,a'})
    expect({status: answer.status, body: answer.body}).toEqual({status: 400, body: {message: ['Name is too long (maximum is 255 characters)', XIDS_MESSAGE]}})
  })
})

describe('update and reads (lib/api/feature_flags_user_lists.rb)', () => {
  it('a PUT with no parameters is an update that changes nothing: 200 and the list as it was', async () => {
    const made = (await create({name: 'unchanged', user_xids: 'x'})).body
    const put = await sb.api<FeatureUserList>('PUT', `${base}/${made.iid}`, {...owner, body: {}})
    expect({status: put.status, body: put.body}).toEqual({status: 200, body: made})
  })

  it('a missing list is the generic "404 Not found" (find_by_iid!)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await sb.api(method, `${base}/9999`, {...owner, ...(method === 'PUT' ? {body: {name: 'n'}} : {})})
      expect({status: answer.status, body: answer.body}, method).toEqual({status: 404, body: {message: '404 Not found'}})
    }
  })
})
