// Contract: personal access tokens as the platform serves them (issue 34): an administrator's token for a
// user, and tokens by ID. Sources (gitlabhq/gitlabhq): lib/api/users.rb, lib/api/personal_access_tokens.rb,
// app/services/personal_access_tokens/create_service.rb, app/services/personal_access_tokens/rotate_service.rb.
import {describe, expect, it} from 'vitest'
import type {PersonalAccessToken} from '../../src/api/tokens.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin = {as: 'admin'} as const
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe("an administrator's token for a user (lib/api/users.rb, app/services/personal_access_tokens/create_service.rb)", () => {
  it('without expires_at the service gives the longest lifetime', async () => {
    const made = await sb.api<PersonalAccessToken>('POST', '/users/3/personal_access_tokens', {...admin, body: {name: 'longest', scopes: ['read_api']}})
    expect(made.status).toBe(201)
    expect(made.body.expires_at).toBe(inDays(365))
  })

  it("scopes are declared with their values (400 from the declarations); the model's refusal is 422 with its full messages as one sentence", async () => {
    const scope = await sb.api('POST', '/users/3/personal_access_tokens', {...admin, body: {name: 'x', scopes: ['nonsense']}})
    expect({status: scope.status, body: scope.body}).toEqual({status: 400, body: {error: 'scopes does not have a valid value'}})
    const far = await sb.api<{message: string}>('POST', '/users/3/personal_access_tokens', {...admin, body: {name: 'x', scopes: ['api'], expires_at: inDays(400)}})
    expect(far.status).toBe(422)
    expect(far.body.message).toMatch(/^Expires at must be before \d{4}-\d{2}-\d{2}$/)
  })

  it('is for administrators only (authenticated_as_admin!)', async () => {
    expect((await sb.api('POST', '/users/3/personal_access_tokens', {as: 'owner', body: {name: 'x', scopes: ['api']}})).status).toBe(403)
  })
})

describe('personal access tokens by ID (lib/api/personal_access_tokens.rb)', () => {
  it("answers 401 to a non-administrator for another user's token and for one that does not exist; 404 to an administrator", async () => {
    const adminSelf = (await sb.api<PersonalAccessToken>('GET', '/personal_access_tokens/self', {as: 'admin'})).body
    for (const path of [`/personal_access_tokens/${adminSelf.id}`, '/personal_access_tokens/999999']) {
      const read = await sb.api('GET', path, {as: 'developer'})
      expect({status: read.status, body: read.body}, path).toEqual({status: 401, body: {message: '401 Unauthorized'}})
      expect((await sb.api('POST', `${path}/rotate`, {as: 'developer'})).status, path).toBe(401)
    }
    expect((await sb.api('GET', '/personal_access_tokens/999999', {as: 'admin'})).status).toBe(404)
    expect((await sb.api('POST', '/personal_access_tokens/999999/rotate', {as: 'admin'})).status).toBe(404)
  })

  it('rotates an expired token, refusing a revoked one only (rotate_service.rb)', async () => {
    const mine = (await sb.api<PersonalAccessToken[]>('GET', '/personal_access_tokens', {as: 'developer'})).body
    const expired = mine.find(t => t.name === 'expired-ci')!
    const rotated = await sb.api<PersonalAccessToken>('POST', `/personal_access_tokens/${expired.id}/rotate`, {as: 'developer'})
    expect(rotated.status).toBe(200)
    expect(rotated.body).toMatchObject({name: 'expired-ci', active: true, revoked: false})
    const revoked = mine.find(t => t.name === 'leaked-laptop')!
    const refused = await sb.api('POST', `/personal_access_tokens/${revoked.id}/rotate`, {as: 'developer'})
    expect({status: refused.status, body: refused.body}).toEqual({status: 400, body: {message: '400 Bad request - Token already revoked'}})
  })
})
