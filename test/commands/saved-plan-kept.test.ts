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

/** the saved plan's one update, edited to lower `who` from Owner to Developer (its `before` as the server holds it) */
function editUpdate(plan: string, who: {username: string; id: number}): void {
  const data = JSON.parse(readFileSync(plan, 'utf8')) as {changes: Array<{action: string; id: string; ref: unknown; before: unknown; after: Record<string, unknown>; fields: unknown}>}
  const updates = data.changes.filter(change => change.action === 'update')
  expect(updates).toHaveLength(1)
  Object.assign(updates[0]!, {
    id: who.username,
    ref: who.id,
    before: {access_level: 50, expires_at: null},
    after: {...updates[0]!.after, username: who.username, access_level: 30},
    fields: [{field: 'access_level', before: 50, after: 30, sensitive: false}],
  })
  writeFileSync(plan, JSON.stringify(data))
}

// what plan refuses to demote (sections-members.ts `kept` with an update's values), a saved plan edited to demote is refused too
describe('a saved plan edited to demote what the plan keeps', () => {
  it.each([
    {what: "the token's own user", as: 'owner', path: 'opensource', why: "the token's own user", other: 50},
    {what: "a group's last owner", as: 'admin', path: 'opensource', why: 'the platform refuses to demote the last owner', other: 30},
  ] as const)('$what: refused, nothing sent', async ({as, path, why, other}) => {
    const run: SandboxRunOptions = {as, cwd: folder}
    const api = `/groups/${path}`
    // dave a member to change (an Owner beside alice when the token is hers), so that the plan has one update
    await sb.api('DELETE', `${api}/members/5`, {as: 'owner'})
    expect((await sb.api('POST', `${api}/members`, {as: 'owner', body: {user_id: 5, access_level: other}})).status).toBe(201)
    const file = stateFile(`groups:\n  ${path}:\n    members:\n      dave: ${other === 50 ? 'maintainer' : 'reporter'}\n`)
    const plan = `${file}.plan`
    const planned = await sb.run(['plan', '-f', file, '--out', plan], run)
    expect(planned.code, planned.stderr).toBe(0)
    editUpdate(plan, {username: 'alice', id: 2})
    const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], run)
    expect(result.code, result.stdout + result.stderr).toBe(2)
    expect(result.stderr).toContain('the plan changes group opensource members alice')
    expect(result.stderr).toContain(why)
    expect(sb.sandbox.requests.slice(-requests).filter(request => request.method !== 'GET')).toEqual([])
    expect((await sb.api<Member[]>('GET', `${api}/members/2`, {as: 'admin'})).body).toMatchObject({access_level: 50})
  })
})
