import {writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {SshKeyRecord as KeyRecord} from '../../src/api/keys.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {fingerprintsOf, makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}

/** the user fields the spec lists for a lookup by ID; the platform sends them all (Entities::UserPublic) */
const LOOKUP_SUBSET = [
  'id',
  'name',
  'username',
  'state',
  'avatar_url',
  'web_url',
  'created_at',
  'bio',
  'location',
  'public_email',
  'professional_network_url',
  'microblog_url',
  'website_url',
  'organization',
]
const FULL_USER = [
  ...LOOKUP_SUBSET,
  'last_sign_in_at',
  'confirmed_at',
  'last_activity_on',
  'email',
  'theme_id',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'two_factor_enabled',
  'external',
  'private_profile',
  'commit_email',
  'shared_runners_minutes_limit',
  'extra_shared_runners_minutes_limit',
]

const keyById = async (id: number) => (await sb.api<KeyRecord>('GET', `/keys/${id}`, {as: 'admin'})).body
const lastQuery = () => sb.sandbox.requests.at(-1)!.query

describe('keys get', () => {
  it('shows an SSH key with its owner, every user field the platform sends', async () => {
    const result = await sb.run(['keys', 'get', '1', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    const record = result.json<KeyRecord>()
    expect(record).toEqual(await keyById(1))
    expect(record).toMatchObject({id: 1, title: 'Laptop', usage_type: 'auth_and_signing'})
    expect(record.user.username).toBe('alice')
    expect(Object.keys(record.user)).toEqual(FULL_USER)
  })

  it('shows the owner in the table columns', async () => {
    const result = await sb.run(['keys', 'get', '2', '-o', 'csv'], admin)
    expect(result.stdout.split('\n')[0]).toBe('id,title,usage_type,user.username,created_at,expires_at,last_used_at')
    expect(result.stdout).toContain('2,Workstation,auth,bob,')
  })

  it('needs an administrator (403, exit 5); an unknown key is 404 (exit 3); a bad ID is exit 2', async () => {
    const forbidden = await sb.run(['keys', 'get', '1'], {as: 'owner'})
    expect(forbidden.code).toBe(5)
    expect(forbidden.stderr).toContain('403 Forbidden (GET /api/v4/keys/1)')
    const missing = await sb.run(['keys', 'get', '999999'], admin)
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('404 Not Found: Not found (GET /api/v4/keys/999999)')
    const {result, requests} = await sb.runCounted(['keys', 'get', '0'], admin)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })
})

describe('keys lookup', () => {
  it('finds a user key by its SHA256 fingerprint (computed here by ssh-keygen), URL-encoded in the query', async () => {
    const bob = fingerprintsOf((await keyById(2)).key)
    expect(bob.sha256).toContain('+')
    const result = await sb.run(['keys', 'lookup', bob.sha256, '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(lastQuery()).toBe(`?fingerprint=${encodeURIComponent(bob.sha256)}`)
    expect(lastQuery()).toMatch(/^\?fingerprint=SHA256%3A/)
    const record = result.json<KeyRecord>()
    expect(record).toEqual((await sb.api('GET', `/keys?fingerprint=${encodeURIComponent(bob.sha256)}`, {as: 'admin'})).body)
    expect(record.id).toBe(2)
    expect(Object.keys(record.user)).toEqual(FULL_USER)
    expect(record).not.toHaveProperty('deploy_keys_projects')
  })

  it('finds the same key by MD5, bare or as ssh-keygen -E md5 prints it', async () => {
    const alice = fingerprintsOf((await keyById(1)).key)
    for (const form of [alice.md5, `MD5:${alice.md5.toUpperCase()}`]) {
      const result = await sb.run(['keys', 'lookup', form, '--json'], admin)
      expect(result.code, form).toBe(0)
      expect(result.json<KeyRecord>().id).toBe(1)
      expect(lastQuery()).toBe(`?fingerprint=${encodeURIComponent(alice.md5)}`)
    }
  })

  it('finds a deploy key with the projects it is enabled in (a SHA256 with slashes: %2F)', async () => {
    const ci = fingerprintsOf((await keyById(4)).key)
    expect(ci.sha256).toContain('/')
    const result = await sb.run(['keys', 'lookup', ci.sha256, '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(lastQuery()).toContain('%2F')
    const record = result.json<KeyRecord>()
    expect(record.user.username).toBe('dave')
    expect(record.deploy_keys_projects!.map(p => [p.deploy_key_id, p.project_id, p.can_push])).toEqual([
      [4, 20, false],
      [4, 21, true],
    ])
    expect(Object.keys(record.deploy_keys_projects![0]!).sort()).toEqual(['can_push', 'created_at', 'deploy_key_id', 'id', 'project_id', 'updated_at'])
  })

  it('--key-file computes the SHA256 fingerprint locally and looks it up', async () => {
    const fresh = makeKey('lookup-me')
    const added = await sb.api<{id: number}>('POST', '/projects/20/deploy_keys', {as: 'maintainer', body: {title: 'Lookup me', key: fresh.text}})
    const result = await sb.run(['keys', 'lookup', '--key-file', fresh.file, '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
    expect(lastQuery()).toBe(`?fingerprint=${encodeURIComponent(fresh.sha256)}`)
    expect(result.json<KeyRecord>()).toMatchObject({id: added.body.id, title: 'Lookup me'})
    const fromStdin = await sb.run(['keys', 'lookup', '--key-file', '-', '-q'], {...admin, stdin: fresh.text})
    expect(fromStdin.stdout.trim()).toBe(String(added.body.id))
  })

  it('is 404 (exit 3) for a key the server does not know', async () => {
    const stranger = makeKey('stranger')
    const result = await sb.run(['keys', 'lookup', '--key-file', stranger.file], admin)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found: Key Not Found')
  })

  it('needs an administrator: 403, exit 5', async () => {
    const result = await sb.run(['keys', 'lookup', 'de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78'], {as: 'maintainer'})
    expect(result.code).toBe(5)
  })

  it('checks the fingerprint form, and FINGERPRINT against --key-file, before sending anything', async () => {
    const fresh = makeKey('local')
    const notAKey = `${fresh.file}.txt`
    writeFileSync(notAKey, 'hello\n')
    const cases: Array<[string[], RegExp]> = [
      [['SHA256:tooshort'], /^Error: FINGERPRINT "SHA256:tooshort": must be SHA256:<43 base64 characters> or an MD5 fingerprint of 16 hex pairs/],
      [['de:d0:53'], /^Error: FINGERPRINT "de:d0:53": must be SHA256:/],
      [[fresh.sha256, '--key-file', fresh.file], /give FINGERPRINT or --key-file, not both/],
      [[], /^Error: missing FINGERPRINT \(the key's SHA256 or MD5 fingerprint, or --key-file\)/],
      [['', '--key-file', fresh.file], /^Error: FINGERPRINT "": must not be empty/],
      [['--key-file', notAKey], new RegExp(`^Error: --key-file ${notAKey}: must be an OpenSSH public key: "hello" is not a supported key type`)],
    ]
    for (const [args, message] of cases) {
      const {result, requests} = await sb.runCounted(['keys', 'lookup', ...args], admin)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(requests).toBe(0)
    }
  })

  it('the server itself refuses a malformed fingerprint (400)', async () => {
    expect((await sb.api('GET', '/keys?fingerprint=nonsense', {as: 'admin'})).status).toBe(400)
  })
})
