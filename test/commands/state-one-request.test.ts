// A write of apply costs one request (issue 37, item 5): what the plan read is not read again before it
// is written. A protection's level is changed by one PATCH that removes the other roles' rules by the
// IDs the plan's list read gave (lib/api/protected_branches.rb, app/models/concerns/protected_ref.rb);
// a deploy key is created by one POST, which answers a new, joined or present key alike
// (lib/api/deploy_keys.rb); a saved plan, applied later, reads the protection it changes again.
import {copyFileSync} from 'node:fs'
import {basename, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {ProtectedBranch} from '../../src/api/branches.js'
import {requestsOf as requestsOfSandbox, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const requestsOf = (run: () => Promise<unknown>) => requestsOfSandbox(sb, run)
const {folder, stateFile} = stateFiles('state-one-request')
const maintainer: SandboxRunOptions = {as: 'maintainer', cwd: folder}

const mergeRoles = async () =>
  (await sb.api<ProtectedBranch>('GET', '/projects/acme%2Fplatform%2Fapi/protected_branches/main', {as: 'maintainer'})).body.merge_access_levels.map(level => level.access_level)

describe('apply -f', () => {
  it("changes a protection's level with one PATCH, the rule IDs taken from the plan's read", async () => {
    const file = stateFile('projects:\n  acme/platform/api:\n    protected_branches:\n      main: {merge_access_level: developer}\n')
    const requests = await requestsOf(async () => {
      const applied = await sb.run(['apply', '-f', file, '--yes'], maintainer)
      expect(applied.code, applied.stderr).toBe(0)
      expect(applied.stdout).toContain('~ protected_branches main: merge_access_level')
    })
    expect(requests.filter(request => request.includes('/protected_branches/'))).toEqual(['PATCH /projects/acme%2Fplatform%2Fapi/protected_branches/main'])
    expect(await mergeRoles()).toEqual([30])

    // a saved plan is applied later: the protection it changes is read again then
    const back = stateFile('projects:\n  acme/platform/api:\n    protected_branches:\n      main: {merge_access_level: maintainer}\n')
    const plan = `${back}.plan`
    expect((await sb.run(['plan', '-f', back, '--out', plan], maintainer)).code).toBe(0)
    const saved = await requestsOf(async () => expect((await sb.run(['apply', plan, '--yes'], maintainer)).code).toBe(0))
    expect(saved.filter(request => request.includes('/protected_branches/'))).toEqual([
      'GET /projects/acme%2Fplatform%2Fapi/protected_branches/main',
      'PATCH /projects/acme%2Fplatform%2Fapi/protected_branches/main',
    ])
    expect(await mergeRoles()).toEqual([40])
  })

  it('creates a deploy key in each project with one POST, without reading their keys again', async () => {
    const key = makeKey('one-request')
    const name = basename(key.file)
    copyFileSync(key.file, join(folder, name))
    const file = stateFile(`projects:\n  "acme/**":\n    deploy_keys:\n      - {title: fleet, key: {file: ${name}}}\n  acme/design/brand: {skip: true}\n`)
    const planned = await sb.run(['plan', '-f', file], {...maintainer, as: 'admin'})
    expect(planned.code, planned.stderr).toBe(0)
    const requests = await requestsOf(async () => {
      const applied = await sb.run(['apply', '-f', file, '--yes'], {...maintainer, as: 'admin'})
      expect(applied.code, applied.stderr).toBe(0)
    })
    // the plan's reads (the projects, each one's keys once), then one POST per project
    const keyRequests = requests.filter(request => request.includes('/deploy_keys'))
    expect(keyRequests.filter(request => request.startsWith('POST')).length).toBe(2)
    expect(keyRequests.filter(request => request.startsWith('GET')).length).toBe(2)
  })
})
