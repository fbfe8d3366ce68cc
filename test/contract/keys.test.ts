// Contract: the sandbox's key lookup as the platform answers it (issue 34). Sources (gitlabhq/gitlabhq):
// lib/api/keys.rb, app/finders/keys_finder.rb, lib/api/entities/ssh_key_with_user.rb,
// lib/api/entities/deploy_key_with_user.rb, lib/api/entities/user_public.rb, lib/api/api.rb.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'
import {fingerprintsOf} from '../helpers/ssh-keys.js'

const sb = useSandbox()
type Key = {id: number; key: string; user: Record<string, unknown>; fingerprint?: string; fingerprint_sha256?: string; deploy_keys_projects?: unknown[]}
const get = (path: string, as: 'admin' | 'owner' = 'admin') => sb.api<Key & {message?: string}>('GET', path, {as})

describe('keys', () => {
  it('a key by ID carries its owner as Entities::UserPublic, the same user fields as a lookup by fingerprint (ssh_key_with_user.rb, user_public.rb)', async () => {
    const byId = await get('/keys/1')
    expect(byId.status).toBe(200)
    expect(byId.body.user).toMatchObject({username: 'alice', email: expect.any(String), commit_email: expect.any(String), can_create_group: true, two_factor_enabled: expect.any(Boolean)})
    const byFingerprint = await get(`/keys?fingerprint=${encodeURIComponent(fingerprintsOf(byId.body.key).sha256)}`)
    expect(Object.keys(byId.body.user).sort()).toEqual(Object.keys(byFingerprint.body.user).sort())
  })

  it("a key ID that is not there is Key.find's RecordNotFound: 404 Not found (keys.rb, api.rb); a fingerprint not there is 404 Key Not Found", async () => {
    expect((await get('/keys/999999')).body).toEqual({message: '404 Not found'})
    expect((await get(`/keys?fingerprint=${encodeURIComponent(`SHA256:${'A'.repeat(43)}`)}`)).body).toEqual({message: '404 Key Not Found'})
  })

  it('both need an administrator (keys.rb authenticated_as_admin!, authenticated_with_can_read_all_resources!)', async () => {
    expect((await get('/keys/1', 'owner')).status).toBe(403)
    expect((await get('/keys?fingerprint=00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00', 'owner')).status).toBe(403)
  })

  it("a fingerprint of neither form, or a SHA256 that is not 32 bytes, is refused in the API's words (keys_finder.rb InvalidFingerprint)", async () => {
    for (const bad of ['nonsense', 'SHA256:abc', 'ab:cd']) {
      const answer = await get(`/keys?fingerprint=${encodeURIComponent(bad)}`)
      expect(answer.status, bad).toBe(400)
      expect(answer.body).toEqual({message: 'Failed to return the key'})
    }
  })

  it('a fingerprint is looked up as written: only sha256: or SHA256: opens the SHA256 form, and an MD5 in capitals finds nothing (keys_finder.rb)', async () => {
    const {sha256, md5} = fingerprintsOf((await get('/keys/1')).body.key)
    const digest = sha256.slice('SHA256:'.length)
    expect((await get(`/keys?fingerprint=${encodeURIComponent(`sha256:${digest}`)}`)).body.id).toBe(1)
    expect((await get(`/keys?fingerprint=${encodeURIComponent(`Sha256:${digest}`)}`)).status).toBe(400)
    expect((await get(`/keys?fingerprint=${encodeURIComponent(md5)}`)).body.id).toBe(1)
    expect((await get(`/keys?fingerprint=${encodeURIComponent(md5.toUpperCase())}`)).status).toBe(404)
  })

  it("a deploy key's fingerprint answers Entities::DeployKeyWithUser: its fingerprints and the projects it is in (deploy_key_with_user.rb)", async () => {
    const [deployKey] = (await sb.api<Key[]>('GET', '/deploy_keys', {as: 'admin'})).body
    const found = await get(`/keys?fingerprint=${encodeURIComponent(fingerprintsOf(deployKey!.key).sha256)}`)
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({id: deployKey!.id, fingerprint: fingerprintsOf(deployKey!.key).md5, fingerprint_sha256: fingerprintsOf(deployKey!.key).sha256})
    expect(Array.isArray(found.body.deploy_keys_projects)).toBe(true)
  })
})
