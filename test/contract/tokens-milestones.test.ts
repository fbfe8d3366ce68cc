// Contract: personal access tokens by ID and milestone lists, as the platform answers them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/personal_access_tokens.rb, app/services/personal_access_tokens/rotate_service.rb,
// lib/api/milestone_responses.rb.
import {describe, expect, it} from 'vitest'
import type {PersonalAccessToken} from '../../src/api/tokens.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

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

describe('milestone lists (lib/api/milestone_responses.rb, list_params)', () => {
  it('take state active, closed or all; all is the default; anything else is a 400', async () => {
    const titles = async (query: string) => (await sb.api<Array<{title: string}>>('GET', `/groups/acme/milestones${query}`)).body.map(m => m.title).sort()
    expect(await titles('?state=all')).toEqual(await titles(''))
    expect(await titles('?state=all')).toEqual([...(await titles('?state=active')), ...(await titles('?state=closed'))].sort())
    expect((await sb.api('GET', '/groups/acme/milestones?state=opened')).status).toBe(400)
  })
})
