// Contract: the sandbox's members of projects and groups as the platform serves them (issue 37). Each
// fact names the platform file (gitlabhq/gitlabhq) it was read from.
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

interface Member {
  id: number
  username: string
  access_level: number
  expires_at: string | null
  created_at: string
  message?: unknown
  error?: string
}

const call = (method: string, path: string, as: SeedRole = 'owner', body?: Record<string, unknown>) => sb.api<Member & Member[]>(method, path, {as, body})
const ids = (members: readonly Member[]) => members.map(m => m.username).sort()
// users of the seed: alice 2 (Owner of acme and opensource), bob 3, carol 4 (member of nothing), dave 5, erin 6, oscar 7 (design)
const FORBIDDEN = {status: 403, body: {message: '403 Forbidden'}}

describe('reading (lib/api/members.rb, lib/api/helpers/members_helpers.rb, lib/api/entities/member.rb)', () => {
  it("lists a group's direct members as the user's basic fields with access_level, created_at and expires_at", async () => {
    const {status, body} = await call('GET', '/groups/acme/members')
    expect(status).toBe(200)
    expect(ids(body)).toEqual(['alice', 'bob', 'dave', 'erin'])
    const alice = body.find(m => m.username === 'alice')!
    expect(Object.keys(alice).sort()).toEqual(['access_level', 'avatar_url', 'created_at', 'expires_at', 'id', 'name', 'state', 'username', 'web_url'])
    expect(alice).toMatchObject({id: 2, access_level: 50, expires_at: null})
  })

  it("a project's list holds its direct members only; /members/all adds its ancestor groups' (retrieve_members, find_all_members)", async () => {
    expect((await call('GET', '/projects/acme%2Fwebsite/members')).body).toEqual([])
    const all = await call('GET', '/projects/acme%2Fplatform%2Fapi/members/all')
    expect(ids(all.body)).toEqual(['alice', 'bob', 'dave', 'erin'])
    expect((await call('GET', '/projects/acme%2Fwebsite/members/all/3')).body).toMatchObject({username: 'bob', access_level: 30})
  })

  it('filters by query (username or name) and user_ids', async () => {
    expect(ids((await call('GET', '/groups/acme/members?query=dave')).body)).toEqual(['dave'])
    expect(ids((await call('GET', '/groups/acme/members?user_ids=3,6')).body)).toEqual(['bob', 'erin'])
  })

  it('one member: 404 "Not found" (find_by!, lib/api/api.rb) when not a direct member, 400 for a user_id that is no integer', async () => {
    expect((await call('GET', '/groups/acme/members/2')).body).toMatchObject({username: 'alice'})
    expect(await call('GET', '/projects/acme%2Fwebsite/members/3')).toMatchObject({status: 404, body: {message: '404 Not found'}})
    expect(await call('GET', '/groups/acme/members/bob')).toMatchObject({status: 400, body: {error: 'user_id is invalid'}})
  })

  it('a private group is 404 to a non-member', async () => {
    expect((await call('GET', '/groups/acme/members', 'outsider')).status).toBe(404)
  })
})

describe('adding (lib/api/members.rb; app/models/member.rb; app/validators/future_date_validator.rb)', () => {
  it('adds a member (201) with its level and expiry; a second add is 409 "Member already exists"', async () => {
    const made = await call('POST', '/projects/opensource%2Ftool/members', 'owner', {user_id: 4, access_level: 30, expires_at: '2099-06-30'})
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({id: 4, username: 'carol', access_level: 30, expires_at: '2099-06-30'})
    const again = await call('POST', '/projects/opensource%2Ftool/members', 'owner', {user_id: 4, access_level: 20})
    expect(again).toMatchObject({status: 409, body: {message: 'Member already exists'}})
  })

  it("refuses in Grape's words (400) a missing or non-integer parameter, and in the model's a level that is no role or an expiry in the past", async () => {
    const add = (body: Record<string, unknown>) => call('POST', '/groups/opensource/members', 'owner', body)
    expect((await add({user_id: 4})).body).toEqual({error: 'access_level is missing'})
    expect((await add({user_id: 4, access_level: 'lots'})).body).toEqual({error: 'access_level is invalid'})
    expect(await add({user_id: 4, access_level: 35})).toMatchObject({status: 400, body: {message: {access_level: ['is not included in the list']}}})
    expect(await add({user_id: 4, access_level: 30, expires_at: '2001-01-01'})).toMatchObject({status: 400, body: {message: {expires_at: ['cannot be a date in the past']}}})
  })

  it('never below what an ancestor group gives the user (Member#higher_access_level_than_group; spec/requests/api/members_spec.rb), on add and on change', async () => {
    // dave is a Maintainer of acme
    expect(await call('POST', '/projects/acme%2Fwebsite/members', 'owner', {user_id: 5, access_level: 30})).toMatchObject({
      status: 400,
      body: {message: {access_level: ['should be greater than or equal to Maintainer inherited membership from group Acme']}},
    })
    expect((await call('POST', '/groups/acme%2Fdesign/members', 'owner', {user_id: 5, access_level: 40})).status).toBe(201)
    expect((await call('PUT', '/groups/acme%2Fdesign/members/5', 'owner', {access_level: 20})).status).toBe(400)
  })

  it('takes the user by username instead (mutually_exclusive :user_id, :username), whatever its case', async () => {
    const made = await call('POST', '/groups/acme%2Fdesign/members', 'owner', {username: 'Erin', access_level: 20})
    expect(made).toMatchObject({status: 201, body: {id: 6, username: 'erin', access_level: 20}})
    const add = (body: Record<string, unknown>) => call('POST', '/groups/opensource/members', 'owner', body)
    expect((await add({user_id: 4, username: 'carol', access_level: 30})).body).toEqual({error: 'user_id, username are mutually exclusive'})
    expect((await add({access_level: 30})).body).toEqual({error: 'user_id, username are missing, at least one parameter must be provided'})
  })

  it('404 User for a user that is not there, before the 409 of a member (check_existing_membership)', async () => {
    expect(await call('POST', '/groups/opensource/members', 'owner', {user_id: 999999, access_level: 30})).toMatchObject({status: 404, body: {message: '404 User Not Found'}})
    expect(await call('POST', '/groups/opensource/members', 'owner', {username: 'nobody-at-all', access_level: 30})).toMatchObject({status: 404, body: {message: '404 User Not Found'}})
  })

  it("authorize_admin_source!: a group's members are its Owners' to add, a project's its Maintainers'", async () => {
    expect(await call('POST', '/groups/acme/members', 'maintainer', {user_id: 7, access_level: 30})).toMatchObject(FORBIDDEN)
    expect((await call('POST', '/projects/acme%2Fwebsite/members', 'maintainer', {user_id: 7, access_level: 30})).status).toBe(201)
    expect((await call('POST', '/projects/acme%2Fwebsite/members', 'developer', {user_id: 8, access_level: 30})).status).toBe(403)
  })

  it('only an Owner of a project may give the Owner role there (app/services/members/projects/creator_service.rb)', async () => {
    expect(await call('POST', '/projects/acme%2Fwebsite/members', 'maintainer', {user_id: 4, access_level: 50})).toMatchObject(FORBIDDEN)
    expect((await call('POST', '/projects/acme%2Fwebsite/members', 'owner', {user_id: 4, access_level: 50})).status).toBe(201)
  })
})

describe('changing (app/services/members/update_service.rb, app/policies/group_member_policy.rb, app/models/group.rb)', () => {
  it('changes the level and the expiry; access_level is required', async () => {
    expect((await call('PUT', '/projects/acme%2Fwebsite/members/7', 'maintainer', {expires_at: '2099-01-01'})).body).toEqual({error: 'access_level is missing'})
    const changed = await call('PUT', '/projects/acme%2Fwebsite/members/7', 'maintainer', {access_level: 40, expires_at: '2099-01-01'})
    expect(changed.body).toMatchObject({username: 'oscar', access_level: 40, expires_at: '2099-01-01'})
    expect((await call('PUT', '/projects/acme%2Fwebsite/members/7', 'maintainer', {access_level: 40, expires_at: ''})).body).toMatchObject({expires_at: null})
  })

  it('a Maintainer can neither make nor unmake a project Owner', async () => {
    expect(await call('PUT', '/projects/acme%2Fwebsite/members/7', 'maintainer', {access_level: 50})).toMatchObject(FORBIDDEN)
    expect(await call('PUT', '/projects/acme%2Fwebsite/members/4', 'maintainer', {access_level: 30})).toMatchObject(FORBIDDEN)
  })

  it("a group's last owner cannot be demoted, even by an administrator; with a second owner, they can", async () => {
    expect(await call('PUT', '/groups/opensource/members/2', 'admin', {access_level: 40})).toMatchObject(FORBIDDEN)
    expect((await call('POST', '/groups/opensource/members', 'owner', {user_id: 5, access_level: 50})).status).toBe(201)
    expect((await call('PUT', '/groups/opensource/members/5', 'owner', {access_level: 40})).body).toMatchObject({access_level: 40})
  })

  it("a subgroup's owner is not its last while an ancestor group has one (last_owner? counts members_with_parents)", async () => {
    expect((await call('POST', '/groups/acme%2Fplatform/members', 'owner', {user_id: 7, access_level: 50})).status).toBe(201)
    expect((await call('PUT', '/groups/acme%2Fplatform/members/7', 'owner', {access_level: 30})).status).toBe(200)
  })
})

describe('removing (app/services/members/destroy_service.rb, app/policies/*_member_policy.rb)', () => {
  it("204; a group's last owner cannot be removed, not even by themselves; a member may leave", async () => {
    expect(await call('DELETE', '/groups/opensource/members/2', 'owner')).toMatchObject(FORBIDDEN)
    expect(await call('DELETE', '/groups/opensource/members/2', 'admin')).toMatchObject(FORBIDDEN)
    expect((await call('POST', '/groups/opensource/members', 'owner', {user_id: 3, access_level: 30})).status).toBe(201)
    expect((await call('DELETE', '/groups/opensource/members/3', 'developer')).status).toBe(204)
    expect((await call('GET', '/groups/opensource/members/3')).status).toBe(404)
  })

  it("someone else's membership is a manager's to remove (403 to others); a project Owner an Owner's", async () => {
    expect(await call('DELETE', '/groups/acme/members/6', 'developer')).toMatchObject(FORBIDDEN)
    expect(await call('DELETE', '/projects/acme%2Fwebsite/members/4', 'maintainer')).toMatchObject(FORBIDDEN)
    expect((await call('DELETE', '/projects/acme%2Fwebsite/members/4', 'owner')).status).toBe(204)
    expect(await call('DELETE', '/projects/acme%2Fwebsite/members/4', 'owner')).toMatchObject({status: 404, body: {message: '404 Not found'}})
  })
})
