// The protected_tags section (issue 37, STATE.md: by name or wildcard) against a sandbox seeded with
// protected tags (acme/platform/api: v* by maintainers, rc-* by developers; acme/website: v* by no one).
// The platform cannot change a protection in place (lib/api/protected_tags.rb: GET, POST, DELETE), so
// an update is an unprotect and a protect.
import {describe, expect, it} from 'vitest'
import type {ProtectedTag} from '../../src/api/protected-tags.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {interruptedRun} from '../helpers/interrupted-run.js'
import {requestsOf as requestsOfSandbox, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const requestsOf = (run: () => Promise<unknown>) => requestsOfSandbox(sb, run)
const {folder, stateFile} = stateFiles('state-protected-tags')
const maintainer: SandboxRunOptions = {as: 'maintainer', cwd: folder}

const levelsOf = async (project: number) =>
  Object.fromEntries((await sb.api<ProtectedTag[]>('GET', `/projects/${project}/protected_tags`, {as: 'owner'})).body.map(tag => [tag.name, tag.create_access_levels.map(rule => rule.access_level)]))
const writes = (requests: string[]) => requests.filter(request => !request.startsWith('GET '))

describe('protected_tags in a state file', () => {
  it('export writes the levels as roles, and the plan of what it wrote shows no change', async () => {
    const exported = await sb.run(['export', '-p', 'acme/platform/api', '-p', 'acme/website', '--sections', 'protected_tags'], maintainer)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain('protected_tags:\n      v*:\n        create_access_level: maintainer\n      rc-*:\n        create_access_level: developer\n')
    expect(exported.stdout).toContain('create_access_level: no one')
    const planned = await sb.run(['plan', '-f', stateFile(exported.stdout.replace(/^version: 1\n/, '')), '--exit-code'], maintainer)
    expect(planned.stdout).toContain('No changes')
    expect(planned.code, planned.stdout).toBe(0)
  })

  it('creates, updates (unprotect, then protect) and prunes; then plans nothing and a second apply writes nothing', async () => {
    await sb.api('POST', '/projects/23/protected_tags', {as: 'maintainer', body: {name: 'old-*', create_access_level: 30}})
    await sb.api('POST', '/projects/23/protected_tags', {as: 'maintainer', body: {name: 'v*', create_access_level: 0}})
    await sb.api('POST', '/projects/23/protected_tags', {as: 'maintainer', body: {name: 'stays', create_access_level: 40}})
    const file = stateFile(
      'projects:\n  acme/design/brand:\n    protected_tags:\n      "v*": {create_access_level: developer}\n      "release/*": {create_access_level: 40}\n      stays: {create_access_level: maintainer}\n    prune: [protected_tags]\n',
    )
    const planned = await sb.run(['plan', '-f', file], maintainer)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('~ protected_tags v*: create_access_level "no one" → "developer"')
    expect(planned.stdout).toMatch(/\+ protected_tags release\/\*/)
    expect(planned.stdout).toMatch(/- protected_tags old-\*/)
    expect(planned.stdout).toContain('Plan: 1 to create, 1 to update, 1 to delete, 1 unchanged')

    let applied = planned
    const requests = await requestsOf(async () => {
      applied = await sb.run(['apply', '-f', file, '--yes'], maintainer)
    })
    expect(applied.code, applied.stderr).toBe(0)
    expect(writes(requests).sort()).toEqual([
      'DELETE /projects/acme%2Fdesign%2Fbrand/protected_tags/old-*',
      'DELETE /projects/acme%2Fdesign%2Fbrand/protected_tags/v*',
      'POST /projects/acme%2Fdesign%2Fbrand/protected_tags',
      'POST /projects/acme%2Fdesign%2Fbrand/protected_tags',
    ])
    expect(await levelsOf(23)).toEqual({stays: [40], 'v*': [30], 'release/*': [40]})

    expect((await sb.run(['plan', '-f', file, '--exit-code'], maintainer)).code).toBe(0)
    expect(writes(await requestsOf(() => sb.run(['apply', '-f', file, '--yes'], maintainer)))).toEqual([])
  })

  it('an update whose protect the server refuses says the tag is left unprotected', async () => {
    expect((await sb.api('POST', '/projects/24/protected_tags', {as: 'owner', body: {name: 'lost-*', create_access_level: 40}})).status).toBe(201)
    const file = stateFile('projects:\n  opensource/docs:\n    protected_tags:\n      "lost-*": {create_access_level: developer}\n')
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/[^/]+/protected_tags$', kind: 'status', status: 500, times: 1})
    const applied = await sb.run(['apply', '-f', file, '--yes'], {as: 'owner', cwd: folder})
    expect(applied.code).not.toBe(0)
    expect(applied.stdout + applied.stderr).toContain('tag lost-* was unprotected to change its level, and is now left unprotected: 500')
    expect(await levelsOf(24)).not.toHaveProperty('lost-*')
  })

  it('an update stopped by Ctrl-C between its unprotect and its protect says the tag may be left unprotected, in the report and in --json', async () => {
    for (const [name, json] of [
      ['held-*', false],
      ['held-json-*', true],
    ] as const) {
      expect((await sb.api('POST', '/projects/24/protected_tags', {as: 'owner', body: {name, create_access_level: 40}})).status).toBe(201)
      const file = stateFile(`projects:\n  opensource/docs:\n    protected_tags:\n      "${name}": {create_access_level: developer}\n`)
      // the protect is held an hour: the signal, not a machine's speed, decides where the change stops
      sb.sandbox.faults.push({method: 'POST', path: '^/projects/[^/]+/protected_tags$', kind: 'latency', latencyMs: 3_600_000})
      const sent = (method: string) => sb.sandbox.requests.filter(request => request.method === method && request.path.includes('/protected_tags')).length
      const before = {DELETE: sent('DELETE'), POST: sent('POST')}
      // the unprotect is done and the protect under way
      const {code, stdout} = await interruptedRun(['apply', '-f', file, '--yes', ...(json ? ['--json'] : [])], sb.url, TOKENS.owner, () => sent('DELETE') > before.DELETE && sent('POST') > before.POST)
      sb.sandbox.faults.splice(0)
      expect(code).toBe(130)
      const left = `tag ${name} was unprotected to change its level, and may be left unprotected: check it`
      if (json) {
        const [change] = JSON.parse(stdout) as Array<{outcome: string; error?: string}>
        expect(change).toMatchObject({outcome: 'interrupted', error: left})
      } else expect(stdout).toContain(`interrupted ~ project opensource/docs protected_tags ${name}: ${left}`)
      expect(await levelsOf(24)).not.toHaveProperty(name)
    }
  })

  it('an update of a protection with a deploy key rule is refused before anything is sent: the unprotect and protect would lose it', async () => {
    expect((await sb.api('POST', '/projects/24/protected_tags', {as: 'owner', body: {name: 'keyed-*', create_access_level: 40, allowed_to_create: [{deploy_key_id: 4242}]}})).status).toBe(201)
    const file = stateFile('projects:\n  opensource/docs:\n    protected_tags:\n      "keyed-*": {create_access_level: developer}\n')
    let applied: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await requestsOf(async () => {
      applied = await sb.run(['apply', '-f', file, '--yes'], {as: 'owner', cwd: folder})
    })
    expect(applied?.code).not.toBe(0)
    expect(applied?.stdout).toContain(
      'tag keyed-* has 1 create rule for a deploy key, user or group, which changing its level (an unprotect and a protect: the API has no update) would lose; nothing was changed',
    )
    expect(writes(requests)).toEqual([])
    expect(await levelsOf(24)).toHaveProperty('keyed-*', [40, null])
  })

  it('a level the platform does not take is refused in the file, before any request', async () => {
    const file = stateFile('projects:\n  acme/website:\n    protected_tags:\n      "v*": {create_access_level: reporter}\n')
    let planned: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await requestsOf(async () => {
      planned = await sb.run(['plan', '-f', file], maintainer)
    })
    expect(planned?.code).toBe(2)
    expect(planned?.stderr).toContain('protected_tags."v*".create_access_level "reporter": must be one of 0, 30, 40, 60')
    expect(requests).toEqual([])
  })
})
