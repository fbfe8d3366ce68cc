// Contract: the sandbox's push mirrors as the platform serves them (issue 34). Each fact names the platform
// file (gitlabhq/gitlabhq) it was read from. The sandbox's clock is pinned for the whole file
// (store.nowMs()): an update is read at chosen moments after its sync, never at whatever a loaded machine
// reaches. With d = 3000 ms, a forced update starts 1000 ms after the sync and ends at 3000 ms.
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {pinnedClock} from '../helpers/pinned-clock.js'
import {useSandbox} from '../helpers/sandbox.js'

const d = 3000
const sb = useSandbox({jobDelayMs: d})
const clock = pinnedClock(sb, '2026-06-01T00:00:00.000Z')

interface Mirror {
  id: number
  url: string
  enabled: boolean
  auth_method: string
  update_status: string
  only_protected_branches: boolean
  keep_divergent_refs: boolean
  mirror_branch_regex: string | null
  last_error: string | null
  last_update_at: string | null
  last_update_started_at: string | null
  last_successful_update_at: string | null
}
type Answer = Mirror & {message?: unknown; error?: string}

const base = '/projects/20/remote_mirrors'
const call = (method: string, path: string, body?: Record<string, unknown>, as: SeedRole = 'maintainer') => sb.api<Answer>(method, path, {as, body})
const create = async (body: Record<string, unknown>) => {
  const made = await call('POST', base, body)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body
}
const get = async (id: number) => (await call('GET', `${base}/${id}`)).body
const iso = (ms: number) => new Date(ms).toISOString()

describe('who may (lib/api/remote_mirrors.rb: unauthorized! unless admin_remote_mirror)', () => {
  it('answers 401, not 403, to a member below Maintainer, and 404 to a non-member of a private project', async () => {
    for (const role of ['developer', 'reporter'] as const) {
      for (const [method, path] of [
        ['GET', base],
        ['POST', base],
        ['POST', `${base}/1/sync`],
      ] as const) {
        expect(await call(method, path, method === 'POST' ? {url: 'https://x.example.com/a.git'} : undefined, role), `${role} ${method} ${path}`).toMatchObject({
          status: 401,
          body: {message: '401 Unauthorized'},
        })
      }
    }
    expect((await call('GET', base, undefined, 'outsider')).body).toEqual({message: '404 Project Not Found'})
    expect((await call('GET', base, undefined, 'maintainer')).status).toBe(200)
  })
})

describe('POST and PUT (app/services/remote_mirrors/create_service.rb, update_service.rb, app/models/remote_mirror.rb)', () => {
  it('creates a disabled password mirror that has never run, its credentials scrubbed in the answer (lib/api/entities/remote_mirror.rb)', async () => {
    const made = await create({url: 'https://bot:pa55word@contract.example.com/a.git'})
    expect(made).toMatchObject({
      url: 'https://*****:*****@contract.example.com/a.git',
      enabled: false,
      auth_method: 'password',
      update_status: 'none',
      only_protected_branches: false,
      keep_divergent_refs: false,
      last_error: null,
      last_update_at: null,
      last_update_started_at: null,
      last_successful_update_at: null,
    })
  })

  it('refuses a URL of another scheme in the model validation shape', async () => {
    const refused = await call('POST', base, {url: 'ftp://files.example.com/a.git'})
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual({url: [expect.stringMatching(/^is blocked: Only allowed schemes are /)]})
  })

  it("declares auth_method's values on create (a parameter error); an update leaves it to the model (a validation error)", async () => {
    expect((await call('POST', base, {url: 'https://x.example.com/a.git', auth_method: 'token'})).body).toEqual({error: 'auth_method does not have a valid value'})
    const mirror = await create({url: 'https://auth.example.com/a.git'})
    expect((await call('PUT', `${base}/${mirror.id}`, {auth_method: 'token'})).body).toEqual({message: {auth_method: ['is not included in the list']}})
  })

  it('takes only_protected_branches and mirror_branch_regex one at a time (ee/lib/ee/api/helpers/remote_mirrors_helpers.rb): both is a 400, each switches the other off', async () => {
    expect((await call('POST', base, {url: 'https://x.example.com/a.git', only_protected_branches: false, mirror_branch_regex: '^release/'})).body).toEqual({
      error: 'only_protected_branches, mirror_branch_regex are mutually exclusive',
    })
    const mirror = await create({url: 'https://filter.example.com/a.git', only_protected_branches: true})
    const regex = (await call('PUT', `${base}/${mirror.id}`, {mirror_branch_regex: '^release/'})).body
    expect(regex).toMatchObject({only_protected_branches: false, mirror_branch_regex: '^release/'})
    const only = (await call('PUT', `${base}/${mirror.id}`, {only_protected_branches: true})).body
    expect(only).toMatchObject({only_protected_branches: true, mirror_branch_regex: null})
    // ee/app/models/ee/remote_mirror.rb: an untrusted regexp is checked
    expect((await call('PUT', `${base}/${mirror.id}`, {mirror_branch_regex: '(unclosed'})).body.message).toEqual({mirror_branch_regex: [expect.stringMatching(/^not valid RE2 syntax/)]})
  })
})

describe('GET .../public_key (app/models/concerns/mirror_authentication.rb)', () => {
  it('shows an RSA key commented git@<host> for ssh_public_key on an ssh:// URL', async () => {
    const mirror = await create({url: 'ssh://git@keys.example.org/team/app.git', auth_method: 'ssh_public_key'})
    const key = await call('GET', `${base}/${mirror.id}/public_key`)
    expect(key.status).toBe(200)
    expect((key.body as unknown as {public_key: string}).public_key).toMatch(/^ssh-rsa AAAA\S+ git@\S+$/)
  })

  it('takes ssh_public_key on an https URL, and answers a bare 404 for its key, as for a password mirror', async () => {
    const https = await create({url: 'https://keys.example.org/team/app.git', auth_method: 'ssh_public_key'})
    expect(https.auth_method).toBe('ssh_public_key')
    expect(await call('GET', `${base}/${https.id}/public_key`)).toMatchObject({status: 404, body: {message: '404 Not Found'}})
    const password = await create({url: 'https://pw.example.org/team/app.git'})
    expect((await call('GET', `${base}/${password.id}/public_key`)).body).toEqual({message: '404 Not Found'})
  })
})

describe('a mirror that is not there (remote_mirrors.find, rescued in lib/api/api.rb)', () => {
  it("answers the API's generic 404 for an unknown ID, another project's mirror, or an ID that is no number", async () => {
    const mirror = await create({url: 'https://mine.example.com/a.git'})
    for (const path of [`${base}/999999`, `/projects/21/remote_mirrors/${mirror.id}`, `${base}/abc`]) {
      expect(await call('GET', path), path).toMatchObject({status: 404, body: {message: '404 Not found'}})
    }
    expect((await call('DELETE', `${base}/${mirror.id}`)).status).toBe(204)
    expect((await call('GET', `${base}/${mirror.id}`)).body).toEqual({message: '404 Not found'})
  })
})

describe('POST .../sync (app/services/remote_mirrors/sync_service.rb, the update_status machine of app/models/remote_mirror.rb)', () => {
  it('refuses a disabled mirror in the service words', async () => {
    const off = await create({url: 'https://off.example.com/a.git'})
    expect(await call('POST', `${base}/${off.id}/sync`)).toMatchObject({
      status: 400,
      body: {message: 'Cannot proceed with the push mirroring. Please verify your mirror configuration.'},
    })
  })

  it('answers 204 and queues an update: no status for the queue, then started, then finished with both times set', async () => {
    const mirror = await create({url: 'https://sync.example.com/a.git', enabled: true})
    const from = clock.now
    expect((await call('POST', `${base}/${mirror.id}/sync`)).status).toBe(204)
    expect(await get(mirror.id)).toMatchObject({update_status: 'none', last_update_started_at: null})
    clock.now = from + d / 3
    expect(await get(mirror.id)).toMatchObject({update_status: 'started', last_update_started_at: iso(from + d / 3), last_update_at: null})
    clock.now = from + d
    expect(await get(mirror.id)).toMatchObject({update_status: 'finished', last_error: null, last_update_at: iso(from + d), last_successful_update_at: iso(from + d)})
  })

  it('starts no second update while one is in progress (update_in_progress?)', async () => {
    const mirror = await create({url: 'https://busy.example.com/a.git', enabled: true})
    const from = clock.now
    await call('POST', `${base}/${mirror.id}/sync`)
    clock.now = from + d / 2
    expect((await call('POST', `${base}/${mirror.id}/sync`)).status).toBe(204)
    clock.now = from + d
    expect(await get(mirror.id)).toMatchObject({update_status: 'finished', last_update_started_at: iso(from + d / 3)})
  })

  it('a failed update is `failed` with last_error (credentials scrubbed) and its time, and keeps the last success', async () => {
    const mirror = await create({url: 'https://bot:hunter22@unreachable.example.net/a.git', enabled: true})
    const from = clock.now
    await call('POST', `${base}/${mirror.id}/sync`)
    clock.now = from + d
    const failed = await get(mirror.id)
    expect(failed).toMatchObject({update_status: 'failed', last_update_at: iso(from + d), last_successful_update_at: null})
    expect(failed.last_error).toEqual(expect.stringContaining('unreachable.example.net'))
    expect(failed.last_error).not.toContain('hunter22')
  })
})
