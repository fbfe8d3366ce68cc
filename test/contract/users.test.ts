// Contract: the sandbox's current user and user by ID as the platform answers them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/users.rb, lib/api/entities/user.rb, lib/api/entities/user_public.rb,
// lib/api/entities/user_with_admin.rb.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
type User = Record<string, unknown>
const anonymous = (path: string) => fetch(`${sb.url}/api/v4${path}`).then(async response => ({status: response.status, body: (await response.json()) as Record<string, unknown>}))

describe('the current user (GET /user)', () => {
  it('is the account as its owner sees it (UserPublic), and only an administrator is told is_admin (users.rb, user_with_admin.rb)', async () => {
    const developer = (await sb.api<User>('GET', '/user', {as: 'developer'})).body
    expect(developer).toMatchObject({username: 'bob', email: expect.any(String), can_create_group: true, commit_email: expect.any(String)})
    expect(developer).not.toHaveProperty('is_admin')
    expect((await sb.api<User>('GET', '/user', {as: 'admin'})).body).toMatchObject({username: 'root', is_admin: true})
  })

  it('needs a token: 401 (users.rb authenticate!)', async () => {
    expect((await anonymous('/user')).status).toBe(401)
  })
})

describe('a user by ID (GET /users/:id)', () => {
  it('is the public profile (Entities::User) to anyone but an administrator: no e-mail, no is_admin (users.rb, entities/user.rb)', async () => {
    const profile = (await sb.api<User>('GET', '/users/2', {as: 'developer'})).body
    expect(profile).toMatchObject({id: 2, username: 'alice', bot: false, public_email: expect.anything()})
    for (const field of ['email', 'is_admin', 'two_factor_enabled', 'last_sign_in_at', 'can_create_group']) expect(profile, field).not.toHaveProperty(field)
    expect((await sb.api<User>('GET', '/users/2', {as: 'admin'})).body).toMatchObject({username: 'alice', email: expect.any(String), is_admin: false})
  })

  it('without a token is 403 Not authorized! (GET needs no token on this API, the endpoint wants a caller); an ID that is no integer is 400; one no user has is 404 User Not Found (users.rb)', async () => {
    expect(await anonymous('/users/2')).toEqual({status: 403, body: {message: '403 Forbidden - Not authorized!'}})
    const byName = await sb.api('GET', '/users/alice', {as: 'developer'})
    expect(byName).toMatchObject({status: 400, body: {error: 'id is invalid'}})
    expect((await sb.api('GET', '/users/999999', {as: 'developer'})).body).toEqual({message: '404 User Not Found'})
  })
})
