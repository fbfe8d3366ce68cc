import {describe, expect, it} from 'vitest'
import type {RemoteMirror as Mirror} from '../../src/api/mirrors.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({jobDelayMs: 600})
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const counted = (args: string[], options: SandboxRunOptions = maintainer) => sb.runCounted(args, options)

const mirrorsOf = async (project: number) => (await sb.api<Mirror[]>('GET', `/projects/${project}/remote_mirrors`, {as: 'maintainer'})).body
const mirrorOf = async (project: number, id: number) => (await sb.api<Mirror>('GET', `/projects/${project}/remote_mirrors/${id}`, {as: 'admin'})).body
const byUrl = async (project: number, host: string) => (await mirrorsOf(project)).find(m => m.url.includes(host))!

async function create(args: string[]): Promise<Mirror> {
  const result = await sb.run(['mirrors', 'create', '-p', '20', ...args, '--json'], maintainer)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Mirror>()
}

describe('mirrors list and get', () => {
  it('lists as the API does, with credentials scrubbed', async () => {
    const result = await sb.run(['mirrors', 'list', '-p', 'acme/platform/api', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(await mirrorsOf(20))
    expect(result.json<Mirror[]>().find(m => m.url.includes('backup.example.com'))!.url).toBe('https://*****:*****@backup.example.com/acme/api.git')
    expect(result.stdout).not.toContain('s3cr3t-pass')
  })

  it('prints a table with the default columns', async () => {
    const table = await sb.run(['mirrors', 'list', '-p', '20', '-o', 'table'], maintainer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+url\s+enabled\s+update_status\s+last_update_at\s+last_error\s*$/)
  })

  it("gets one mirror; another project's mirror is 404 (exit 3)", async () => {
    const mirror = await byUrl(20, 'backup.example.com')
    const got = await sb.run(['mirrors', 'get', String(mirror.id), '-p', '20', '--json'], maintainer)
    expect(got.code).toBe(0)
    expect(got.json()).toEqual(await mirrorOf(20, plainId(mirror.id)))
    const elsewhere = await sb.run(['mirrors', 'get', String(mirror.id), '-p', 'acme/website'], maintainer)
    expect(elsewhere.code).toBe(3)
    expect(elsewhere.stderr).toContain('404 Not Found')
  })

  it("needs the Maintainer role: the platform's 401 to a developer is told as the role (exit 5), not as a bad token", async () => {
    // lib/api/remote_mirrors.rb answers 401 below Maintainer; the token itself still reads fine
    for (const args of [
      ['list', '-p', '20'],
      ['get', '1', '-p', '20'],
      ['sync', '1', '-p', '20', '--wait'],
    ]) {
      const result = await sb.run(['mirrors', ...args], {as: 'developer'})
      expect(result.code, args.join(' ')).toBe(5)
      expect(result.stdout).toBe('')
      expect(result.stderr.split('\n')[0], args.join(' ')).toBe('Error: the push mirrors of project 20 need the Maintainer role (the server answered 401)')
    }
    // a token the server rejects is still told as one
    const rejected = await sb.run(['mirrors', 'list', '-p', '20'], {as: null, env: {FORGECTL_TOKEN: 'not-a-token'}})
    expect(rejected.code).toBe(4)
  })
})

describe('mirrors create and update', () => {
  it('creates a mirror with update_status none and enabled false unless given, never showing the password', async () => {
    const result = await sb.run(['mirrors', 'create', '-p', '20', '--url', 'https://bot:Sup3rSecret@one.example.com/a.git', '--verbose', '--json'], maintainer)
    expect(result.code).toBe(0)
    const mirror = result.json<Mirror>()
    // the URL is a secret input: the record of the command that took it shows it as [REDACTED]
    expect(mirror).toMatchObject({url: '[REDACTED]', update_status: 'none', enabled: false, auth_method: 'password', last_error: null})
    expect(result.stdout + result.stderr).not.toContain('Sup3rSecret')
    expect(result.stderr).toContain('> POST')
    expect(await mirrorOf(20, plainId(mirror.id))).toEqual({...mirror, url: 'https://*****:*****@one.example.com/a.git'})
    const enabled = await create(['--url', 'https://two.example.com/b.git', '--enabled', '--keep-divergent-refs'])
    expect(enabled).toMatchObject({enabled: true, keep_divergent_refs: true, update_status: 'none'})
  })

  it('--dry-run redacts the credentials of --url too', async () => {
    const {result, requests} = await counted(['mirrors', 'create', '-p', '20', '--url', 'https://bot:DryRunSecret@x.example.com/a.git', '--dry-run'])
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('DRY RUN POST')
    expect(result.stderr).not.toContain('DryRunSecret')
  })

  it('validates locally: URL scheme, auth method, and a branch regex with only protected branches', async () => {
    const URL_RULE = 'must be an absolute http, https, ssh or git URL naming a host, such as https://host/group/repo.git'
    for (const [args, message] of [
      [['--url', 'ftp://files.example.com/a.git'], `Error: --url: ${URL_RULE}`],
      [['--url', 'not a url'], `Error: --url: ${URL_RULE}`],
      [['--url', ''], 'Error: --url: must not be empty'],
      [['--enabled'], 'Error: missing --url (URL to push to: http, https, ssh or git)'],
      [['--url', 'https://x.example.com/a.git', '--auth-method', 'token'], 'Error: --auth-method "token": must be one of ssh_public_key, password'],
      // the platform refuses the two together whatever their values (mutually_exclusive in EE's helpers)
      [
        ['--url', 'https://x.example.com/a.git', '--mirror-branch-regex', '^release/', '--only-protected-branches'],
        'Error: give --mirror-branch-regex or --only-protected-branches, not both: the server takes one at a time (a branch regex turns only_protected_branches off, and --only-protected-branches takes the regex away)',
      ],
      [
        ['--url', 'https://x.example.com/a.git', '--mirror-branch-regex', '^release/', '--no-only-protected-branches'],
        'Error: give --mirror-branch-regex or --only-protected-branches, not both: the server takes one at a time (a branch regex turns only_protected_branches off, and --only-protected-branches takes the regex away)',
      ],
    ] as const) {
      const {result, requests} = await counted(['mirrors', 'create', '-p', '20', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toBe(`${message}\n`)
      expect(requests).toBe(0)
    }
  })

  it('never echoes the credentials of a refused --url', async () => {
    // the value is never shown: even a URL typed without its scheme may hold a password
    for (const url of ['ftp://bot:Refused-Secret-1@files.example.com/a.git', 'https://bot:Refused-Secret-1@/a.git', 'bot:Refused-Secret-1@files.example.com/a.git']) {
      const {result, requests} = await counted(['mirrors', 'create', '-p', '20', '--url', url])
      expect(result.code, url).toBe(2)
      expect(result.stderr).toContain('Error: --url: must be an absolute http, https, ssh or git URL')
      expect(result.stderr).not.toContain('Refused-Secret-1')
      expect(requests).toBe(0)
    }
  })

  it('an empty --mirror-branch-regex on update is sent, and takes the filter away', async () => {
    const mirror = await create(['--url', 'https://regex.example.com/r.git', '--mirror-branch-regex', '^release/'])
    expect(mirror.mirror_branch_regex).toBe('^release/')
    const result = await sb.run(['mirrors', 'update', String(mirror.id), '-p', '20', '--mirror-branch-regex', '', '--verbose', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('> {"mirror_branch_regex":""}')
    expect(result.json<Mirror>().mirror_branch_regex).toBeNull()
    expect((await mirrorOf(20, plainId(mirror.id))).mirror_branch_regex).toBeNull()
  })

  it('a branch regex turns only_protected_branches off, and --only-protected-branches takes the regex away', async () => {
    const mirror = await create(['--url', 'https://three.example.com/c.git', '--only-protected-branches'])
    const regex = await sb.run(['mirrors', 'update', String(mirror.id), '-p', '20', '--mirror-branch-regex', '^release/', '--json'], maintainer)
    expect(regex.code, regex.stderr).toBe(0)
    expect(regex.json<Mirror>()).toMatchObject({only_protected_branches: false, mirror_branch_regex: '^release/'})
    expect(await mirrorOf(20, plainId(mirror.id))).toEqual(regex.json())
    const only = await sb.run(['mirrors', 'update', String(mirror.id), '-p', '20', '--only-protected-branches', '--json'], maintainer)
    expect(only.json<Mirror>()).toMatchObject({only_protected_branches: true, mirror_branch_regex: null})
    const {result: both, requests} = await counted(['mirrors', 'update', String(mirror.id), '-p', '20', '--no-only-protected-branches', '--mirror-branch-regex', '^release/'])
    expect(both.code).toBe(2)
    expect(requests).toBe(0)
  })

  it('an update needs at least one change, checked before sending', async () => {
    const mirror = await byUrl(20, 'backup.example.com')
    const {result, requests} = await counted(['mirrors', 'update', String(mirror.id), '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: nothing to change: give at least one of --auth-method, --enabled, --keep-divergent-refs, --only-protected-branches, --mirror-branch-regex\n')
    expect(requests).toBe(0)
  })
})

describe('mirrors public-key', () => {
  it('shows the SSH public key of an ssh_public_key mirror', async () => {
    const mirror = await create(['--url', 'ssh://git@keys.example.org/team/app.git', '--auth-method', 'ssh_public_key'])
    expect(mirror.host_keys[0]?.fingerprint_sha256).toMatch(/^SHA256:/)
    const result = await sb.run(['mirrors', 'public-key', String(mirror.id), '-p', '20', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', `/projects/20/remote_mirrors/${mirror.id}/public_key`, {as: 'maintainer'})).body)
    expect(result.json<{public_key: string}>().public_key).toMatch(/^ssh-rsa AAAA\S+ git@/)
  })

  it('answers 404 (exit 3) for a password mirror', async () => {
    const mirror = await byUrl(20, 'backup.example.com')
    const result = await sb.run(['mirrors', 'public-key', String(mirror.id), '-p', '20'], maintainer)
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/^Error: 404 Not Found/)
  })
})

describe('mirrors sync', () => {
  it('forces an update (204): update_status stays as it was while the update is queued, then finished', async () => {
    const mirror = await create(['--url', 'https://sync.example.com/d.git', '--enabled'])
    const store = sb.sandbox.store
    const delay = store.options.jobDelayMs
    store.options.jobDelayMs = 3_600_000
    try {
      const result = await sb.run(['mirrors', 'sync', String(mirror.id), '-p', '20'], maintainer)
      expect(result.code).toBe(0)
      expect(result.stdout).toBe('')
      expect(result.stderr).toContain(`Scheduled an update of remote mirror ${mirror.id}.`)
      expect((await mirrorOf(20, plainId(mirror.id))).update_status).toBe('none')
      store.options.jobDelayMs = 1
      const done = await mirrorOf(20, plainId(mirror.id))
      expect(done).toMatchObject({update_status: 'finished', last_error: null})
      expect(done.last_successful_update_at).toBe(done.last_update_at)
      expect(done.last_update_at).not.toBeNull()
    } finally {
      store.options.jobDelayMs = delay
    }
  })

  it('--wait polls until finished and prints the mirror, silently without a terminal', async () => {
    const mirror = await create(['--url', 'https://wait.example.com/e.git', '--enabled'])
    const result = await sb.run(['mirrors', 'sync', String(mirror.id), '-p', '20', '--wait', '--interval', '1', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect(result.json<Mirror>()).toMatchObject({id: mirror.id, update_status: 'finished'})
    expect(result.json()).toEqual(await mirrorOf(20, plainId(mirror.id)))
    expect(result.stderr).toBe(`Scheduled an update of remote mirror ${mirror.id}.\n`)
  })

  it("--wait exits 9 with the server's last_error when the update fails", async () => {
    const mirror = await create(['--url', 'https://bot:pw123456@unreachable.example.net/f.git', '--enabled'])
    const result = await sb.run(['mirrors', 'sync', String(mirror.id), '-p', '20', '--wait', '--interval', '1'], maintainer)
    expect(result.code).toBe(9)
    expect(result.stdout).toBe('')
    const failed = await mirrorOf(20, plainId(mirror.id))
    expect(failed.update_status).toBe('failed')
    expect(result.stderr).toContain(`mirror ${mirror.id} update failed: ${failed.last_error}`)
    expect(result.stderr).toContain('Could not resolve host')
    expect(result.stderr).not.toContain('pw123456')
  })

  it('--wait gives up after --wait-timeout (exit 8)', async () => {
    const mirror = await create(['--url', 'https://slow.example.com/g.git', '--enabled'])
    const store = sb.sandbox.store
    const delay = store.options.jobDelayMs
    store.options.jobDelayMs = 3_600_000
    try {
      const result = await sb.run(['mirrors', 'sync', String(mirror.id), '-p', '20', '--wait', '--wait-timeout', '1', '--interval', '1'], maintainer)
      expect(result.code).toBe(8)
      expect(result.stderr).toContain(`gave up waiting for mirror ${mirror.id} update after 1s`)
    } finally {
      store.options.jobDelayMs = delay
    }
  })

  it('a disabled mirror cannot sync: 400 (exit 6)', async () => {
    const mirror = await create(['--url', 'https://off.example.com/h.git'])
    const result = await sb.run(['mirrors', 'sync', String(mirror.id), '-p', '20', '--wait'], maintainer)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('Cannot proceed with the push mirroring. Please verify your mirror configuration.')
  })
})

describe('mirrors delete', () => {
  it('refuses without a terminal and without --yes, and deletes (204) with --yes', async () => {
    const mirror = await create(['--url', 'https://doomed.example.com/i.git'])
    const {result, requests} = await counted(['mirrors', 'delete', String(mirror.id), '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const deleted = await sb.run(['mirrors', 'delete', String(mirror.id), '-p', '20', '--yes'], maintainer)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await sb.api('GET', `/projects/20/remote_mirrors/${mirror.id}`, {as: 'maintainer'})).status).toBe(404)
  })

  it('refuses a mirror ID that is not a positive whole number', async () => {
    const {result, requests} = await counted(['mirrors', 'delete', 'x1', '-p', '20', '--yes'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('MIRROR_ID "x1": must be a positive whole number')
    expect(requests).toBe(0)
  })
})
