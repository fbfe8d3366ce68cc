// Contract: enterprise users of a top-level group, as the platform serves them (issue 34).
// Sources (gitlabhq/gitlabhq): ee/lib/api/group_enterprise_users.rb (the file the platform serves them from;
// there is none under ee/lib/api/groups/) and its request spec ee/spec/requests/api/group_enterprise_users_spec.rb.
import {describe, expect, it} from 'vitest'
import type {EnterpriseUser} from '../../src/api/enterprise-users.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const
const base = '/groups/acme/enterprise_users'
const idOf = async (username: string) => (await sb.api<EnterpriseUser[]>('GET', `${base}?username=${username}`, owner)).body[0]!.id

describe('who may, and where (group_enterprise_users.rb: before, authorize!)', () => {
  it('401 without a token, 404 for a hidden group, 400 "400 Bad request - Must be a top-level group" for a subgroup, 403 below Owner', async () => {
    const anonymous = await fetch(`${sb.url}/api/v4${base}`)
    expect(anonymous.status).toBe(401)
    expect((await sb.api('GET', base, {as: 'outsider'})).body).toEqual({message: '404 Group Not Found'})
    const subgroup = await sb.api('GET', '/groups/acme%2Fplatform/enterprise_users', owner)
    expect({status: subgroup.status, body: subgroup.body}).toEqual({status: 400, body: {message: '400 Bad request - Must be a top-level group'}})
    const maintainer = await sb.api('GET', base, {as: 'maintainer'})
    expect({status: maintainer.status, body: maintainer.body}).toEqual({status: 403, body: {message: '403 Forbidden'}})
  })
})

describe('list (group_enterprise_users_spec.rb)', () => {
  it('answers newest first (descending id), and pages in that order', async () => {
    const all = (await sb.api<EnterpriseUser[]>('GET', base, owner)).body.map(u => u.id)
    expect(all).toEqual([...all].sort((a, b) => Number(b) - Number(a)))
    const page2 = (await sb.api<EnterpriseUser[]>('GET', `${base}?per_page=2&page=2`, owner)).body.map(u => u.id)
    expect(page2).toEqual(all.slice(2, 4))
  })

  it('two_factor is a free string: enabled and disabled filter, another value lists everyone', async () => {
    const count = async (query: string) => (await sb.api<EnterpriseUser[]>('GET', `${base}${query}`, owner)).body.length
    expect(await count('?two_factor=enabled')).toBeLessThan(await count(''))
    expect((await sb.api('GET', `${base}?two_factor=sometimes`, owner)).status).toBe(200)
    expect(await count('?two_factor=sometimes')).toBe(await count(''))
  })
})

describe('one user, update, 2FA and delete (group_enterprise_users.rb)', () => {
  it('a user who is not an enterprise user of the group is the generic "404 Not found" on every route', async () => {
    for (const [method, path] of [
      ['GET', `${base}/2`],
      ['PATCH', `${base}/2`],
      ['PATCH', `${base}/2/disable_two_factor`],
      ['DELETE', `${base}/2`],
    ] as const) {
      const answer = await sb.api(method, path, owner)
      expect({status: answer.status, body: answer.body}, `${method} ${path}`).toEqual({status: 404, body: {message: '404 Not found'}})
    }
  })

  it('a PATCH without name or email answers 200 and the user as it is', async () => {
    const id = await idOf('grace')
    const before = await sb.api<EnterpriseUser>('GET', `${base}/${id}`, owner)
    const patched = await sb.api<EnterpriseUser>('PATCH', `${base}/${id}`, {...owner, body: {}})
    expect({status: patched.status, body: patched.body}).toEqual({status: 200, body: before.body})
  })

  it("the update service's refusals are 400 with the model's messages joined: taken, invalid, or a domain the group does not own", async () => {
    const id = await idOf('grace')
    const cases: Array<[string, string]> = [
      ['ivan@acme.example.com', 'Email has already been taken'],
      ['in valid@acme.example.com', "Email is invalid. Email must be owned by the user's enterprise group"],
      ['grace@elsewhere.example.org', "Email must be owned by the user's enterprise group"],
    ]
    for (const [email, message] of cases) {
      const answer = await sb.api('PATCH', `${base}/${id}`, {...owner, body: {email}})
      expect({status: answer.status, body: answer.body}, email).toEqual({status: 400, body: {message}})
    }
  })

  it('disabling 2FA a user does not have is "400 Bad request - Two-factor authentication is not enabled for this user"', async () => {
    const answer = await sb.api('PATCH', `${base}/${await idOf('grace')}/disable_two_factor`, owner)
    expect({status: answer.status, body: answer.body}).toEqual({status: 400, body: {message: '400 Bad request - Two-factor authentication is not enabled for this user'}})
  })

  it('the sole Owner of a group is refused without hard_delete: 409 "Can not remove a user who is the sole owner of a group."', async () => {
    const answer = await sb.api('DELETE', `${base}/${await idOf('frank')}`, owner)
    expect({status: answer.status, body: answer.body}).toEqual({status: 409, body: {message: 'Can not remove a user who is the sole owner of a group.'}})
  })
})
