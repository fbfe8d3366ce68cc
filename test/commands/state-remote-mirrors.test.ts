// The remote_mirrors section (issue 37, STATE.md: by the URL without its credentials, credentials by
// reference) against the sandbox's seeded mirrors (acme/platform/api: an https mirror with a user and
// password, an ssh one with a user). The platform masks a URL's user and password in every answer
// (lib/api/entities/remote_mirror.rb, test/contract/mirrors.test.ts) and cannot change a mirror's URL,
// so the plan says what it cannot compare, and no credential is ever printed or exported.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {RemoteMirror} from '../../src/api/mirrors.js'
import type {RunResult} from '../helpers/cli.js'
import {requestsOf as requestsOfSandbox, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const requestsOf = (run: () => Promise<unknown>) => requestsOfSandbox(sb, run)
const {folder, stateFile} = stateFiles('state-remote-mirrors')
const asMaintainer = (env: Record<string, string> = {}): SandboxRunOptions => ({as: 'maintainer', cwd: folder, env})

const writes = (requests: string[]) => requests.filter(request => !request.startsWith('GET '))
const mirrorsOf = async (project: number) => (await sb.api<RemoteMirror[]>('GET', `/projects/${project}/remote_mirrors`, {as: 'maintainer'})).body
/** the URLs the sandbox keeps, credentials and all (the API never shows them) */
const storedUrls = (project: number) =>
  [...sb.sandbox.store.slice<Map<number, {project_id: number; url: string}>>('mirrors', () => new Map()).values()]
    .filter(mirror => mirror.project_id === project)
    .map(mirror => mirror.url)
    .sort()
const printed = (...results: RunResult[]) => results.map(result => result.stdout + result.stderr).join('')

describe('remote_mirrors in a state file', () => {
  it('export writes a URL with credentials as a reference, and the plan of the file it wrote shows no change', async () => {
    const exported = await sb.run(['export', '-p', 'acme/platform/api', '--sections', 'remote_mirrors'], asMaintainer())
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain(
      'remote_mirrors:\n      - url:\n          env: STATE_ACME_PLATFORM_API_MIRROR_URL_BACKUP_EXAMPLE_COM\n        enabled: true\n        only_protected_branches: true\n',
    )
    expect(exported.stdout).toContain('- url:\n          env: STATE_ACME_PLATFORM_API_MIRROR_URL_GITMIRROR_EXAMPLE_ORG\n        auth_method: ssh_public_key\n')
    expect(exported.stdout).not.toMatch(/s3cr3t|\*\*\*\*\*|mirror-bot/)

    const env = {
      STATE_ACME_PLATFORM_API_MIRROR_URL_BACKUP_EXAMPLE_COM: 'https://mirror-bot:s3cr3t-pass@backup.example.com/acme/api.git',
      STATE_ACME_PLATFORM_API_MIRROR_URL_GITMIRROR_EXAMPLE_ORG: 'ssh://git@gitmirror.example.org/acme/api.git',
    }
    const planned = await sb.run(['plan', '-f', stateFile(exported.stdout.replace(/^version: 1\n/, '')), '--exit-code'], asMaintainer(env))
    expect(planned.code, planned.stdout + planned.stderr).toBe(0)
    expect(planned.stdout).toContain('No changes')
    // the credentials on both sides cannot be compared: said, by the URL without them
    expect(planned.stdout).toContain('? remote_mirrors https://backup.example.com/acme/api.git: url (sensitive) cannot compare (the server does not return it)')
    expect(planned.stdout).toContain('? remote_mirrors ssh://gitmirror.example.org/acme/api.git: url (sensitive) cannot compare')
    expect(printed(planned)).not.toMatch(/s3cr3t|mirror-bot/)
  })

  it('creates, updates and prunes, printing no credential; then plans nothing and a second apply writes nothing', async () => {
    for (const url of ['https://old.example.com/site.git', 'https://bot:first-pass@keep.example.com/site.git']) {
      expect((await sb.api('POST', '/projects/21/remote_mirrors', {as: 'maintainer', body: {url}})).status).toBe(201)
    }
    const env = {KEEP_URL: 'https://bot:second-pass@keep.example.com/site.git', NEW_URL: 'https://new-bot:new-token@new.example.com/site.git'}
    const file = stateFile(
      'projects:\n  acme/website:\n    remote_mirrors:\n      - {url: {env: KEEP_URL}, enabled: true, only_protected_branches: true}\n      - {url: {env: NEW_URL}, keep_divergent_refs: true}\n    prune: [remote_mirrors]\n',
    )
    const planned = await sb.run(['plan', '-f', file], asMaintainer(env))
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('~ remote_mirrors https://keep.example.com/site.git: enabled false → true, only_protected_branches false → true')
    expect(planned.stdout).toContain('+ remote_mirrors https://new.example.com/site.git')
    expect(planned.stdout).toContain('- remote_mirrors https://old.example.com/site.git')
    // another password cannot be seen, nor changed: the plan says so rather than planning a change
    expect(planned.stdout).toContain('? remote_mirrors https://keep.example.com/site.git: url (sensitive) cannot compare')
    expect(planned.stdout).toContain('Plan: 1 to create, 1 to update, 1 to delete')

    let applied = planned
    const requests = await requestsOf(async () => {
      applied = await sb.run(['apply', '-f', file, '--yes', '--json', '--verbose'], asMaintainer(env))
    })
    expect(applied.code, applied.stderr).toBe(0)
    // the traces of the writes are there, the URL in the body redacted
    expect(applied.stderr).toMatch(/POST .*\/remote_mirrors/)
    expect(
      writes(requests)
        .map(request => request.replace(/\d+$/, 'ID'))
        .sort(),
    ).toEqual(['DELETE /projects/acme%2Fwebsite/remote_mirrors/ID', 'POST /projects/acme%2Fwebsite/remote_mirrors', 'PUT /projects/acme%2Fwebsite/remote_mirrors/ID'])
    expect(storedUrls(21)).toEqual(['https://bot:first-pass@keep.example.com/site.git', env.NEW_URL])
    const mirrors = await mirrorsOf(21)
    expect(mirrors.find(mirror => mirror.url.endsWith('@keep.example.com/site.git'))).toMatchObject({enabled: true, only_protected_branches: true})
    expect(mirrors.find(mirror => mirror.url.endsWith('@new.example.com/site.git'))).toMatchObject({keep_divergent_refs: true, enabled: false})

    const again = await sb.run(['plan', '-f', file, '--exit-code'], asMaintainer(env))
    expect(again.code, again.stdout).toBe(0)
    expect(writes(await requestsOf(() => sb.run(['apply', '-f', file, '--yes'], asMaintainer(env))))).toEqual([])
    expect(printed(planned, applied, again)).not.toMatch(/first-pass|second-pass|new-token|new-bot|bot:/)
  })

  it('credentials on one side only differ, and the plan says the URL cannot be changed', async () => {
    expect((await sb.api('POST', '/projects/23/remote_mirrors', {as: 'maintainer', body: {url: 'https://bot:pass@one-side.example.com/brand.git'}})).status).toBe(201)
    const file = stateFile('projects:\n  acme/design/brand:\n    remote_mirrors:\n      - {url: "https://one-side.example.com/brand.git"}\n')
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], asMaintainer())
    expect(planned.code).toBe(0)
    expect(planned.stdout).toContain('? remote_mirrors https://one-side.example.com/brand.git: url differs, and cannot be changed')
  })

  it('a saved plan keeps where the credentials are, not them, and applies them from there', async () => {
    const env = {DOCS_URL: 'https://docs-bot:saved-plan-pass@docs-mirror.example.com/docs.git'}
    const owner = {as: 'owner' as const, cwd: folder, env}
    const file = stateFile('projects:\n  opensource/docs:\n    remote_mirrors:\n      - {url: {env: DOCS_URL}, enabled: true}\n')
    const planned = await sb.run(['plan', '-f', file, '--out', 'docs.plan'], owner)
    expect(planned.code, planned.stderr).toBe(0)
    const saved = readFileSync(join(folder, 'docs.plan'), 'utf8')
    expect(saved).toContain('DOCS_URL')
    expect(saved).not.toContain('saved-plan-pass')
    const applied = await sb.run(['apply', 'docs.plan', '--yes'], owner)
    expect(applied.code, applied.stderr).toBe(0)
    expect(storedUrls(24)).toEqual([env.DOCS_URL])
  })

  it.each([
    ['a URL without credentials given by reference', '{url: {env: PLAIN_URL}}', 'names the record, and every plan line shows it'],
    [
      'a branch regex beside only_protected_branches',
      '{url: "https://x.example.com/a.git", only_protected_branches: false, mirror_branch_regex: "^main$"}',
      'give mirror_branch_regex or only_protected_branches, not both',
    ],
    ['a URL the platform refuses', '{url: "ftp://x.example.com/a.git"}', 'must be an absolute http, https, ssh or git URL'],
  ])('refuses %s, before any request', async (_what, record, message) => {
    const file = stateFile(`projects:\n  acme/website:\n    remote_mirrors:\n      - ${record}\n`)
    let planned: RunResult | undefined
    const requests = await requestsOf(async () => {
      planned = await sb.run(['plan', '-f', file], asMaintainer({PLAIN_URL: 'https://plain.example.com/a.git'}))
    })
    expect(planned?.code).toBe(2)
    expect(planned?.stderr).toContain(message)
    expect(requests).toEqual([])
  })
})
