// Contract: the sandbox's protected tags as the platform serves them (issue 37). Each fact names the
// platform file (gitlabhq/gitlabhq) it was read from; the statuses and messages are in its request spec,
// spec/requests/api/protected_tags_spec.rb.
import {describe, expect, it} from 'vitest'
import type {ProtectedTag} from '../../src/api/protected-tags.js'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

type Answer = ProtectedTag & {message?: unknown; error?: string}

const base = '/projects/20/protected_tags'
const call = (method: string, path: string, body?: Record<string, unknown>, as: SeedRole = 'maintainer') => sb.api<Answer>(method, path, {as, body})
const levels = (tag: ProtectedTag) => tag.create_access_levels.map(rule => rule.access_level)

describe('who may (lib/api/protected_tags.rb; app/policies/project_policy.rb: read, create and destroy_protected_tags come with manage_protected_tags, a Maintainer right)', () => {
  it('answers 403 below Maintainer on every route, 404 to a non-member of a private project', async () => {
    for (const role of ['reporter', 'developer'] as const) {
      expect((await call('GET', base, undefined, role)).status, role).toBe(403)
      expect((await call('GET', `${base}/v*`, undefined, role)).status, role).toBe(403)
      expect((await call('POST', base, {name: 'contract-denied'}, role)).status, role).toBe(403)
      expect((await call('DELETE', `${base}/v*`, undefined, role)).status, role).toBe(403)
    }
    expect((await call('GET', base, undefined, 'outsider')).status).toBe(404)
    const listed = await call('GET', base)
    expect(listed.status).toBe(200)
    // paginated (`present paginate(protected_tags)`)
    expect(listed.headers.get('x-total')).not.toBeNull()
  })
})

describe('the record (lib/api/entities/protected_tag.rb, lib/api/entities/protected_ref_access.rb)', () => {
  it('is the name and its create rules, each with its ID, level and description; the protection itself has no ID', async () => {
    const tag = (await call('GET', `${base}/${encodeURIComponent('v*')}`)).body
    expect(Object.keys(tag).sort()).toEqual(['create_access_levels', 'name'])
    expect(tag.name).toBe('v*')
    expect(tag.create_access_levels).toEqual([expect.objectContaining({access_level: 40, access_level_description: 'Maintainers'})])
    expect(tag.create_access_levels[0]!.id).toEqual(expect.any(Number))
  })

  it('a name that is not protected is 404 "404 Not found" for GET and DELETE', async () => {
    for (const method of ['GET', 'DELETE']) expect(await call(method, `${base}/no-such-tag`)).toMatchObject({status: 404, body: {message: '404 Not found'}})
  })
})

describe('POST (app/services/protected_refs/access_level_params.rb, app/models/protected_tag.rb, app/models/concerns/protected_ref_access.rb)', () => {
  it('protects a name or a wildcard (201); without a level, Maintainers may create', async () => {
    const made = await call('POST', base, {name: 'contract/*'})
    expect(made.status).toBe(201)
    expect(made.body.name).toBe('contract/*')
    expect(levels(made.body)).toEqual([40])
    // the wildcard with a slash is one encoded segment
    expect((await call('GET', `${base}/${encodeURIComponent('contract/*')}`)).status).toBe(200)
  })

  it.each([
    [0, 'No one'],
    [30, 'Developers + Maintainers'],
    [60, 'Instance admins'],
  ])('takes create_access_level %i (%s)', async (level, description) => {
    const made = await call('POST', base, {name: `contract-level-${level}`, create_access_level: level})
    expect(made.status).toBe(201)
    expect(made.body.create_access_levels).toEqual([expect.objectContaining({access_level: level, access_level_description: description})])
  })

  it("refuses another level in Grape's words (400), and a missing name", async () => {
    expect(await call('POST', base, {name: 'contract-bad', create_access_level: 20})).toMatchObject({status: 400, body: {error: 'create_access_level does not have a valid value'}})
    expect(await call('POST', base, {create_access_level: 40})).toMatchObject({status: 400, body: {error: 'name is missing'}})
  })

  it("refuses a name protected already, and an empty one, with the model's messages (422)", async () => {
    expect(await call('POST', base, {name: 'v*'})).toMatchObject({status: 422, body: {message: ['Name has already been taken']}})
    expect(await call('POST', base, {name: ''})).toMatchObject({status: 422, body: {message: ["Name can't be blank"]}})
    // unique per project only: the same name in another project is protected
    expect((await call('POST', '/projects/23/protected_tags', {name: 'v*'})).status).toBe(201)
  })
})

describe('no change in place (lib/api/protected_tags.rb has no PUT or PATCH)', () => {
  it('unprotects (204), after which the name can be protected again with another level', async () => {
    await call('POST', base, {name: 'contract-again', create_access_level: 40})
    // Grape answers a method the path does not have with 405
    expect((await call('PATCH', `${base}/contract-again`, {create_access_level: 30})).status).toBe(405)
    expect((await call('DELETE', `${base}/contract-again`)).status).toBe(204)
    expect((await call('GET', `${base}/contract-again`)).status).toBe(404)
    expect(levels((await call('POST', base, {name: 'contract-again', create_access_level: 30})).body)).toEqual([30])
  })
})
