// The `members` section of groups and projects (issue 37, STATE.md): by username, an access level or a
// record; create, update, prune and no-op; export → plan shows no change and a second apply writes
// nothing on a sandbox seeded with members; prune keeps the token's own user and the last owner, and
// the plan says why.
import {beforeAll, describe, expect, it} from 'vitest'
import type {Member} from '../../src/api/members.js'
import type {CurrentRecord, DesiredRecord} from '../../src/state/section.js'
import {members} from '../../src/state/sections-members.js'
import {requestsOf, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const {stateFile} = stateFiles('members')
const admin: SandboxRunOptions = {as: 'admin'}
const owner: SandboxRunOptions = {as: 'owner'}

const membersOf = async (path: string) =>
  Object.fromEntries((await sb.api<Member[]>('GET', `${path}/members`, {as: 'admin'})).body.map(m => [m.username, {level: m.access_level, expires: m.expires_at}]))

/** requests other than GET that reached the sandbox while `run` ran */
async function writesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests.slice(before).filter(request => request.method !== 'GET').length
}

beforeAll(async () => {
  // a project with direct members, one with an expiry: the seed's projects have none
  for (const [user, level, expires] of [
    [7, 30, '2099-06-30'],
    [4, 20, null],
  ] as const) {
    const added = await sb.api('POST', '/projects/acme%2Fwebsite/members', {as: 'owner', body: {user_id: user, access_level: level, ...(expires ? {expires_at: expires} : {})}})
    expect(added.status).toBe(201)
  }
})

describe('members in a state file', () => {
  it('export writes each direct member as a level, or a record with its expiry; plan of it shows no change; a second apply writes nothing', async () => {
    const exported = await sb.run(['export', '-g', 'acme', '-p', 'acme/website', '--sections', 'members'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain('alice: owner')
    expect(exported.stdout).toMatch(/oscar:\s+access_level: developer\s+expires_at: ["']?2099-06-30/)
    expect(exported.stdout).toContain('carol: reporter')
    const file = stateFile(exported.stdout.replace(/^version: 1\n/, ''))
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], admin)
    expect(planned.code, planned.stdout + planned.stderr).toBe(0)
    expect(planned.stdout).toContain('No changes')
    expect(await writesDuring(() => sb.run(['apply', '-f', file, '--yes'], admin))).toBe(0)
  })

  it('creates by username (a level in words), updates a level and an expiry, then has nothing to do', async () => {
    const first = stateFile('groups:\n  opensource:\n    members:\n      alice: owner\n      carol: {access_level: developer, expires_at: 2099-01-01}\n')
    const planned = await sb.run(['plan', '-f', first], admin)
    expect(planned.stdout).toContain('+ members carol: access_level "developer", expires_at "2099-01-01"')
    expect(planned.stdout).toContain('Plan: 1 to create, 0 to update, 0 to delete, 1 unchanged')
    let applied: Awaited<ReturnType<typeof sb.run>> | undefined
    const sent = await requestsOf(sb, async () => {
      applied = await sb.run(['apply', '-f', first, '--yes'], admin)
    })
    expect(applied!.code, applied!.stderr).toBe(0)
    // a new member costs one write, by username: no lookup of the user's ID first
    expect(sent.filter(request => !request.startsWith('GET'))).toEqual(['POST /groups/opensource/members'])
    expect(sent.filter(request => request.includes('/users'))).toEqual([])
    expect((await membersOf('/groups/opensource')).carol).toEqual({level: 30, expires: '2099-01-01'})

    const second = stateFile('groups:\n  opensource:\n    members:\n      CAROL: {access_level: 40, expires_at: ""}\n')
    const changed = await sb.run(['plan', '-f', second], admin)
    expect(changed.stdout).toContain('~ members carol: access_level "developer" → "maintainer", expires_at "2099-01-01" → ""')
    expect((await sb.run(['apply', '-f', second, '--yes'], admin)).code).toBe(0)
    expect((await membersOf('/groups/opensource')).carol).toEqual({level: 40, expires: null})
    expect((await sb.run(['plan', '-f', second, '--exit-code'], admin)).code).toBe(0)
    expect(await writesDuring(() => sb.run(['apply', '-f', second, '--yes'], admin))).toBe(0)
  })

  it('a saved plan applies as planned: a create by username and an update of a level', async () => {
    const {folder, stateFile: inFolder} = stateFiles('members-saved')
    const file = inFolder('groups:\n  acme/design:\n    members:\n      oscar: maintainer\n      carol: reporter\n')
    const planned = await sb.run(['plan', '-f', file, '--out', `${file}.plan`], {...admin, cwd: folder})
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('~ members oscar: access_level "developer" → "maintainer"')
    const applied = await sb.run(['apply', `${file}.plan`, '--yes'], {...admin, cwd: folder})
    expect(applied.code, applied.stdout + applied.stderr).toBe(0)
    const now = await membersOf('/groups/acme%2Fdesign')
    expect([now.oscar?.level, now.carol?.level]).toEqual([40, 20])
  })

  it('refuses a level that is no member role, and a username that cannot be one, before any request', async () => {
    for (const [text, words] of [
      ['groups:\n  acme:\n    members:\n      bob: admin\n', 'must be one of 10, 15, 20, 30, 40, 50'],
      ['groups:\n  acme:\n    members:\n      "-bob": developer\n', 'a username'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['plan', '-f', stateFile(text)], admin)
      expect(result.code, text).toBe(2)
      expect(result.stderr).toContain(words)
      expect(requests).toBe(0)
    }
  })

  it('prune removes a member the file leaves out, and keeps the last owner and the plan says why', async () => {
    expect((await sb.api('POST', '/groups/opensource/members', {as: 'owner', body: {user_id: 5, access_level: 30}})).status).toBe(201)
    const file = stateFile('groups:\n  opensource:\n    members:\n      carol: maintainer\n    prune: [members]\n')
    const planned = await sb.run(['plan', '-f', file], admin)
    expect(planned.stdout).toContain('- members dave')
    expect(planned.stdout).toContain('? members alice: not in the file, kept: an owner, and the file names no other (prune never removes the last owner)')
    expect(planned.stdout).toContain('Plan: 0 to create, 0 to update, 1 to delete')
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(Object.keys(await membersOf('/groups/opensource')).sort()).toEqual(['alice', 'carol'])
    expect(await writesDuring(() => sb.run(['apply', '-f', file, '--yes'], admin))).toBe(0)
  })

  it("prune keeps the token's own user", async () => {
    // alice (the owner token) as a direct member of the project beside oscar and carol: as Owner, the
    // level she has in acme, below which the platform takes no membership of hers here
    expect((await sb.api('POST', '/projects/acme%2Fwebsite/members', {as: 'owner', body: {user_id: 2, access_level: 50}})).status).toBe(201)
    const file = stateFile('projects:\n  acme/website:\n    members:\n      oscar: {access_level: developer}\n    prune: [members]\n')
    const planned = await sb.run(['plan', '-f', file], owner)
    expect(planned.stdout).toContain('- members carol')
    expect(planned.stdout).toContain("? members alice: not in the file, kept: the token's own user (prune never removes it)")
    expect((await sb.run(['apply', '-f', file, '--yes'], owner)).code).toBe(0)
    expect(Object.keys(await membersOf('/projects/acme%2Fwebsite')).sort()).toEqual(['alice', 'oscar'])
  })
})

describe('which owners prune keeps (the section alone)', () => {
  const record = (id: string, level: number): CurrentRecord => ({id, ref: id, fields: {access_level: level, expires_at: null}})
  const wanted = (id: string, level: number) => new Map<string, DesiredRecord>([[id, {id, fields: {username: id, access_level: level}, sources: {}, byReference: [], where: []}]])

  it('keeps the owners only when the file leaves no owner standing', () => {
    const [ann, ben, cat] = [record('ann', 50), record('ben', 50), record('cat', 30)]
    const current = [ann, ben, cat]
    // the file names cat only: both owners would go, so both stay
    expect(members.kept!(ann, {doomed: [ann, ben], desired: wanted('cat', 30), current})).toMatch(/last owner/)
    // the file makes cat an owner: ann and ben may go
    expect(members.kept!(ann, {doomed: [ann, ben], desired: wanted('cat', 50), current})).toBeUndefined()
    // the file keeps ben (at the server's level): ann may go
    expect(members.kept!(ann, {doomed: [ann], desired: new Map(), current})).toBeUndefined()
    // a member below Owner is never kept for this
    expect(members.kept!(cat, {doomed: [cat], desired: new Map(), current})).toBeUndefined()
  })
})

// The platform lets a member who may manage members lower their own level (GroupMemberPolicy and
// ProjectMemberPolicy enable update_*_member from admin_*_member, whoever the member is), after which
// the rest of the scope's changes meet 403 part-way; and it refuses to change a group's last owner at
// all (app/policies/group_member_policy.rb: `last_owner` prevents update_group_member; the check runs in
// app/services/members/update_service.rb, has_update_permissions?). The plan refuses both, saying why.
describe('what the plan never demotes', () => {
  /** plan says why alice is not demoted and exits 1; apply exits 1 and sends nothing */
  async function refusedDemotion(file: string, run: SandboxRunOptions, why: string): Promise<void> {
    const planned = await sb.run(['plan', '-f', file], run)
    expect(planned.code).toBe(1)
    expect(planned.stdout).toContain(`error: group opensource members alice: ${why}`)
    expect(await writesDuring(async () => expect((await sb.run(['apply', '-f', file, '--yes'], run)).code).toBe(1))).toBe(0)
    expect((await membersOf('/groups/opensource')).alice?.level).toBe(50)
  }

  it("a group's last owner: a problem of the plan (exit 1), and apply sends nothing", async () => {
    const file = stateFile('groups:\n  opensource:\n    members:\n      alice: maintainer\n')
    await refusedDemotion(file, admin, 'an owner, and the file names no other: the platform refuses to demote the last owner (make another an owner first)')
  })

  it("the token's own user, though another owner stays: a problem of the plan (exit 1), and apply sends nothing; the same file run by another token applies", async () => {
    expect((await sb.api('POST', '/groups/opensource/members', {as: 'owner', body: {user_id: 6, access_level: 50}})).status).toBe(201)
    const file = stateFile('groups:\n  opensource:\n    members:\n      alice: guest\n')
    await refusedDemotion(file, owner, "the token's own user, whose level forgectl never lowers")
    // erin is another owner, and not the admin token's user: nothing keeps alice's level then
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stdout + applied.stderr).toBe(0)
    expect((await membersOf('/groups/opensource')).alice?.level).toBe(10)
  })

  it("an administrator's own membership is lowered as the file says: the administrator keeps every scope, and the platform allows it", async () => {
    expect((await sb.api('POST', '/groups/opensource/members', {as: 'admin', body: {user_id: 1, access_level: 40}})).status).toBe(201)
    const file = stateFile('groups:\n  opensource:\n    members:\n      root: guest\n')
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stdout + applied.stderr).toBe(0)
    expect((await membersOf('/groups/opensource')).root?.level).toBe(10)
  })
})
