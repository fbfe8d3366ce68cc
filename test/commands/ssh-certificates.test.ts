import {describe, expect, it} from 'vitest'
import type {SshCertificate as Certificate} from '../../src/api/ssh-certificates.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {makeKey, mislabelledKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const owner: SandboxRunOptions = {as: 'owner'}

const certificatesOf = async (group: string) => (await sb.api<Certificate[]>('GET', `/groups/${encodeURIComponent(group)}/ssh_certificates?per_page=100`, {as: 'owner'})).body

async function add(group: string, title: string): Promise<Certificate> {
  const result = await sb.run(['ssh-certificates', 'add', '-g', group, '--title', title, '--key-file', makeKey(title).file, '--json'], owner)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Certificate>()
}

describe('ssh-certificates list', () => {
  it("lists a top-level group's certificates as the API does", async () => {
    const result = await sb.run(['ssh-certificates', 'list', '-g', 'acme', '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual(await certificatesOf('acme'))
    expect(result.json<Certificate[]>()[0]).toMatchObject({title: 'Acme CA'})
    expect(Object.keys(result.json<Certificate[]>()[0]!)).toEqual(['id', 'title', 'key', 'fingerprint', 'created_at'])
  })

  it('pages: --per-page and --page pick one page, --all follows them', async () => {
    await add('opensource', 'CA one')
    await add('opensource', 'CA two')
    await add('opensource', 'CA three')
    const page2 = await sb.run(['ssh-certificates', 'list', '-g', 'opensource', '--per-page', '1', '--page', '2', '--json'], owner)
    expect(page2.json<Certificate[]>().map(c => c.title)).toEqual(['CA two'])
    const all = await sb.run(['ssh-certificates', 'list', '-g', 'opensource', '--per-page', '2', '--all', '--json'], owner)
    expect(all.json<Certificate[]>().map(c => c.title)).toEqual(['CA one', 'CA two', 'CA three'])
  })

  it('needs the Owner role of a top-level group: 403 for a maintainer and for a subgroup, 404 to a non-member', async () => {
    const maintainer = await sb.run(['ssh-certificates', 'list', '-g', 'acme'], {as: 'maintainer'})
    expect(maintainer.code).toBe(5)
    expect(maintainer.stderr).toContain('403 Forbidden (GET /api/v4/groups/acme/ssh_certificates)')
    const subgroup = await sb.run(['ssh-certificates', 'list', '-g', 'acme/platform'], owner)
    expect(subgroup.code).toBe(5)
    expect(subgroup.stderr).toContain('403 Forbidden: Forbidden - Group (GET /api/v4/groups/acme%2Fplatform/ssh_certificates)')
    const outsider = await sb.run(['ssh-certificates', 'list', '-g', 'acme'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Group Not Found')
  })
})

describe('ssh-certificates add', () => {
  it('adds a certificate authority from a key file; the API lists it', async () => {
    const key = makeKey('corporate-ca')
    const result = await sb.run(['ssh-certificates', 'add', '-g', 'acme', '--title', 'Corporate CA', '--key-file', key.file, '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    const created = result.json<Certificate>()
    expect(created).toMatchObject({title: 'Corporate CA', key: key.text})
    expect(await certificatesOf('acme')).toContainEqual(created)
  })

  it('refuses a key already added to the group (422, exit 6); another group may add the same authority', async () => {
    const key = makeKey('twice')
    const first = await sb.run(['ssh-certificates', 'add', '-g', 'acme', '--title', 'Once', '--key', key.text], owner)
    expect(first.code, first.stderr).toBe(0)
    const again = await sb.run(['ssh-certificates', 'add', '-g', 'acme', '--title', 'Twice', '--key', key.text], owner)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('422 Unprocessable Entity: Validation failed: Fingerprint must be unique. This CA has already been configured for this namespace.')
    const elsewhere = await sb.run(['ssh-certificates', 'add', '-g', 'opensource', '--title', 'Twice', '--key', key.text], owner)
    expect(elsewhere.code, elsewhere.stderr).toBe(0)
  })

  it('checks the key and the title locally: exit 2 and nothing sent', async () => {
    const key = makeKey('local')
    const cases: Array<[string[], RegExp]> = [
      [['--title', 'Bad', '--key', 'ssh-ed25519 nonsense!'], /^Error: --key "ssh-ed25519 nonsense!": must be an OpenSSH public key: the key data is not valid base64/],
      [['--title', 'Bad', '--key', mislabelledKey(key)], /must be an OpenSSH public key: the key data is of type "ssh-ed25519", not "ssh-rsa"/],
      [['--title', 'Bad', '--key', key.text, '--key-file', key.file], /--key and --key-file cannot be used together/],
      [['--title', 'Bad'], /^Error: missing --key or --key-file \(public key of the certificate authority/],
      [['--title', '', '--key', key.text], /^Error: --title "": must not be empty/],
      [['--key', key.text], /^Error: missing --title \(title of the certificate\)/],
    ]
    for (const [args, message] of cases) {
      const {result, requests} = await sb.runCounted(['ssh-certificates', 'add', '-g', 'acme', ...args], owner)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toMatch(message)
      expect(requests).toBe(0)
    }
  })

  it('the server refuses an invalid key (422) and a missing title (400) of its own accord', async () => {
    expect((await sb.api('POST', '/groups/acme/ssh_certificates', {as: 'owner', body: {title: 'x', key: 'ssh-rsa AAAA'}})).status).toBe(422)
    expect((await sb.api('POST', '/groups/acme/ssh_certificates', {as: 'owner', body: {key: makeKey('t').text}})).status).toBe(400)
  })

  it('is refused to a maintainer (403, exit 5), and --dry-run sends nothing', async () => {
    const key = makeKey('dry')
    const forbidden = await sb.run(['ssh-certificates', 'add', '-g', 'acme', '--title', 'No', '--key', key.text], {as: 'maintainer'})
    expect(forbidden.code).toBe(5)
    const {result, requests} = await sb.runCounted(['ssh-certificates', 'add', '-g', 'acme', '--title', 'Dry', '--key', key.text, '--dry-run'], owner)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('"title":"Dry"')
  })
})

describe('ssh-certificates delete', () => {
  it('refuses without a terminal and without --yes, sending nothing', async () => {
    const {result, requests} = await sb.runCounted(['ssh-certificates', 'delete', '1', '-g', 'acme'], owner)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('refusing to delete SSH certificate 1 of group acme without confirmation: pass --yes')
    expect(requests).toBe(0)
  })

  it("deletes with --yes; a second delete is 404 (exit 3); another group's certificate is 404", async () => {
    const certificate = await add('acme', 'Short-lived CA')
    const other = await sb.run(['ssh-certificates', 'delete', String(certificate.id), '-g', 'opensource', '--yes'], owner)
    expect(other.code).toBe(3)
    const deleted = await sb.run(['ssh-certificates', 'delete', String(certificate.id), '-g', 'acme', '--yes'], owner)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toBe('')
    expect(deleted.stderr).toContain(`Deleted SSH certificate ${certificate.id} of group "acme".`)
    expect((await certificatesOf('acme')).map(c => c.id)).not.toContain(certificate.id)
    const again = await sb.run(['ssh-certificates', 'delete', String(certificate.id), '-g', 'acme', '-y'], owner)
    expect(again.code).toBe(3)
    expect(again.stderr).toContain('404 Not Found: SSH Certificate not found')
  })
})
