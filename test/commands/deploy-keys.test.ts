import {writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {DeployKey} from '../../src/api/deploy-keys.js'
import type {BulkRow} from '../../src/core/lists/bulk.js'
import {keyTables} from '../../src/sandbox/routes/deploy-keys.js'
import {SEED_TIME} from '../../src/sandbox/store.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, startHostileServer} from '../helpers/hostile-server.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {fingerprintsOf, makeKey, mislabelledKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const maintainer: SandboxRunOptions = {as: 'maintainer'}
const admin: SandboxRunOptions = {as: 'admin'}

const projectKeys = async (project: number | string) => (await sb.api<DeployKey[]>('GET', `/projects/${encodeURIComponent(project)}/deploy_keys`, {as: 'admin'})).body
const projectKey = async (project: number, id: number) => sb.api<DeployKey>('GET', `/projects/${project}/deploy_keys/${id}`, {as: 'admin'})

async function addKey(args: string[], options: SandboxRunOptions = maintainer): Promise<DeployKey> {
  const result = await sb.run(['deploy-keys', 'add', ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<DeployKey>()
}

describe('deploy-keys list', () => {
  it("lists a project's keys as the API does, with fingerprints of the real key", async () => {
    const result = await sb.run(['deploy-keys', 'list', '-p', 'acme/platform/api', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual(await projectKeys(20))
    const ci = result.json<DeployKey[]>().find(k => k.title === 'CI deploy')!
    expect(ci.can_push).toBe(false)
    const expected = fingerprintsOf(ci.key)
    expect(ci.fingerprint_sha256).toBe(expected.sha256)
    expect(ci.fingerprint).toBe(expected.md5)
  })

  it('shows the default columns in a table', async () => {
    const table = await sb.run(['deploy-keys', 'list', '-p', '21', '-o', 'table'], maintainer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+title\s+fingerprint_sha256\s+can_push\s+created_at\s+expires_at\s*$/)
    expect(table.stdout).toMatch(/CI deploy\s+SHA256:\S+\s+true/)
  })

  it("lists the instance's keys with their projects (administrator), and --public only the public ones", async () => {
    const all = await sb.run(['deploy-keys', 'list', '--json'], admin)
    expect(all.code, all.stderr).toBe(0)
    expect(all.json()).toEqual((await sb.api('GET', '/deploy_keys', {as: 'admin'})).body)
    const ci = all.json<DeployKey[]>().find(k => k.title === 'CI deploy')!
    expect(ci.projects_with_write_access!.map(p => p.path_with_namespace)).toEqual(['acme/website'])
    expect(ci.projects_with_readonly_access!.map(p => p.path_with_namespace)).toEqual(['acme/platform/api'])
    expect(Object.keys(ci.projects_with_readonly_access![0]!).sort()).toEqual(['created_at', 'description', 'id', 'name', 'name_with_namespace', 'path', 'path_with_namespace'])
    const publicOnly = await sb.run(['deploy-keys', 'list', '--public', '--json'], admin)
    expect(publicOnly.json<DeployKey[]>().map(k => k.title)).toEqual(['Mirror bot'])
    expect(sb.sandbox.requests.at(-1)!.query).toContain('public=true')
  })

  it('refuses the instance list to a non-administrator: 403, exit 5', async () => {
    const result = await sb.run(['deploy-keys', 'list'], maintainer)
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('403 Forbidden (GET /api/v4/deploy_keys')
  })

  it('lists the keys of projects shared with a user (-u), and 403 when there are none', async () => {
    const shared = await sb.run(['deploy-keys', 'list', '-u', 'alice', '--json'], maintainer)
    expect(shared.code, shared.stderr).toBe(0)
    expect(shared.json()).toEqual((await sb.api('GET', '/users/alice/project_deploy_keys', {as: 'maintainer'})).body)
    expect(shared.json<DeployKey[]>().map(k => k.title)).toContain('CI deploy')
    expect(Object.keys(shared.json<DeployKey[]>()[0]!).sort()).toEqual(['created_at', 'expires_at', 'fingerprint', 'fingerprint_sha256', 'id', 'key', 'title'])
    // @NAME, the mention form, is the username NAME, sent as the path takes it
    const before = sb.sandbox.requests.length
    const mention = await sb.run(['deploy-keys', 'list', '-u', '@alice', '--json'], maintainer)
    expect(mention.json()).toEqual(shared.json())
    expect(sb.sandbox.requests.slice(before).map(r => r.path)).toEqual(['/users/alice/project_deploy_keys'])
    const none = await sb.run(['deploy-keys', 'list', '-u', '4'], maintainer)
    expect(none.code).toBe(5)
    expect(none.stderr).toContain('No common authorized project found')
  })

  it('refuses -p with -u, and --public with a scope, before sending anything', async () => {
    for (const args of [
      ['-p', '20', '-u', 'alice'],
      ['-p', '20', '--public'],
      ['-u', 'alice', '--no-public'],
    ]) {
      const {result, requests} = await sb.runCounted(['deploy-keys', 'list', ...args], admin)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(/^Error: --\S+ and --\S+ cannot be used together\n$/)
      expect(requests).toBe(0)
    }
  })

  it('needs the Maintainer role: 403 for a developer, 404 for a private project to a non-member', async () => {
    const developer = await sb.run(['deploy-keys', 'list', '-p', '20'], {as: 'developer'})
    expect(developer.code).toBe(5)
    const outsider = await sb.run(['deploy-keys', 'list', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Project Not Found')
  })
})

describe('deploy-keys get', () => {
  it('shows one key of a project, as the API does', async () => {
    const ci = (await projectKeys(21)).find(k => k.title === 'CI deploy')!
    const result = await sb.run(['deploy-keys', 'get', String(ci.id), '-p', 'acme/website', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual(ci)
  })

  it('is 404 in a project that does not use the key, and exit 2 for a bad KEY_ID', async () => {
    const ci = (await projectKeys(21)).find(k => k.title === 'CI deploy')!
    const elsewhere = await sb.run(['deploy-keys', 'get', String(ci.id), '-p', 'opensource/tool'], admin)
    expect(elsewhere.code).toBe(3)
    expect(elsewhere.stderr).toContain('404 Not Found: Deploy Key Not Found')
    const {result, requests} = await sb.runCounted(['deploy-keys', 'get', 'abc', '-p', '20'], maintainer)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('KEY_ID "abc": must be a positive whole number')
    expect(requests).toBe(0)
  })
})

describe('deploy-keys add, join, enable, update, delete', () => {
  it('adds a new key to one project and prints the key with the fingerprints ssh-keygen computes', async () => {
    const fresh = makeKey('deploy-one')
    const result = await sb.run(
      ['deploy-keys', 'add', '--title', 'Deploy one', '--key-file', fresh.file, '-p', 'acme/platform/api', '--can-push', '--expires-at', '2027-03-01T12:00:00Z', '--json'],
      maintainer,
    )
    expect(result.code, result.stderr).toBe(0)
    const key = result.json<DeployKey>()
    expect(result.stderr).toBe(`Created deploy key ${key.id} in project "acme/platform/api".\n`)
    expect(key).toMatchObject({title: 'Deploy one', key: fresh.text, can_push: true, fingerprint: fresh.md5, fingerprint_sha256: fresh.sha256})
    expect(key.expires_at).toBe('2027-03-01T12:00:00.000Z')
    expect((await projectKey(20, plainId(key.id))).body).toEqual(key)
  })

  it('joins a key already used in a project the user maintains: same ID, can_push per project', async () => {
    const fresh = makeKey('shared')
    const first = await addKey(['--title', 'Shared', '--key', fresh.text, '-p', '20', '--can-push'])
    // made a while ago: a key with the same title made within the same second would pass for a new one
    keyTables(sb.sandbox.store).deployKeys.get(plainId(first.id))!.created_at = SEED_TIME
    const joined = await sb.run(['deploy-keys', 'add', '--title', 'Shared', '--key', fresh.text, '-p', '21', '--json'], maintainer)
    expect(joined.code, joined.stderr).toBe(0)
    const second = joined.json<DeployKey>()
    expect(joined.stderr).toBe(`Existing deploy key ${first.id} in project 21: there already, or joined from a project you maintain.\n`)
    expect(second.id).toBe(first.id)
    expect(second.can_push).toBe(false)
    expect((await projectKey(20, plainId(first.id))).body.can_push).toBe(true)
    const instance = (await sb.api<DeployKey[]>('GET', '/deploy_keys?per_page=100', {as: 'admin'})).body
    expect(instance.filter(k => k.fingerprint_sha256 === fresh.sha256)).toHaveLength(1)
  })

  it('refuses a key text used in a project the user cannot reach (400, exit 6)', async () => {
    const fresh = makeKey('alice-only')
    await addKey(['--title', 'Tool key', '--key', fresh.text, '-p', 'opensource/tool'], {as: 'owner'})
    const result = await sb.run(['deploy-keys', 'add', '--title', 'Borrowed', '--key', fresh.text, '-p', '20'], maintainer)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: deploy_key.fingerprint_sha256 has already been taken (POST /api/v4/projects/20/deploy_keys)')
  })

  // lib/api/deploy_keys.rb finds an existing key by its exact text: the same key with another comment
  // is a new key, refused for its fingerprint, and forgectl says what to do
  it('refuses the same key with another comment than the one it has elsewhere, and says how to add it', async () => {
    const fresh = makeKey('laptop')
    await addKey(['--title', 'Laptop', '--key', fresh.text, '-p', '20'])
    const result = await sb.run(['deploy-keys', 'add', '--title', 'Laptop again', '--key', fresh.text.replace('laptop', 'desktop'), '-p', 'acme/website'], maintainer)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('deploy_key.fingerprint_sha256 has already been taken')
    expect(result.stderr).toContain('send it with the exact text it has there, or enable it by ID (`deploy-keys enable`)')
    const joined = await sb.run(['deploy-keys', 'add', '--title', 'Laptop', '--key', fresh.text, '-p', 'acme/website', '--json'], maintainer)
    expect(joined.code, joined.stderr).toBe(0)
  })

  it('enables an existing key in another project (201); a key the user cannot reach is 404', async () => {
    const fresh = makeKey('enable-me')
    const key = await addKey(['--title', 'Enable me', '--key', fresh.text, '-p', '20'])
    const result = await sb.run(['deploy-keys', 'enable', String(key.id), '-p', 'acme/website', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DeployKey>()).toMatchObject({id: key.id, can_push: false})
    expect((await projectKeys(21)).map(k => k.id)).toContain(key.id)
    const hidden = makeKey('hidden')
    const aliceKey = await addKey(['--title', 'Hidden', '--key', hidden.text, '-p', '22'], {as: 'owner'})
    const refused = await sb.run(['deploy-keys', 'enable', String(aliceKey.id), '-p', '20'], maintainer)
    expect(refused.code).toBe(3)
  })

  it('updates can_push in one project, and the title (everywhere) as the platform allows; a title kept is exit 1; nothing to change is exit 2', async () => {
    const fresh = makeKey('update-me')
    const key = await addKey(['--title', 'Before', '--key', fresh.text, '-p', '20'])
    // a key of one project: its maintainer renames it
    const solo = await sb.run(['deploy-keys', 'update', String(key.id), '-p', '20', '--title', 'Solo', '--json'], maintainer)
    expect(solo.code, solo.stderr).toBe(0)
    expect(solo.json<DeployKey>().title).toBe('Solo')
    await sb.run(['deploy-keys', 'enable', String(key.id), '-p', '21'], maintainer)
    // used by two projects: the platform takes the title only from an administrator, and says nothing
    const kept = await sb.run(['deploy-keys', 'update', String(key.id), '-p', '21', '--title', 'After', '--can-push', '--json'], maintainer)
    expect(kept.code).toBe(1)
    expect(kept.json<DeployKey>()).toMatchObject({title: 'Solo', can_push: true})
    expect(kept.stderr).toBe(
      `Error: deploy key ${key.id} in project 21: title stays "Solo", not "After": the server kept it (the platform renames a key that other projects use, or a public key, only for an administrator)\n`,
    )
    const result = await sb.run(['deploy-keys', 'update', String(key.id), '-p', '21', '--title', 'After', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DeployKey>()).toMatchObject({title: 'After', can_push: true})
    expect((await projectKey(20, plainId(key.id))).body).toMatchObject({title: 'After', can_push: false})
    const {result: nothing, requests} = await sb.runCounted(['deploy-keys', 'update', String(key.id), '-p', '21'], maintainer)
    expect(nothing.code).toBe(2)
    expect(nothing.stderr).toContain('nothing to change')
    expect(requests).toBe(0)
  })

  it('deletes from one project (the key stays elsewhere), then from the last one (gone from the system)', async () => {
    const fresh = makeKey('delete-me')
    const key = await addKey(['--title', 'Delete me', '--key', fresh.text, '-p', '20'])
    await sb.run(['deploy-keys', 'enable', String(key.id), '-p', '21'], maintainer)
    const first = await sb.run(['deploy-keys', 'delete', String(key.id), '-p', '20', '--yes'], maintainer)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toBe('')
    expect(first.stderr).toContain(`Removed deploy key ${key.id} from project 20.`)
    expect((await projectKey(20, plainId(key.id))).status).toBe(404)
    expect((await projectKey(21, plainId(key.id))).status).toBe(200)
    expect((await sb.api('GET', `/keys/${key.id}`, {as: 'admin'})).status).toBe(200)
    const last = await sb.run(['deploy-keys', 'delete', String(key.id), '-p', '21', '-y'], maintainer)
    expect(last.code).toBe(0)
    expect((await sb.api('GET', `/keys/${key.id}`, {as: 'admin'})).status).toBe(404)
    const instance = (await sb.api<DeployKey[]>('GET', '/deploy_keys?per_page=100', {as: 'admin'})).body
    expect(instance.map(k => k.id)).not.toContain(key.id)
  })

  it('refuses to delete without a terminal and without --yes, sending nothing', async () => {
    const {result, requests} = await sb.runCounted(['deploy-keys', 'delete', '4', '-p', '20'], maintainer)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('refusing to remove deploy key 4 from project 20 without confirmation: pass --yes')
    expect(requests).toBe(0)
  })

  it('adds an instance key without -p (administrator): public, enabled nowhere yet', async () => {
    const fresh = makeKey('fleet')
    const key = await addKey(['--title', 'Fleet', '--key-file', fresh.file], admin)
    expect(key).toMatchObject({title: 'Fleet', fingerprint_sha256: fresh.sha256})
    expect(key).not.toHaveProperty('can_push')
    const publicKeys = (await sb.api<DeployKey[]>('GET', '/deploy_keys?public=true', {as: 'admin'})).body
    expect(publicKeys.find(k => k.id === key.id)).toMatchObject({projects_with_write_access: [], projects_with_readonly_access: []})
    const enabled = await sb.run(['deploy-keys', 'enable', String(key.id), '-p', '20', '--json'], maintainer)
    expect(enabled.code, enabled.stderr).toBe(0)
    const refused = await sb.run(['deploy-keys', 'add', '--title', 'Nope', '--key', makeKey('nope').text], maintainer)
    expect(refused.code).toBe(5)
    expect(refused.stderr).toContain('(POST /api/v4/deploy_keys)')
  })
})

describe('deploy-keys add to several projects (bulk)', () => {
  it('adds the key to each project, one request each (no read of its keys first), reports every result and exits non-zero on a failure', async () => {
    const fresh = makeKey('bulk')
    const {result, requests} = await sb.runCounted(
      ['deploy-keys', 'add', '--title', 'Bulk', '--key-file', fresh.file, '-p', 'acme/platform/api,opensource/tool', '-p', 'acme/website', '--json'],
      maintainer,
    )
    // a POST each, and nothing else: lib/api/deploy_keys.rb answers a new, joined or present key alike (201)
    expect(requests).toBe(3)
    expect(sb.sandbox.requests.slice(-requests).map(r => r.method)).toEqual(['POST', 'POST', 'POST'])
    expect(result.code).toBe(5)
    const rows = result.json<BulkRow<DeployKey>[]>()
    expect(rows.map(r => r.item)).toEqual(['project acme/platform/api', 'project opensource/tool', 'project acme/website'])
    expect(rows[1]!.status).toBe('failed')
    // one of the two created the key, the other joined it (whichever posts first)
    expect([rows[0]!.status, rows[2]!.status].sort()).toEqual(['created', 'existing'])
    expect(rows[1]!.error).toContain('403 Forbidden (POST /api/v4/projects/opensource%2Ftool/deploy_keys)')
    expect(rows[0]!.result!.id).toBe(rows[2]!.result!.id)
    expect(result.stderr).toContain('1 of 3 failed')
    expect((await projectKeys(20)).map(k => k.fingerprint_sha256)).toContain(fresh.sha256)
    expect((await projectKeys(21)).map(k => k.fingerprint_sha256)).toContain(fresh.sha256)
    expect((await projectKeys(22)).map(k => k.fingerprint_sha256)).not.toContain(fresh.sha256)
  })

  it('prints one line per project in a table, and exit 0 when all succeed', async () => {
    const fresh = makeKey('bulk-ok')
    const result = await sb.run(['deploy-keys', 'add', '--title', 'Bulk ok', '--key', fresh.text, '-p', '20,21', '--concurrency', '1', '-o', 'table'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/project 20\s+created/)
    expect(result.stdout).toMatch(/project 21\s+existing/)
  })

  it('--dry-run shows each request and sends nothing', async () => {
    const fresh = makeKey('dry')
    const {result, requests} = await sb.runCounted(['deploy-keys', 'add', '--title', 'Dry', '--key', fresh.text, '-p', '20,21', '--dry-run', '--json'], maintainer)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.json<BulkRow<DeployKey>[]>().map(r => r.status)).toEqual(['dry-run', 'dry-run'])
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/21/deploy_keys`)
    expect(result.stderr).toContain('Dry run: a real run sends the POST shown, then a PUT where the key exists with another title or push access')
    expect(result.stderr).toContain('PRIVATE-TOKEN: [REDACTED]')
    expect(result.stderr).not.toContain('sandbox-maintainer-token')
  })
})

describe('deploy-keys add to a project that has the key already: made as asked, or said it is not', () => {
  /**
   * The key in `project` as a plain POST puts it there, made a while ago: a key made in the same second
   * as forgectl's own POST, with the same title, would be taken for one that POST created.
   */
  const placeKey = async (project: number, body: Record<string, unknown>) => {
    const response = await sb.api<DeployKey>('POST', `/projects/${project}/deploy_keys`, {as: 'admin', body})
    expect(response.status).toBe(201)
    keyTables(sb.sandbox.store).deployKeys.get(plainId(response.body.id))!.created_at = SEED_TIME
    return {...response.body, created_at: SEED_TIME}
  }

  it('updates title and can_push of the key already there (the POST answers it, a PUT changes it), then a repeat is one POST', async () => {
    const fresh = makeKey('already-there')
    const old = await placeKey(20, {title: 'Old title', key: fresh.text})
    expect(old.can_push).toBe(false)
    const {result, requests} = await sb.runCounted(['deploy-keys', 'add', '--can-push', '--title', 'x', '--key', fresh.text, '-p', '20', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DeployKey>()).toMatchObject({id: old.id, title: 'x', can_push: true})
    expect(result.stderr).toBe(`Updated existing deploy key ${old.id} in project 20: title (in every project that uses the key) and can_push.\n`)
    expect(requests).toBe(2)
    expect(sb.sandbox.requests.at(-2)).toMatchObject({method: 'POST', path: '/projects/20/deploy_keys'})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'PUT', path: `/projects/20/deploy_keys/${old.id}`})
    expect((await projectKey(20, plainId(old.id))).body).toMatchObject({title: 'x', can_push: true})

    const again = await sb.runCounted(['deploy-keys', 'add', '--can-push', '--title', 'x', '--key', fresh.text, '-p', '20', '--json'], maintainer)
    expect(again.result.code, again.result.stderr).toBe(0)
    expect(again.result.stderr).toBe(`Existing deploy key ${old.id} in project 20: there already, or joined from a project you maintain.\n`)
    expect(again.requests).toBe(1)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST'})
    // without --can-push nothing is asked of push access: the key keeps it
    const plain = await sb.run(['deploy-keys', 'add', '--title', 'x', '--key', fresh.text, '-p', '20', '--json'], maintainer)
    expect(plain.json<DeployKey>().can_push).toBe(true)
    expect(plain.stderr).toContain(`Existing deploy key ${old.id} in project 20`)
  })

  it("joins a key of another project with --can-push; the asked title, the key's own, is set where the platform takes it and reported where it does not", async () => {
    const fresh = makeKey('join-and-rename')
    const other = await placeKey(21, {title: 'Website key', key: fresh.text})
    // a maintainer: the key joined, push access as asked, but the platform keeps the title of a shared key
    const result = await sb.run(['deploy-keys', 'add', '--can-push', '--title', 'Shared key', '--key', fresh.text, '-p', '20', '--json'], maintainer)
    expect(result.code).toBe(1)
    expect(result.json<DeployKey>()).toMatchObject({id: other.id, title: 'Website key', can_push: true})
    expect(result.stderr).toBe(
      `Existing deploy key ${other.id} in project 20: there already, or joined from a project you maintain.\n`
        + `Error: deploy key ${other.id} in project 20: title stays "Website key", not "Shared key": the server kept it (the platform renames a key that other projects use, or a public key, only for an administrator)\n`,
    )
    // an administrator: renamed, in every project that uses it
    const byAdmin = await sb.run(['deploy-keys', 'add', '--title', 'Shared key', '--key', fresh.text, '-p', '22', '--json'], admin)
    expect(byAdmin.code, byAdmin.stderr).toBe(0)
    expect(byAdmin.stderr).toBe(`Updated existing deploy key ${other.id} in project 22: title (in every project that uses the key).\n`)
    expect((await projectKey(21, plainId(other.id))).body).toMatchObject({title: 'Shared key', can_push: false})
  })

  // lib/api/deploy_keys.rb looks the key up by its exact text, so the same key under another comment is
  // refused as taken (400, app/models/key.rb's unique fingerprint) even in the project that has it
  it('a key already in the project under another comment: the refusal leads to one look, and the key there is made as asked', async () => {
    const fresh = makeKey('other-comment')
    const old = await placeKey(20, {title: 'Commented', key: fresh.text})
    const {result, requests} = await sb.runCounted(
      ['deploy-keys', 'add', '--title', 'Commented', '--can-push', '--key', fresh.text.replace('other-comment', 'renamed'), '-p', '20', '--json'],
      maintainer,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DeployKey>()).toMatchObject({id: old.id, can_push: true})
    expect(result.stderr).toBe(`Updated existing deploy key ${old.id} in project 20: can_push.\n`)
    expect(requests).toBe(3)
    expect(sb.sandbox.requests.slice(-3).map(r => r.method)).toEqual(['POST', 'GET', 'PUT'])
  })

  it('says so, exit 1, when the key exists with another expiry, which the API cannot change; the rest is done', async () => {
    const fresh = makeKey('other-expiry')
    const old = await placeKey(20, {title: 'Expiring', key: fresh.text, expires_at: '2027-01-01T00:00:00Z'})
    const result = await sb.run(['deploy-keys', 'add', '--title', 'Expiring', '--can-push', '--key', fresh.text, '-p', '20', '--expires-at', '2027-06-30T00:00:00Z', '--json'], maintainer)
    expect(result.code).toBe(1)
    expect(result.json<DeployKey>()).toMatchObject({id: old.id, can_push: true, expires_at: '2027-01-01T00:00:00.000Z'})
    expect(result.stderr).toBe(
      `Updated existing deploy key ${old.id} in project 20: can_push.\n`
        + `Error: deploy key ${old.id} in project 20: expires_at stays "2027-01-01T00:00:00.000Z", not "2027-06-30T00:00:00Z": the API cannot change the expiry of a key that exists (remove it from every project, then add it again)\n`,
    )
    // the same expiry written another way is the same expiry
    const same = await sb.run(['deploy-keys', 'add', '--title', 'Expiring', '--key', fresh.text, '-p', '20', '--expires-at', '2027-01-01T01:00:00+01:00'], maintainer)
    expect(same.code, same.stderr).toBe(0)
  })

  it('reports every project of a fan-out as updated, existing or not as asked, and --json tells them apart', async () => {
    const fresh = makeKey('fan-out-states')
    const key = await placeKey(20, {title: 'Fleet', key: fresh.text})
    await sb.api('POST', `/projects/21/deploy_keys/${key.id}/enable`, {as: 'admin'})
    await sb.api('PUT', `/projects/21/deploy_keys/${key.id}`, {as: 'admin', body: {can_push: true}})
    const result = await sb.run(['deploy-keys', 'add', '--title', 'Fleet', '--can-push', '--key', fresh.text, '-p', '20,21,22', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<BulkRow<DeployKey>[]>().map(r => [r.item, r.status, r.result?.can_push])).toEqual([
      ['project 20', 'updated', true],
      ['project 21', 'existing', true],
      ['project 22', 'existing', true],
    ])

    const dated = await sb.run(['deploy-keys', 'add', '--title', 'Fleet', '--key', fresh.text, '-p', '20,21', '--expires-at', '2030-01-01T00:00:00Z', '-o', 'table'], admin)
    expect(dated.code).toBe(1)
    expect(dated.stdout).toMatch(/project 20\s+not as asked\s+the key existed, but expires_at stays null, not "2030-01-01T00:00:00Z"/)
    expect(dated.stderr).toContain('2 of 2 failed')
  })
})

describe('deploy-keys add: local checks, nothing sent', () => {
  const fresh = makeKey('local')
  const privateFile = `${fresh.file}.private`
  writeFileSync(privateFile, '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==\n-----END OPENSSH PRIVATE KEY-----\n')

  it.each([
    [['--key', 'not a key'], /^Error: --key "not a key": must be an OpenSSH public key: "not" is not a supported key type/],
    [['--key', mislabelledKey(fresh)], /^Error: --key "ssh-rsa \S+": must be an OpenSSH public key: the key data is of type "ssh-ed25519", not "ssh-rsa"/],
    [['--key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHQ5W0g1TB+WfEL'], /: must be an OpenSSH public key: the key data is not valid base64/],
    [['--key-file', privateFile], new RegExp(`^Error: --key-file ${privateFile}: must be an OpenSSH public key: this is a private key`)],
    [['--key-file', '/nonexistent/key.pub'], /cannot read --key-file \/nonexistent\/key.pub: ENOENT/],
    [['--key', fresh.text, '--expires-at', '31/12/2026'], /^Error: --expires-at "31\/12\/2026": must be an ISO 8601 date-time/],
    [['--key', fresh.text, '--can-push'], /--can-push applies to project keys \(-p\) only/],
    [['--key', fresh.text, '--key-file', fresh.file, '-p', '20'], /--key and --key-file cannot be used together/],
    [['--key', '', '-p', '20'], /^Error: --key "": must not be empty/],
    [['--key', fresh.text, '-p', ''], /^Error: --project "": must not be empty/],
    [['--key', fresh.text, '-p', ' , '], /^Error: --project " , ": must not be empty/],
  ])('refuses %j with exit 2', async (args, message) => {
    const {result, requests} = await sb.runCounted(['deploy-keys', 'add', '--title', 'Local', ...args], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(requests).toBe(0)
  })

  it('refuses an empty title and reports every missing input in one message, sending nothing', async () => {
    const empty = await sb.runCounted(['deploy-keys', 'add', '--title', '', '--key', fresh.text, '-p', '20'], maintainer)
    expect(empty.result.code).toBe(2)
    expect(empty.result.stderr).toMatch(/^Error: --title "": must not be empty/)
    expect(empty.requests).toBe(0)
    const missing = await sb.runCounted(['deploy-keys', 'add', '-p', '20'], maintainer)
    expect(missing.result.code).toBe(2)
    expect(missing.result.stderr).toMatch(/^Error: missing --title \(title of the key\) and --key or --key-file \(public key text/)
    expect(missing.requests).toBe(0)
    const update = await sb.runCounted(['deploy-keys', 'update', '4', '-p', '20', '--title', ''], maintainer)
    expect(update.result.code).toBe(2)
    expect(update.result.stderr).toMatch(/^Error: --title "": must not be empty/)
    expect(update.requests).toBe(0)
    const list = await sb.runCounted(['deploy-keys', 'list', '-u', ''], maintainer)
    expect(list.result.code).toBe(2)
    expect(list.result.stderr).toMatch(/^Error: --user "": must not be empty/)
    expect(list.requests).toBe(0)
  })

  it('sends the key as one line, without the line break of its file', async () => {
    const key = makeKey('trimmed')
    writeFileSync(`${key.file}.padded`, `  ${key.text}  \n\n`)
    const {result} = await sb.runCounted(['deploy-keys', 'add', '--title', 'Padded', '--key-file', `${key.file}.padded`, '-p', '20', '--dry-run'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(JSON.stringify({title: 'Padded', key: key.text}))
  })

  it('reads the key from standard input with --key-file -', async () => {
    const key = makeKey('stdin')
    const result = await sb.run(['deploy-keys', 'add', '--title', 'From stdin', '--key-file', '-', '-p', '20', '--json'], {...maintainer, stdin: key.text + '\n'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DeployKey>().fingerprint_sha256).toBe(key.sha256)
  })

  it("the server, as the platform, wants title or can_push in a PUT (400), and keeps a public key's title for a non-administrator", async () => {
    expect((await sb.api('PUT', '/projects/22/deploy_keys/5', {as: 'owner', body: {}})).status).toBe(400)
    const kept = await sb.api<DeployKey>('PUT', '/projects/22/deploy_keys/5', {as: 'owner', body: {title: 'Renamed', can_push: true}})
    expect(kept.status).toBe(200)
    expect(kept.body).toMatchObject({title: 'Mirror bot', can_push: true})
    await sb.api('PUT', '/projects/22/deploy_keys/5', {as: 'owner', body: {can_push: false}})
  })

  it('the server refuses a key text of its own accord too (400)', async () => {
    const response = await sb.api('POST', '/projects/20/deploy_keys', {as: 'maintainer', body: {title: 'Bad', key: mislabelledKey(fresh)}})
    expect(response.status).toBe(400)
  })
})

describe('deploy-keys add against a server that answers oddly', () => {
  const KEY = makeKey('odd-server').text
  /** a server of our own: the project's list holds `listed`; a POST answers `posted` (201), or `status` with it */
  async function oddServer(listed: unknown[], posted: object, status = 201) {
    const server = await startHostileServer((req, res) => {
      const json = (code: number, body: unknown) => answers.json(code, body)(req, res)
      if (req.method === 'GET') return json(200, listed)
      if (req.method === 'POST') return json(status, posted)
      return json(500, {message: 'unexpected'})
    })
    const run = (args: string[]) =>
      runCli(['deploy-keys', 'add', '--title', 'T', '--key', KEY, '-p', '20', '--retries', '0', ...args], {
        env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'odd', FORGECTL_CONFIG_DIR: freshConfigDir()},
      })
    return {server, run}
  }

  it('reads an old key in the answer as one that existed, in one request', async () => {
    const {server, run} = await oddServer([], {id: 99, title: 'T', key: KEY, can_push: false, created_at: '2020-01-01T00:00:00Z', expires_at: null})
    try {
      const result = await run(['--json'])
      expect(result.code, result.stderr).toBe(0)
      expect(result.json<DeployKey>().id).toBe(99)
      expect(result.stderr).toBe('Existing deploy key 99 in project 20: there already, or joined from a project you maintain.\n')
      expect(server.requests.map(r => r.method)).toEqual(['POST'])
    } finally {
      await server.close()
    }
  })

  it('looks into the list only when the key is refused as taken, and takes no junk of it for the key', async () => {
    const taken = {message: {'deploy_key.fingerprint_sha256': ['has already been taken']}}
    const {server, run} = await oddServer([null, 7, 'x', {key: KEY}, {id: 'abc', key: KEY}, {id: 5, key: 42}], taken, 400)
    try {
      const result = await run(['--json'])
      expect(result.code).toBe(6)
      expect(result.stderr).toContain('deploy_key.fingerprint_sha256 has already been taken')
      expect(result.stderr).toContain('send it with the exact text it has there')
      expect(server.requests.map(r => r.method)).toEqual(['POST', 'GET'])
    } finally {
      await server.close()
    }
  })

  it('sends no PUT to a path it cannot name: an answer without a key ID is one line, exit 1', async () => {
    const {server, run} = await oddServer([], {title: 'T', key: KEY, can_push: false, created_at: '2020-01-01T00:00:00Z'})
    try {
      const result = await run(['--can-push'])
      expect(result.code).toBe(1)
      expect(result.stderr).toBe("Error: the server's answer for project 20 names no deploy key ID, so its can_push cannot be set\n")
      expect(server.requests.map(r => r.method)).toEqual(['POST'])
    } finally {
      await server.close()
    }
  })
})

// issue 35, item 6d: the platform finds a project by its path whatever the case (gitlabhq
// app/models/concerns/routable.rb, find_by_full_path: the exact path first, then case-insensitively), so
// `-p acme/website -p ACME/Website` is one project: the key goes to it once, and is one item of the report.
describe('targets told apart by case only', () => {
  it('are one project: the key is placed once', async () => {
    const fresh = makeKey('case-twins')
    const {result, requests} = await sb.runCounted(['deploy-keys', 'add', '--title', 'Twins', '--key', fresh.text, '-p', 'acme/website', '-p', 'ACME/Website,Acme/WebSite', '--json'], {as: 'admin'})
    expect(result.code, result.stderr).toBe(0)
    const rows = JSON.parse(result.stdout) as unknown[]
    expect(Array.isArray(rows) ? rows : [rows]).toHaveLength(1)
    expect(sb.sandbox.requests.slice(-requests).filter(r => r.method === 'POST')).toHaveLength(1)
  })
})
