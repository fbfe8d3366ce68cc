// `plan` and `apply` of protected branches against a sandbox that changes their rules as the platform
// does (issue 34): an update adds a rule sent without an ID and removes one only with `_destroy`
// (doc/api/protected_branches.md, app/models/concerns/protected_ref.rb), so forgectl reads every rule
// of an action and sends `_destroy` for the roles it replaces.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {ProtectedBranch} from '../../src/api/branches.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-protected-'))
const asMaintainer: SandboxRunOptions = {as: 'maintainer'}

function stateFile(text: string): string {
  const path = join(folder, `state-${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(path, text)
  return path
}

const protection = async (project: string, name: string) =>
  (await sb.api<ProtectedBranch>('GET', `/projects/${encodeURIComponent(project)}/protected_branches/${encodeURIComponent(name)}`, {as: 'maintainer'})).body
const roles = (levels: ProtectedBranch['merge_access_levels'] | undefined) => (levels ?? []).map(level => level.access_level)

/** requests other than GET that reached the sandbox while `run` ran */
async function writesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests.slice(before).filter(request => request.method !== 'GET').length
}

describe('protected branches in a state file', () => {
  it('maintainer over developer leaves only Maintainers; the next plan shows no change and a second apply writes nothing', async () => {
    // the branch lets Developers merge: the seed's Maintainers rule replaced by a Developers one
    const before = await protection('acme/platform/api', 'stable')
    const patched = await sb.api<ProtectedBranch>('PATCH', '/projects/acme%2Fplatform%2Fapi/protected_branches/stable', {
      as: 'maintainer',
      body: {allowed_to_merge: [{id: before.merge_access_levels[0]!.id, _destroy: true}, {access_level: 30}]},
    })
    expect(roles(patched.body.merge_access_levels)).toEqual([30])

    const file = stateFile('version: 1\nprojects:\n  acme/platform/api:\n    protected_branches:\n      stable: {merge_access_level: maintainer, push_access_level: maintainer}\n')
    const planned = await sb.run(['plan', '-f', file], asMaintainer)
    expect(planned.stdout).toContain('~ protected_branches stable: merge_access_level "developer" → "maintainer"')
    const applied = await sb.run(['apply', '-f', file, '--yes'], asMaintainer)
    expect(applied.code, applied.stderr).toBe(0)
    const after = await protection('acme/platform/api', 'stable')
    expect(roles(after.merge_access_levels)).toEqual([40])
    expect(roles(after.push_access_levels)).toEqual([40])
    // the rule left for users (none here) and the other actions' rules keep their IDs
    expect(after.push_access_levels).toEqual(before.push_access_levels)

    expect((await sb.run(['plan', '-f', file, '--exit-code'], asMaintainer)).code).toBe(0)
    expect(await writesDuring(() => sb.run(['apply', '-f', file, '--yes'], asMaintainer))).toBe(0)
  })

  it('two roles on one action are read as both, and a file naming one of them removes the other', async () => {
    await sb.api('PATCH', '/projects/acme%2Fdesign%2Fbrand/protected_branches/stable', {as: 'maintainer', body: {allowed_to_merge: [{access_level: 30}]}})
    expect(roles((await protection('acme/design/brand', 'stable')).merge_access_levels)).toEqual([40, 30])
    const file = stateFile('version: 1\nprojects:\n  acme/design/brand:\n    protected_branches:\n      stable: {merge_access_level: developer}\n')
    const planned = await sb.run(['plan', '-f', file], asMaintainer)
    expect(planned.stdout).toMatch(/~ protected_branches stable: merge_access_level \["developer","maintainer"\] → "developer"/)
    expect((await sb.run(['apply', '-f', file, '--yes'], asMaintainer)).code).toBe(0)
    expect(roles((await protection('acme/design/brand', 'stable')).merge_access_levels)).toEqual([30])
    expect((await sb.run(['plan', '-f', file, '--exit-code'], asMaintainer)).code).toBe(0)
  })
})
