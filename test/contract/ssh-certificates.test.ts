// Contract: group SSH certificates, as the platform serves them (issue 34). The routes live in
// ee/lib/ee/api/groups.rb (no file of their own under ee/lib/api); the work in
// app/services/groups/ssh_certificates/create_service.rb and app/services/groups/ssh_certificates/destroy_service.rb;
// the checks in app/models/groups/ssh_certificate.rb; the answer in lib/api/entities/ssh_certificate.rb.
import {describe, expect, it} from 'vitest'
import type {SshCertificate} from '../../src/api/ssh-certificates.js'
import {useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const
const add = (group: string, body: Record<string, string>) => sb.api<SshCertificate & {message?: string}>('POST', `/groups/${group}/ssh_certificates`, {...owner, body})

describe('who may (ee/lib/ee/api/groups.rb: find_group!, admin_group, then the top-level check)', () => {
  it('404 to one who cannot see the group, 403 below Owner, 403 "Group" for a subgroup even to its Owner', async () => {
    const hidden = await sb.api('GET', '/groups/acme/ssh_certificates', {as: 'outsider'})
    expect({status: hidden.status, body: hidden.body}).toEqual({status: 404, body: {message: '404 Group Not Found'}})
    expect((await sb.api('GET', '/groups/acme/ssh_certificates', {as: 'maintainer'})).status).toBe(403)
    const subgroup = await sb.api('GET', '/groups/acme%2Fplatform/ssh_certificates', owner)
    expect({status: subgroup.status, body: subgroup.body}).toEqual({status: 403, body: {message: '403 Forbidden - Group'}})
  })
})

describe('create (create_service.rb, app/models/groups/ssh_certificate.rb)', () => {
  it('answers 201 with id, title, the key as sent, its SHA256 fingerprint and created_at (lib/api/entities/ssh_certificate.rb)', async () => {
    const key = makeKey('contract-ca')
    const answer = await add('acme', {title: 'Contract CA', key: key.text})
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body)).toEqual(['id', 'title', 'key', 'fingerprint', 'created_at'])
    expect(answer.body).toMatchObject({title: 'Contract CA', key: key.text, fingerprint: key.sha256})
  })

  it('a key no fingerprint can be made of is 422 "Validation failed: Invalid key", the message alone', async () => {
    const answer = await add('acme', {title: 'Broken', key: 'ssh-ed25519 AAAA'})
    expect({status: answer.status, body: answer.body}).toEqual({status: 422, body: {message: 'Validation failed: Invalid key'}})
  })

  it('a second identical create in the same group is 422; the same authority in another group is accepted (uniqueness scoped to the namespace)', async () => {
    const key = makeKey('twice-ca')
    expect((await add('acme', {title: 'Once', key: key.text})).status).toBe(201)
    const again = await add('acme', {title: 'Once', key: key.text})
    expect({status: again.status, body: again.body}).toEqual({
      status: 422,
      body: {message: 'Validation failed: Fingerprint must be unique. This CA has already been configured for this namespace.'},
    })
    expect((await add('opensource', {title: 'Once', key: key.text})).status).toBe(201)
  })

  it("an empty title or key is the model's 422, not a missing parameter (ee/spec/requests/api/groups_spec.rb)", async () => {
    const title = await add('acme', {title: '', key: makeKey('empty-title').text})
    expect({status: title.status, body: title.body}).toEqual({status: 422, body: {message: "Validation failed: Title can't be blank"}})
    const key = await add('acme', {title: 'Empty key', key: ''})
    expect({status: key.status, body: key.body}).toEqual({status: 422, body: {message: 'Validation failed: Invalid key'}})
  })

  it('a title over 255 characters is a validation failure (422)', async () => {
    const answer = await add('acme', {title: 'x'.repeat(256), key: makeKey('long-title').text})
    expect({status: answer.status, body: answer.body}).toEqual({status: 422, body: {message: 'Validation failed: Title is too long (maximum is 255 characters)'}})
  })
})

describe('delete (destroy_service.rb)', () => {
  it('204, then 404 "SSH Certificate not found" for it and for another group\'s certificate', async () => {
    const created = (await add('acme', {title: 'Short-lived', key: makeKey('short').text})).body
    const elsewhere = await sb.api('DELETE', `/groups/opensource/ssh_certificates/${created.id}`, owner)
    expect({status: elsewhere.status, body: elsewhere.body}).toEqual({status: 404, body: {message: 'SSH Certificate not found'}})
    expect((await sb.api('DELETE', `/groups/acme/ssh_certificates/${created.id}`, owner)).status).toBe(204)
    const again = await sb.api('DELETE', `/groups/acme/ssh_certificates/${created.id}`, owner)
    expect({status: again.status, body: again.body}).toEqual({status: 404, body: {message: 'SSH Certificate not found'}})
  })
})

describe('pagination (ee/lib/ee/api/groups.rb: paginate)', () => {
  it('pages by offset with the usual headers', async () => {
    const page = await sb.api<SshCertificate[]>('GET', '/groups/acme/ssh_certificates?per_page=1', owner)
    expect(page.body).toHaveLength(1)
    expect(page.headers.get('x-per-page')).toBe('1')
    expect(page.headers.get('x-page')).toBe('1')
  })
})
