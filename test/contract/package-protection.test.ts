// Contract: the sandbox's package protection rules as the platform serves them (issue 34). Each fact names
// the platform file (gitlabhq/gitlabhq) it was read from; most are in its request spec,
// spec/requests/api/project_packages_protection_rules_spec.rb, and the shared examples of
// spec/support/shared_examples/requests/api/protection_rules_shared_examples.rb.
import {describe, expect, it} from 'vitest'
import type {PackageProtectionRule as Rule} from '../../src/api/package-protection.js'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const DELETE_FLAG = 'packages_protected_packages_delete'

type Answer = Rule & {message?: unknown; error?: string}

const base = '/projects/20/packages/protection/rules'
const call = (method: string, path: string, body?: Record<string, unknown>, as: SeedRole = 'maintainer') => sb.api<Answer>(method, path, {as, body})
const create = (body: Record<string, unknown>) => call('POST', base, body)
const withDeleteFlag = async <T>(action: () => Promise<T>): Promise<T> => {
  sb.sandbox.store.options.features.add(DELETE_FLAG)
  try {
    return await action()
  } finally {
    sb.sandbox.store.options.features.delete(DELETE_FLAG)
  }
}
const modelError = (...messages: string[]) => ({status: 422, body: {message: {error: messages}}})

describe('who may (lib/api/project_packages_protection_rules.rb: authorize_admin_package!)', () => {
  it('answers 403 below Maintainer, 404 to a non-member of a private project or for a project that is not there', async () => {
    for (const role of ['reporter', 'developer'] as const) expect((await call('GET', base, undefined, role)).status, role).toBe(403)
    expect((await call('GET', base, undefined, 'outsider')).status).toBe(404)
    expect((await call('GET', '/projects/999999/packages/protection/rules')).status).toBe(404)
    const listed = await call('GET', base)
    expect(listed.status).toBe(200)
    // the whole list, unpaginated
    expect(listed.headers.get('x-total')).toBeNull()
  })
})

describe('POST (app/services/packages/protection/create_rule_service.rb, app/models/packages/protection/rule.rb)', () => {
  it('creates a rule (201) with the delete level null while its feature flag is off', async () => {
    const made = await create({package_name_pattern: '@acme/contract-*', package_type: 'npm', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner'})
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({project_id: 20, package_name_pattern: '@acme/contract-*', package_type: 'npm', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: null})
  })

  it('keeps the delete level with the flag on, alone too', async () => {
    await withDeleteFlag(async () => {
      const made = await create({package_name_pattern: 'contract-delete', package_type: 'generic', minimum_access_level_for_delete: 'admin'})
      expect(made.body).toMatchObject({minimum_access_level_for_push: null, minimum_access_level_for_delete: 'admin'})
    })
  })

  it("refuses parameters in Grape's words (400): an unknown type or level, an empty delete level, neither level sent", async () => {
    const rule = {package_name_pattern: 'contract-x', package_type: 'npm'}
    expect((await create({...rule, package_type: 'gem', minimum_access_level_for_push: 'owner'})).body).toEqual({error: 'package_type does not have a valid value'})
    expect((await create({...rule, minimum_access_level_for_push: 'developer'})).body).toEqual({error: 'minimum_access_level_for_push does not have a valid value'})
    expect((await create({...rule, minimum_access_level_for_push: 'owner', minimum_access_level_for_delete: ''})).body).toEqual({
      error: 'minimum_access_level_for_delete does not have a valid value',
    })
    expect((await create(rule)).body).toEqual({error: 'minimum_access_level_for_push, minimum_access_level_for_delete are missing, at least one parameter must be provided'})
  })

  it('leaves the rest to the model (422, its full messages): both levels null, a delete level alone while the flag is off, a taken pattern', async () => {
    expect(await create({package_name_pattern: 'contract-none', package_type: 'npm', minimum_access_level_for_push: null, minimum_access_level_for_delete: null})).toMatchObject(
      modelError('A rule must have at least a minimum access role for push or delete.'),
    )
    expect(await create({package_name_pattern: 'contract-none', package_type: 'npm', minimum_access_level_for_delete: 'owner'})).toMatchObject(
      modelError('A rule must have at least a minimum access role for push or delete.'),
    )
    // unique per project and package type: another type may use it
    expect(await create({package_name_pattern: '@acme/*', package_type: 'npm', minimum_access_level_for_push: 'owner'})).toMatchObject(modelError('Package name pattern has already been taken'))
    expect((await create({package_name_pattern: '@acme/*', package_type: 'helm', minimum_access_level_for_push: 'owner'})).status).toBe(201)
  })

  it("checks npm and PyPI patterns as package names with * wildcards, and every pattern's length", async () => {
    expect(await create({package_name_pattern: '*@acme/start', package_type: 'npm', minimum_access_level_for_push: 'owner'})).toMatchObject(
      modelError('Package name pattern should be a valid NPM package name with optional wildcard characters.'),
    )
    expect(await create({package_name_pattern: 'has space', package_type: 'pypi', minimum_access_level_for_push: 'owner'})).toMatchObject(
      modelError('Package name pattern should be a valid PyPI package name with optional wildcard characters.'),
    )
    for (const pattern of ['*', '@my-scope/*my-package', '@my-scope/my-package-with-regex-characters.+']) {
      expect((await create({package_name_pattern: pattern, package_type: 'npm', minimum_access_level_for_push: 'owner'})).status, pattern).toBe(201)
    }
    expect(await create({package_name_pattern: `c${'o'.repeat(255)}`, package_type: 'maven', minimum_access_level_for_push: 'owner'})).toMatchObject(
      modelError('Package name pattern is too long (maximum is 255 characters)'),
    )
  })
})

describe('PATCH (app/services/packages/protection/update_rule_service.rb)', () => {
  it("changes the fields given; both levels unset or a taken pattern is the model's 422", async () => {
    const rule = (await create({package_name_pattern: 'contract-patch', package_type: 'conan', minimum_access_level_for_push: 'maintainer'})).body
    const changed = await call('PATCH', `${base}/${rule.id}`, {minimum_access_level_for_push: 'admin'})
    expect(changed.body).toEqual({...rule, minimum_access_level_for_push: 'admin'})
    expect(await call('PATCH', `${base}/${rule.id}`, {minimum_access_level_for_push: null})).toMatchObject(modelError('A rule must have at least a minimum access role for push or delete.'))
    await create({package_name_pattern: 'contract-taken', package_type: 'conan', minimum_access_level_for_push: 'owner'})
    expect(await call('PATCH', `${base}/${rule.id}`, {package_name_pattern: 'contract-taken'})).toMatchObject(modelError('Package name pattern has already been taken'))
    expect((await call('PATCH', `${base}/${rule.id}`, {minimum_access_level_for_delete: ''})).body).toEqual({error: 'minimum_access_level_for_delete does not have a valid value'})
  })

  it('keeps the stored delete level while the flag is off, and shows it as null', async () => {
    const rule = await withDeleteFlag(
      async () => (await create({package_name_pattern: 'contract-kept', package_type: 'generic', minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner'})).body,
    )
    const patched = await call('PATCH', `${base}/${rule.id}`, {minimum_access_level_for_delete: 'admin'})
    expect(patched.body.minimum_access_level_for_delete).toBeNull()
    await withDeleteFlag(async () => expect((await sb.api<Rule[]>('GET', base, {as: 'maintainer'})).body.find(r => r.id === rule.id)?.minimum_access_level_for_delete).toBe('owner'))
  })

  it("refuses a rule ID that is no integer (400), and answers the generic 404 for one that is not there or is another project's", async () => {
    expect((await call('PATCH', `${base}/invalid`, {minimum_access_level_for_push: 'owner'})).status).toBe(400)
    const other = (await call('GET', '/projects/21/packages/protection/rules')).body as unknown as Rule[]
    for (const path of [`${base}/999999`, `${base}/${other[0]!.id}`]) {
      expect(await call('PATCH', path, {minimum_access_level_for_push: 'owner'}), path).toMatchObject({status: 404, body: {message: '404 Not found'}})
      expect((await call('DELETE', path)).body).toEqual({message: '404 Not found'})
    }
  })
})

describe('DELETE', () => {
  it('answers 204, and the rule is gone', async () => {
    const rule = (await create({package_name_pattern: 'contract-gone', package_type: 'nuget', minimum_access_level_for_push: 'owner'})).body
    expect((await call('DELETE', `${base}/${rule.id}`)).status).toBe(204)
    expect((await call('GET', base)).body).not.toContainEqual(expect.objectContaining({id: rule.id}))
  })
})
