// What prune keeps, a saved plan cannot delete: `plan --out` leaves the token's own user and a group's
// last owner out of its deletes (sections-members.ts `kept`), but a saved plan is a file anyone may edit,
// and `apply PLAN` read the server again only to see that the record was still there. A delete edited to
// name such a member is refused before anything is sent (apply.ts, movedSincePlan: every saved plan's
// delete passes the section's `kept` over the server as it is now).
import {readFileSync, writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {Member} from '../../src/api/members.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const {folder, stateFile} = stateFiles('saved-plan-kept')

const usernames = async (path: string) => (await sb.api<Member[]>('GET', `${path}/members`, {as: 'admin'})).body.map(m => m.username).sort()

/** the saved plan's one delete, edited to name `who` (its identity, its member ID and its fields as they are) */
function editDelete(plan: string, who: {username: string; id: number}): void {
  const data = JSON.parse(readFileSync(plan, 'utf8')) as {changes: Array<{action: string; id: string; ref: unknown; before: unknown}>}
  const doomed = data.changes.filter(change => change.action === 'delete')
  expect(doomed).toHaveLength(1)
  doomed[0]!.id = who.username
  doomed[0]!.ref = who.id
  // as the server holds it, so that nothing looks moved since the plan
  doomed[0]!.before = {access_level: 50, expires_at: null}
  writeFileSync(plan, JSON.stringify(data))
}

describe('a saved plan edited to delete what prune keeps', () => {
  it.each([
    {what: "the token's own user", as: 'owner', scope: 'projects', path: 'acme/website', api: '/projects/acme%2Fwebsite', why: "the token's own user"},
    {what: "a group's last owner", as: 'admin', scope: 'groups', path: 'opensource', api: '/groups/opensource', why: 'last owner'},
  ] as const)('$what: refused, nothing sent', async ({as, scope, path, api, why}) => {
    const run: SandboxRunOptions = {as, cwd: folder}
    // alice (user 2, the owner token) a direct Owner, and erin to be pruned
    if (scope === 'projects') expect((await sb.api('POST', `${api}/members`, {as: 'owner', body: {user_id: 2, access_level: 50}})).status).toBe(201)
    expect((await sb.api('POST', `${api}/members`, {as: 'owner', body: {user_id: 6, access_level: 20}})).status).toBe(201)
    const file = stateFile(`${scope}:\n  ${path}:\n    members: {}\n    prune: [members]\n`)
    const plan = `${file}.plan`
    const planned = await sb.run(['plan', '-f', file, '--out', plan], run)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('- members erin')
    expect(planned.stdout).toContain('? members alice: not in the file, kept:')
    editDelete(plan, {username: 'alice', id: 2})
    const before = await usernames(api)
    const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], run)
    expect(result.code, result.stdout + result.stderr).not.toBe(0)
    expect(result.stderr).toContain('alice')
    expect(result.stderr).toContain(why)
    expect(await usernames(api)).toEqual(before)
    expect(sb.sandbox.requests.slice(-requests).filter(request => request.method !== 'GET')).toEqual([])
  })
})
