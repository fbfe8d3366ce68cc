// The `settings` section of projects and groups (issue 37, item 4; STATE.md): the scope's own record,
// written as its fields under `settings:`; a field the file does not name is left alone, entries that
// match one scope merge field by field, nothing is created, and nothing is ever pruned.
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {requestsOf as requestsOfSandbox, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const requestsOf = (run: () => Promise<unknown>) => requestsOfSandbox(sb, run)
const {folder, stateFile} = stateFiles('state-settings')
const admin: SandboxRunOptions = {as: 'admin', cwd: folder}

type Rec = Record<string, unknown>
type PlanJson = {changes: Array<{target: {path: string}; section: string; id: string; action: string; fields: Array<{field: string; before?: unknown; after?: unknown}>}>}

const read = async (path: string) => (await sb.api<Rec>('GET', path, {as: 'admin'})).body
const writes = (requests: string[]) => requests.filter(request => !request.startsWith('GET '))

describe('settings in a state file', () => {
  it('export writes the seeded settings as a mapping under settings:, and a plan of that file shows no change', async () => {
    const exported = await sb.run(['export', '-p', 'acme/platform/api', '-g', 'acme', '--sections', 'settings'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    const document = parse(exported.stdout) as {projects: Record<string, {settings: Rec}>; groups: Record<string, {settings: Rec}>}
    expect(document.projects['acme/platform/api']?.settings).toMatchObject({merge_method: 'ff', only_allow_merge_if_pipeline_succeeds: true, wiki_access_level: 'disabled', visibility: 'private'})
    expect(document.groups.acme?.settings).toMatchObject({project_creation_level: 'maintainer', two_factor_grace_period: 24})
    // what the server leaves empty is not written (ci_config_path)
    expect(document.projects['acme/platform/api']?.settings).not.toHaveProperty('ci_config_path')
    const file = stateFile(exported.stdout.replace(/^version: 1\n/, ''))
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], admin)
    expect(planned.code, planned.stdout + planned.stderr).toBe(0)
    expect(planned.stdout).toContain('No changes: the server matches the file.')
  })

  it('an update sends the changed fields in one PUT, leaves the fields the file does not name, and a second apply writes nothing', async () => {
    // a field the file does not name stays as the server has it
    await sb.api('PUT', '/projects/21', {as: 'admin', body: {lfs_enabled: false}})
    const file = stateFile(
      'projects:\n  acme/website:\n    settings:\n      merge_method: rebase_merge\n      only_allow_merge_if_all_discussions_are_resolved: true\n      squash_option: default_off\n',
    )
    const planned = await sb.run(['plan', '-f', file], admin)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('~ settings (own): merge_method "merge" → "rebase_merge", only_allow_merge_if_all_discussions_are_resolved false → true')
    expect(planned.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete, 0 unchanged')
    let applied = planned
    const requests = await requestsOf(async () => {
      applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    })
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toMatch(/^done +~ project acme\/website settings \(own\)$/m)
    expect(writes(requests)).toEqual(['PUT /projects/acme%2Fwebsite'])
    expect(await read('/projects/21')).toMatchObject({merge_method: 'rebase_merge', only_allow_merge_if_all_discussions_are_resolved: true, lfs_enabled: false})

    expect((await sb.run(['plan', '-f', file, '--exit-code'], admin)).code).toBe(0)
    expect(writes(await requestsOf(() => sb.run(['apply', '-f', file, '--yes'], admin)))).toEqual([])
  })

  it("a group's settings: update, then no change", async () => {
    const file = stateFile('groups:\n  acme/design:\n    settings: {share_with_group_lock: true, subgroup_creation_level: owner, description: "Brand and design"}\n')
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(await read('/groups/14')).toMatchObject({share_with_group_lock: true, subgroup_creation_level: 'owner', description: 'Brand and design'})
    expect((await sb.run(['plan', '-f', file, '--exit-code'], admin)).code).toBe(0)
  })

  it('entries that match one project merge field by field: a fleet-wide setting and a project of its own', async () => {
    const file = stateFile(
      'projects:\n  "acme/**":\n    settings: {only_allow_merge_if_pipeline_succeeds: true, printing_merge_request_link_enabled: false}\n'
        + '  acme/design/brand:\n    settings: {printing_merge_request_link_enabled: true, build_timeout: 2h}\n',
    )
    const planned = await sb.run(['plan', '-f', file, '--json'], admin)
    expect(planned.code, planned.stderr).toBe(0)
    const changes = planned.json<PlanJson>().changes.filter(change => change.section === 'settings')
    const brand = changes.find(change => change.target.path === 'acme/design/brand')
    // the later entry's printing_merge_request_link_enabled (true, the server's too) wins: no change of it
    expect(brand?.fields.map(field => field.field).sort()).toEqual(['build_timeout', 'only_allow_merge_if_pipeline_succeeds'])
    const website = changes.find(change => change.target.path === 'acme/website')
    expect(website?.fields.map(field => field.field)).toContain('printing_merge_request_link_enabled')
    expect(changes.every(change => change.action === 'update' && change.id === '(own)')).toBe(true)
  })

  it('a saved plan applies as planned, and is refused once a setting it changes has moved on the server', async () => {
    const file = stateFile('projects:\n  opensource/docs:\n    settings: {squash_option: always}\n')
    const saved = join(folder, 'settings.plan')
    expect((await sb.run(['plan', '-f', file, '--out', saved], admin)).code).toBe(0)
    await sb.api('PUT', '/projects/24', {as: 'admin', body: {squash_option: 'never'}})
    const stale = await sb.run(['apply', saved, '--yes'], admin)
    expect(stale.code).not.toBe(0)
    expect(stale.stderr).toContain('project opensource/docs settings (own): squash_option changed')
    await sb.api('PUT', '/projects/24', {as: 'admin', body: {squash_option: 'default_off'}})
    const applied = await sb.run(['apply', saved, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect((await read('/projects/24')).squash_option).toBe('always')
  })

  it('nothing is pruned: prune: [settings] is refused before any request, and prune: true never deletes them', async () => {
    const refused = stateFile('projects:\n  acme/website:\n    settings: {lfs_enabled: true}\n    prune: [settings]\n')
    const requests = await requestsOf(async () => {
      const result = await sb.run(['plan', '-f', refused], admin)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('prune[0]: the API cannot delete settings: it cannot be pruned')
    })
    expect(requests).toEqual([])
    // an empty section under `prune: true` would otherwise plan the one record's delete
    const empty = stateFile('projects:\n  acme/website:\n    settings:\n    prune: true\n')
    const planned = await sb.run(['plan', '-f', empty, '--json'], admin)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.json<PlanJson>().changes).toEqual([])
  })

  it.each([
    ['    settings: {merge_method: octopus}\n', 'settings.merge_method "octopus": must be one of merge, rebase_merge, ff'],
    ['    settings: {project_creation_level: noone}\n', 'settings.project_creation_level: unknown field'],
    ['    settings: [{merge_method: ff}]\n', 'settings: must be a mapping of fields'],
    ['    settings: {build_timeout: 60}\n', 'settings.build_timeout "60": must be a duration from 10m to below a month'],
  ])('refuses %j before any request (exit 2)', async (section, message) => {
    const file = stateFile(`projects:\n  acme/website:\n${section}`)
    const requests = await requestsOf(async () => {
      const result = await sb.run(['plan', '-f', file], admin)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(message)
    })
    expect(requests).toEqual([])
  })
})
