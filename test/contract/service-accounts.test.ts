// Contract: instance and group service accounts and the tokens of group service accounts, as the platform
// serves them (issue 34). Sources (gitlabhq/gitlabhq): ee/lib/api/service_accounts.rb,
// ee/lib/api/group_service_accounts.rb, its request spec ee/spec/requests/api/group_service_accounts_spec.rb,
// app/services/personal_access_tokens/rotate_service.rb.
import {describe, expect, it} from 'vitest'
import type {ServiceAccount} from '../../src/api/service-accounts.js'
import type {PersonalAccessToken} from '../../src/api/tokens.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const
const admin = {as: 'admin'} as const

describe('the record (Entities::ServiceAccount, group_service_accounts_spec.rb)', () => {
  it('instance and group routes answer id, username, name, public_email and email', async () => {
    const keys = ['email', 'id', 'name', 'public_email', 'username']
    const instance = await sb.api<ServiceAccount[]>('GET', '/service_accounts', admin)
    const group = await sb.api<ServiceAccount[]>('GET', '/groups/acme/service_accounts', owner)
    for (const account of [...instance.body, ...group.body]) expect(Object.keys(account).sort()).toEqual(keys)
    const made = await sb.api<ServiceAccount>('POST', '/groups/acme/service_accounts', owner)
    expect(made.status).toBe(201)
    expect(Object.keys(made.body).sort()).toEqual(keys)
    expect(made.body).toMatchObject({name: 'Service account user'})
    expect(made.body.username).toMatch(/^service_account_group_10_/)
  })
})

describe('who may, and where (group_service_accounts.rb: admin_service_accounts on the group)', () => {
  it('403 below Owner, 404 for a hidden group, and no top-level check: a subgroup lists its (no) accounts', async () => {
    expect((await sb.api('GET', '/groups/acme/service_accounts', {as: 'maintainer'})).status).toBe(403)
    expect((await sb.api('GET', '/groups/acme/service_accounts', {as: 'outsider'})).body).toEqual({message: '404 Group Not Found'})
    const subgroup = await sb.api('GET', '/groups/acme%2Fplatform/service_accounts', owner)
    expect({status: subgroup.status, body: subgroup.body}).toEqual({status: 200, body: []})
  })

  it('the instance routes are for administrators (authenticated_as_admin!)', async () => {
    expect((await sb.api('GET', '/service_accounts', owner)).status).toBe(403)
    expect((await fetch(`${sb.url}/api/v4/service_accounts`)).status).toBe(401)
  })
})

describe('create and update refusals', () => {
  it('a taken username and e-mail are both named, through bad_request! (the spec: both included)', async () => {
    const taken = await sb.api<{message: string}>('POST', '/groups/acme/service_accounts', {...owner, body: {username: 'alice', email: 'bob@example.com'}})
    expect(taken.status).toBe(400)
    expect(taken.body.message).toMatch(/^400 Bad request - /)
    expect(taken.body.message).toContain('Username has already been taken')
    expect(taken.body.message).toContain('Email has already been taken')
  })

  it('the group update passes the service message on as it is; the instance update says bad_request!', async () => {
    const deployer = (await sb.api<ServiceAccount[]>('GET', '/groups/acme/service_accounts', owner)).body.find(a => a.username === 'service_account_group_10_deployer')!
    const group = await sb.api('PATCH', `/groups/acme/service_accounts/${deployer.id}`, {...owner, body: {username: 'alice'}})
    expect({status: group.status, body: group.body}).toEqual({status: 400, body: {message: 'Username has already been taken'}})
    const instance = await sb.api('PATCH', `/service_accounts/${deployer.id}`, {...admin, body: {username: 'alice'}})
    expect({status: instance.status, body: instance.body}).toEqual({status: 400, body: {message: '400 Bad request - Username has already been taken'}})
  })

  it('the instance update finds any user (User.find): an unknown ID is the generic 404, a person is not a service account (400)', async () => {
    const unknown = await sb.api('PATCH', '/service_accounts/999999', {...admin, body: {name: 'x'}})
    expect({status: unknown.status, body: unknown.body}).toEqual({status: 404, body: {message: '404 Not found'}})
    const person = await sb.api('PATCH', '/service_accounts/3', {...admin, body: {name: 'x'}})
    expect({status: person.status, body: person.body}).toEqual({status: 400, body: {message: '400 Bad request - User is not of type Service Account'}})
  })

  it('a group route for a user that is not one of its accounts is "404 User Not Found"', async () => {
    const answer = await sb.api('PATCH', '/groups/acme/service_accounts/999999', {...owner, body: {name: 'x'}})
    expect({status: answer.status, body: answer.body}).toEqual({status: 404, body: {message: '404 User Not Found'}})
  })
})

describe('token rotation (group_service_accounts.rb, rotate_service.rb)', () => {
  it('revokes the rotated token only: the account keeps its other tokens; an unknown token is a bare 404', async () => {
    const account = (await sb.api<ServiceAccount>('POST', '/groups/acme/service_accounts', owner)).body
    const base = `/groups/acme/service_accounts/${account.id}/personal_access_tokens`
    const make = async (name: string) => (await sb.api<PersonalAccessToken>('POST', base, {...owner, body: {name, scopes: ['api']}})).body
    const [first, second] = [await make('first'), await make('second')]
    const rotated = await sb.api<PersonalAccessToken>('POST', `${base}/${first.id}/rotate`, owner)
    expect(rotated.status).toBe(200)
    const tokens = (await sb.api<PersonalAccessToken[]>('GET', base, owner)).body
    expect(tokens.find(t => t.id === first.id)).toMatchObject({revoked: true, active: false})
    expect(tokens.find(t => t.id === second.id)).toMatchObject({revoked: false, active: true})
    const works = await fetch(`${sb.url}/api/v4/personal_access_tokens/self`, {headers: {'PRIVATE-TOKEN': second.token!}})
    expect(works.status).toBe(200)
    const unknown = await sb.api('POST', `${base}/999999/rotate`, owner)
    expect({status: unknown.status, body: unknown.body}).toEqual({status: 404, body: {message: '404 Not Found'}})
  })
})
