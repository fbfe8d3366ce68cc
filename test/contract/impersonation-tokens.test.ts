// Contract: impersonation tokens as the platform serves them (issue 34), built from the model.
// Sources (gitlabhq/gitlabhq): lib/api/users.rb, app/models/personal_access_token.rb.
import {describe, expect, it} from 'vitest'
import type {ImpersonationToken} from '../../src/api/tokens.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin = {as: 'admin'} as const
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const impersonate = (body: Record<string, unknown>) => sb.api<ImpersonationToken>('POST', '/users/3/impersonation_tokens', {...admin, body})

describe('impersonation tokens: built from the model (lib/api/users.rb, app/models/personal_access_token.rb)', () => {
  it('no default expiry: a token without expires_at is 400 {expires_at: ["can\'t be blank"]}', async () => {
    const answer = await impersonate({name: 'no-date', scopes: ['api']})
    expect({status: answer.status, body: answer.body}).toEqual({status: 400, body: {message: {expires_at: ["can't be blank"]}}})
  })

  it('scopes are optional to the declarations but the model requires known ones: 400 naming the field', async () => {
    const none = await impersonate({name: 'no-scope', expires_at: inDays(5)})
    expect({status: none.status, body: none.body}).toEqual({status: 400, body: {message: {scopes: ["can't be blank"]}}})
    const unknown = await impersonate({name: 'odd-scope', scopes: ['nonsense'], expires_at: inDays(5)})
    expect({status: unknown.status, body: unknown.body}).toEqual({status: 400, body: {message: {scopes: ['can only contain available scopes']}}})
  })

  it('an expiry past the longest lifetime is 400 {expires_at: ["must be before …"]}', async () => {
    const answer = await impersonate({name: 'far', scopes: ['api'], expires_at: inDays(400)})
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({message: {expires_at: [expect.stringMatching(/^must be before \d{4}-\d{2}-\d{2}$/)]}})
  })

  it('revoking twice is 204 twice (token.revoke! sets the flag whatever it was)', async () => {
    const made = (await impersonate({name: 'twice', scopes: ['api'], expires_at: inDays(5)})).body
    for (const round of [1, 2]) expect((await sb.api('DELETE', `/users/3/impersonation_tokens/${made.id}`, admin)).status, String(round)).toBe(204)
    const read = await sb.api<ImpersonationToken>('GET', `/users/3/impersonation_tokens/${made.id}`, admin)
    expect(read.body).toMatchObject({revoked: true, active: false, impersonation: true})
  })

  it('list state defaults to all and takes all, active, inactive only; a missing token is "404 Impersonation Token Not Found"', async () => {
    const ids = async (query: string) => (await sb.api<ImpersonationToken[]>('GET', `/users/3/impersonation_tokens${query}`, admin)).body.map(t => t.id).sort()
    expect(await ids('')).toEqual(await ids('?state=all'))
    expect((await sb.api('GET', '/users/3/impersonation_tokens?state=revoked', admin)).status).toBe(400)
    const missing = await sb.api('GET', '/users/3/impersonation_tokens/999999', admin)
    expect({status: missing.status, body: missing.body}).toEqual({status: 404, body: {message: '404 Impersonation Token Not Found'}})
  })
})
