// A second real client of the platform against the sandbox, unmodified: gitbeaker for Node
// (`@gitbeaker/rest`, pinned as a dev dependency), in every area it covers, through its natural calls:
// lists with their pagination, get, create, update, delete, and the special actions (rotate, protect,
// export start/status/download, mirror sync). Where gitbeaker itself sends the wrong method or path,
// the call is left out with a comment saying why, so that a sandbox that answers as the platform does
// is not bent to a client's bug. Areas gitbeaker 43.8 has no class for (instance feature flags,
// certificate-based clusters, vulnerability exports, package protection rules, security settings,
// enterprise users, SSH certificates, the virtual registry cleanup policy) are driven by python-gitlab
// or forgectl's own tests.
import {Gitlab} from '@gitbeaker/rest'
import {describe, expect, it} from 'vitest'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

/** 45 extra labels in acme/website: three pages of 20 for gitbeaker's pagination to follow */
const sb = useSandbox({seedLabels: 45, jobDelayMs: 20})

const clients = new Map<SeedRole, InstanceType<typeof Gitlab>>()
/** a gitbeaker client with that role's token, as a user sets one up */
function as(role: SeedRole): InstanceType<typeof Gitlab> {
  let client = clients.get(role)
  if (!client) {
    client = new Gitlab({host: sb.url, token: TOKENS[role]})
    clients.set(role, client)
  }
  return client
}

/** the requests that reached the sandbox while `action` ran, as `METHOD /path?query` */
async function requestsOf(action: () => Promise<unknown>): Promise<string[]> {
  const before = sb.sandbox.requests.length
  await action()
  return sb.sandbox.requests.slice(before).map(r => `${r.method} ${r.path}${r.query}`)
}

/** the HTTP status of a call gitbeaker refused (its error carries the answer) */
async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call
    return undefined
  } catch (error) {
    return (error as {cause?: {response?: Response}}).cause?.response?.status
  }
}

const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl gitbeaker@example'

describe('gitbeaker: projects, groups and users by name', () => {
  it('lists, follows pages and gets projects, groups, subgroups and users', async () => {
    const admin = as('admin')
    const projects = await admin.Projects.all({search: 'doc'})
    expect(projects.map(p => p.path_with_namespace)).toEqual(['opensource/docs'])
    const paged = await requestsOf(async () => expect(await as('developer').Projects.all({perPage: 2})).toHaveLength(5))
    expect(paged.filter(r => r.startsWith('GET /projects'))).toHaveLength(3)
    expect((await admin.Projects.show('acme/website')).name).toBe('website')
    const groupProjects = await admin.Groups.allProjects('acme', {includeSubgroups: true})
    expect(groupProjects.map(p => p.path_with_namespace).sort()).toEqual(['acme/design/brand', 'acme/platform/api', 'acme/website'])
    expect((await admin.Groups.all({search: 'des'})).map(g => g.full_path)).toEqual(['acme/design'])
    expect((await admin.Groups.allSubgroups('acme', {perPage: 1})).map(g => g.full_path)).toEqual(['acme/design', 'acme/platform'])
    expect((await admin.Groups.show('acme/platform')).full_name).toBe('Acme / Platform')
    expect((await admin.Users.all({username: 'oscar'})).map(u => u.id)).toEqual([7])
    expect((await admin.Users.show(2)).username).toBe('alice')
  })
})

describe('gitbeaker: the connection', () => {
  it('an OAuth-style Bearer token, and sudo with a token of the sudo scope', async () => {
    const admin = as('admin')
    // without the sudo scope the platform refuses to act as another user (403)
    expect(await statusOf(admin.Projects.all({membership: true, sudo: 'bob'}))).toBe(403)
    const token = await admin.Users.createPersonalAccessToken(1, 'gb-sudo', ['api', 'sudo'])
    const bearer = new Gitlab({host: sb.url, oauthToken: token.token as string})
    expect((await bearer.Users.showCurrentUser()).username).toBe('root')
    const asBob = await bearer.Projects.all({membership: true, sudo: 'bob'})
    const bobsOwn = await as('developer').Projects.all({membership: true})
    expect(asBob.map(p => p.path_with_namespace)).toEqual(bobsOwn.map(p => p.path_with_namespace))
    expect(asBob.map(p => p.path_with_namespace)).toContain('acme/website')
    expect(asBob.map(p => p.path_with_namespace)).not.toContain('opensource/docs')
  })
})

describe('gitbeaker: labels', () => {
  it('lists every page, creates, gets, updates, promotes and deletes project and group labels', async () => {
    const owner = as('owner')
    const sent = await requestsOf(async () => expect((await owner.ProjectLabels.all('acme/website')).length).toBeGreaterThan(45))
    expect(sent.some(r => r.includes('page=3'))).toBe(true)
    const label = await owner.ProjectLabels.create('acme/website', 'gb-label', '#00aa00', {description: 'from gitbeaker'})
    expect((await owner.ProjectLabels.show('acme/website', 'gb-label')).id).toBe(label.id)
    expect((await owner.ProjectLabels.edit('acme/website', label.id, {newName: 'gb-renamed'})).name).toBe('gb-renamed')
    expect((await owner.ProjectLabels.edit('acme/website', 'gb-renamed', {color: '#0000ff'})).color).toBe('#0000ff')
    // ProjectLabels.subscribe/unsubscribe are left out: gitbeaker sends them to
    // /projects/:id/issues/:label_id/subscribe, the path of an issue, not of a label
    expect((await owner.ProjectLabels.promote('acme/website', 'gb-renamed')).name).toBe('gb-renamed')
    expect((await owner.GroupLabels.show('acme', 'gb-renamed')).color).toBe('#0000ff')
    await owner.GroupLabels.remove('acme', 'gb-renamed')
    await owner.ProjectLabels.create('acme/website', 'gb-gone', '#112233')
    await owner.ProjectLabels.remove('acme/website', 'gb-gone')
    expect(await statusOf(owner.ProjectLabels.show('acme/website', 'gb-gone'))).toBe(404)
    const group = await owner.GroupLabels.create('acme', 'gb-group', 'red')
    expect((await owner.GroupLabels.edit('acme', group.id, {color: '#123456', description: 'edited'})).description).toBe('edited')
    expect((await owner.GroupLabels.all('acme', {search: 'gb-group'})).map(l => l.name)).toEqual(['gb-group'])
    await owner.GroupLabels.remove('acme', group.id)
  })
})

describe('gitbeaker: branches and their protection', () => {
  it('creates, lists, gets, protects, changes the protection, unprotects and deletes', async () => {
    const maintainer = as('maintainer')
    const branch = await maintainer.Branches.create('acme/platform/api', 'gb/feature', 'main')
    expect(branch.name).toBe('gb/feature')
    expect((await maintainer.Branches.all('acme/platform/api', {search: 'gb/'})).map(b => b.name)).toEqual(['gb/feature'])
    expect((await maintainer.Branches.show('acme/platform/api', 'gb/feature')).protected).toBe(false)
    const protection = await maintainer.ProtectedBranches.protect('acme/platform/api', 'gb/*', {pushAccessLevel: 40, mergeAccessLevel: 30})
    expect(protection.name).toBe('gb/*')
    const shown = (await maintainer.ProtectedBranches.show('acme/platform/api', 'gb/*')) as {push_access_levels?: Array<{access_level: number}>}
    expect(shown.push_access_levels?.[0]?.access_level).toBe(40)
    // PATCH /projects/:id/protected_branches/:name (issue 27, 2.7)
    const changed = await maintainer.ProtectedBranches.edit('acme/platform/api', 'gb/*', {allowForcePush: true})
    expect(changed.allow_force_push).toBe(true)
    expect((await maintainer.ProtectedBranches.all('acme/platform/api')).map(p => p.name)).toContain('gb/*')
    expect((await maintainer.Branches.show('acme/platform/api', 'gb/feature')).protected).toBe(true)
    await maintainer.ProtectedBranches.unprotect('acme/platform/api', 'gb/*')
    await maintainer.Branches.remove('acme/platform/api', 'gb/feature')
    expect(await statusOf(maintainer.Branches.show('acme/platform/api', 'gb/feature'))).toBe(404)
    await maintainer.Branches.removeMerged('acme/platform/api')
  })
})

describe('gitbeaker: wikis', () => {
  it('project and group wikis: create, list, get, update, upload, delete', async () => {
    const maintainer = as('maintainer')
    for (const [wikis, owner] of [
      [maintainer.ProjectWikis, 'acme/website'],
      [maintainer.GroupWikis, 'acme'],
    ] as const) {
      const page = await wikis.create(owner, 'hello from gitbeaker', 'GB Page')
      expect(page.slug).toBe('GB-Page')
      expect((await wikis.all(owner, {withContent: true})).find(p => p.slug === 'GB-Page')?.content).toBe('hello from gitbeaker')
      expect((await wikis.edit(owner, 'GB-Page', {content: 'edited'})).content).toBe('edited')
      expect((await wikis.show(owner, 'GB-Page')).content).toBe('edited')
      const upload = await wikis.uploadAttachment(owner, {content: new Blob(['png bytes']), filename: 'shot.png'})
      expect(upload.file_name).toBe('shot.png')
      await wikis.remove(owner, 'GB-Page')
      expect(await statusOf(wikis.show(owner, 'GB-Page'))).toBe(404)
    }
  })
})

describe('gitbeaker: CI/CD variables', () => {
  it('instance variables: create, list, get, update, delete', async () => {
    const admin = as('admin')
    expect((await admin.InstanceLevelCICDVariables.create('GB_VAR', 'one', {protected: true})).value).toBe('one')
    expect((await admin.InstanceLevelCICDVariables.all()).map(v => v.key)).toContain('GB_VAR')
    expect((await admin.InstanceLevelCICDVariables.edit('GB_VAR', 'two')).value).toBe('two')
    expect((await admin.InstanceLevelCICDVariables.show('GB_VAR')).value).toBe('two')
    // InstanceLevelCICDVariables.remove is left out: gitbeaker sends GET /admin/ci/variables/:key, which
    // reads the variable instead of deleting it; the variable is deleted directly
    expect((await sb.api('DELETE', '/admin/ci/variables/GB_VAR', {as: 'admin'})).status).toBe(204)
    expect(await statusOf(admin.InstanceLevelCICDVariables.show('GB_VAR'))).toBe(404)
  })

  it('project and group variables, one key in two environment scopes', async () => {
    const maintainer = as('owner')
    for (const [variables, owner] of [
      [maintainer.ProjectVariables, 'acme/website'],
      [maintainer.GroupVariables, 'acme'],
    ] as const) {
      await variables.create(owner, 'GB_SCOPED', 'staging-value', {environmentScope: 'staging'})
      await variables.create(owner, 'GB_SCOPED', 'production-value', {environmentScope: 'production', masked: true})
      const production = {filter: {environment_scope: 'production'}}
      expect((await variables.show(owner, 'GB_SCOPED', production)).value).toBe('production-value')
      expect((await variables.edit(owner, 'GB_SCOPED', 'production-2', {...production, protected: true})).protected).toBe(true)
      const listed = (await variables.all(owner)).filter(v => v.key === 'GB_SCOPED').map(v => v.environment_scope)
      expect(listed.sort()).toEqual(['production', 'staging'])
      await variables.remove(owner, 'GB_SCOPED', {filter: {environment_scope: 'staging'}})
      await variables.remove(owner, 'GB_SCOPED', production)
      expect((await variables.all(owner)).some(v => v.key === 'GB_SCOPED')).toBe(false)
    }
  })
})

describe('gitbeaker: system hooks', () => {
  it('creates, lists, gets, tests and deletes', async () => {
    const admin = as('admin')
    const hook = await admin.SystemHooks.create('https://hooks.example.com/gitbeaker', {token: 'gb-hook-secret', pushEvents: false})
    expect(hook.push_events).toBe(false)
    expect((await admin.SystemHooks.all()).find(h => h.id === hook.id)?.url).toBe('https://hooks.example.com/gitbeaker')
    // SystemHooks.show is left out: gitbeaker sends POST /hooks/:id, which is the platform's test call
    // (SystemHooks.test sends the same), not GET /hooks/:id
    const test = await requestsOf(() => admin.SystemHooks.test(hook.id))
    expect(test).toEqual([`POST /hooks/${hook.id}`])
    await admin.SystemHooks.remove(hook.id)
    expect((await admin.SystemHooks.all()).map(h => h.id)).not.toContain(hook.id)
  })
})

describe('gitbeaker: project and group webhooks', () => {
  it('adds, lists, shows, edits and removes, the token never returned', async () => {
    for (const [client, resources, scope] of [
      [as('maintainer'), 'ProjectHooks', 'acme/website'],
      [as('owner'), 'GroupHooks', 'acme'],
    ] as const) {
      const hooks = client[resources]
      const hook = await hooks.add(scope, 'https://hooks.example.com/gitbeaker-webhook', {token: 'gb-webhook-secret', pushEvents: false, issuesEvents: true})
      expect(hook).toMatchObject({push_events: false, issues_events: true})
      expect(JSON.stringify(hook)).not.toContain('gb-webhook-secret')
      expect((await hooks.all(scope)).map(h => h.id)).toContain(hook.id)
      expect((await hooks.show(scope, hook.id)).url).toBe('https://hooks.example.com/gitbeaker-webhook')
      expect((await hooks.edit(scope, hook.id, 'https://hooks.example.com/gitbeaker-webhook', {pipelineEvents: true})).pipeline_events).toBe(true)
      await hooks.remove(scope, hook.id)
      expect((await hooks.all(scope)).map(h => h.id)).not.toContain(hook.id)
    }
  })
})

describe('gitbeaker: push mirrors', () => {
  it('creates, gets, lists, syncs and deletes', async () => {
    const maintainer = as('maintainer')
    const mirror = await maintainer.ProjectRemoteMirrors.createPushMirror('acme/platform/api', 'https://bot:secret@mirror.example.com/api.git', {enabled: true, onlyProtectedBranches: true})
    expect(mirror).toMatchObject({enabled: true, only_protected_branches: true})
    // ProjectRemoteMirrors.edit is left out: gitbeaker sends POST /projects/:id/remote_mirrors/:mirror_id,
    // where the platform takes PUT (405 otherwise)
    expect((await maintainer.ProjectRemoteMirrors.show('acme/platform/api', mirror.id)).url).toBe('https://*****:*****@mirror.example.com/api.git')
    expect((await maintainer.ProjectRemoteMirrors.all('acme/platform/api')).map(m => m.id)).toContain(mirror.id)
    const sync = await requestsOf(() => maintainer.ProjectRemoteMirrors.sync('acme/platform/api', mirror.id))
    expect(sync).toEqual([`POST /projects/acme%2Fplatform%2Fapi/remote_mirrors/${mirror.id}/sync`])
    await maintainer.ProjectRemoteMirrors.remove('acme/platform/api', mirror.id)
    expect(await statusOf(maintainer.ProjectRemoteMirrors.show('acme/platform/api', mirror.id))).toBe(404)
  })
})

describe('gitbeaker: feature flag user lists', () => {
  it('creates, lists, gets, updates and deletes', async () => {
    const developer = as('developer')
    const list = await developer.FeatureFlagUserLists.create('acme/website', 'gb-list', '1,2,3')
    expect(list.user_xids).toBe('1,2,3')
    expect((await developer.FeatureFlagUserLists.all('acme/website', {search: 'gb-'})).map(l => l.name)).toEqual(['gb-list'])
    // edit's `userXIds` option is left out: gitbeaker turns it into `user_x_ids`, a field the platform does
    // not know (it takes `user_xids`); a new name goes through
    expect((await developer.FeatureFlagUserLists.edit('acme/website', list.iid, {name: 'gb-renamed'})).name).toBe('gb-renamed')
    expect((await developer.FeatureFlagUserLists.show('acme/website', list.iid)).name).toBe('gb-renamed')
    await developer.FeatureFlagUserLists.remove('acme/website', list.iid)
    expect(await statusOf(developer.FeatureFlagUserLists.show('acme/website', list.iid))).toBe(404)
  })
})

describe('gitbeaker: milestones and iterations', () => {
  it('group and project milestones: create, get, update, close, list, issues, merge requests, burndown, delete', async () => {
    const maintainer = as('maintainer')
    for (const [milestones, owner] of [
      [maintainer.GroupMilestones, 'acme'],
      [maintainer.ProjectMilestones, 'acme/website'],
    ] as const) {
      // an ISO date-time is taken as its date (issue 27, 2.10)
      const milestone = await milestones.create(owner, 'gb-milestone', {startDate: '2026-11-02T00:00:00Z', dueDate: '2026-11-27'})
      expect(milestone.start_date).toBe('2026-11-02')
      expect((await milestones.show(owner, milestone.id)).title).toBe('gb-milestone')
      expect((await milestones.edit(owner, milestone.id, {description: 'edited'})).description).toBe('edited')
      expect((await milestones.edit(owner, milestone.id, {stateEvent: 'close'})).state).toBe('closed')
      expect((await milestones.all(owner, {state: 'closed'})).map(m => m.id)).toContain(milestone.id)
      expect(await milestones.allAssignedIssues(owner, milestone.id)).toEqual([])
      expect(await milestones.allAssignedMergeRequests(owner, milestone.id)).toEqual([])
      await milestones.remove(owner, milestone.id)
      expect(await statusOf(milestones.show(owner, milestone.id))).toBe(404)
    }
    const seeded = (await maintainer.ProjectMilestones.all('acme/website')).find(m => m.title === 'Website relaunch')
    expect((await maintainer.ProjectMilestones.allAssignedIssues('acme/website', seeded!.id)).length).toBeGreaterThan(0)
    const groupMilestone = (await maintainer.GroupMilestones.all('acme'))[0]!
    expect(Array.isArray(await maintainer.GroupMilestones.allBurndownChartEvents('acme', groupMilestone.id))).toBe(true)
  })

  it("group iterations; a project's iterations are left out", async () => {
    const iterations = await as('developer').GroupIterations.all('acme', {state: 'current'})
    expect(iterations.map(i => i.group_id)).toEqual([10])
    // ProjectIterations.all is left out: gitbeaker sends GET /project/:id/iterations (singular
    // "project"), a path the platform does not have
  })
})

describe('gitbeaker: draft notes', () => {
  it('creates, lists, gets, updates, publishes one and all, and deletes', async () => {
    const developer = as('developer')
    const draft = await developer.MergeRequestDraftNotes.create('acme/platform/api', 1, 'gb draft')
    expect(draft.note).toBe('gb draft')
    expect((await developer.MergeRequestDraftNotes.all('acme/platform/api', 1)).map(d => d.id)).toContain(draft.id)
    // MergeRequestDraftNotes.edit is left out: gitbeaker sends POST .../draft_notes/:draft_note_id, where
    // the platform takes PUT (405 otherwise)
    expect((await developer.MergeRequestDraftNotes.show('acme/platform/api', 1, draft.id)).note).toBe('gb draft')
    await developer.MergeRequestDraftNotes.publish('acme/platform/api', 1, draft.id)
    expect(await statusOf(developer.MergeRequestDraftNotes.show('acme/platform/api', 1, draft.id))).toBe(404)
    const second = await developer.MergeRequestDraftNotes.create('acme/platform/api', 1, 'bulk')
    await developer.MergeRequestDraftNotes.publishBulk('acme/platform/api', 1)
    expect((await developer.MergeRequestDraftNotes.all('acme/platform/api', 1)).map(d => d.id)).not.toContain(second.id)
    const third = await developer.MergeRequestDraftNotes.create('acme/platform/api', 1, 'to delete')
    await developer.MergeRequestDraftNotes.remove('acme/platform/api', 1, third.id)
    expect(await statusOf(developer.MergeRequestDraftNotes.show('acme/platform/api', 1, third.id))).toBe(404)
  })
})

describe('gitbeaker: relations export', () => {
  it('starts an export, reads its status until finished, and downloads a relation', async () => {
    const maintainer = as('maintainer')
    // acme/platform/api has no earlier export, whose finished entries would answer before the new one's
    expect(await maintainer.ProjectRelationsExport.showExportStatus('acme/platform/api')).toEqual([])
    expect((await maintainer.ProjectRelationsExport.scheduleExport('acme/platform/api')).message).toBeTruthy()
    let status: Array<{relation: string; status: number}> = []
    for (let i = 0; i < 100; i++) {
      status = (await maintainer.ProjectRelationsExport.showExportStatus('acme/platform/api')) as unknown as typeof status
      if (status.find(s => s.relation === 'issues')?.status === 1) break
      await new Promise(done => setTimeout(done, 20))
    }
    expect(status.find(s => s.relation === 'issues')?.status).toBe(1)
    const file = await maintainer.ProjectRelationsExport.download('acme/platform/api', 'issues')
    expect(file).toBeInstanceOf(Blob)
    expect(file.size).toBeGreaterThan(0)
  })
})

describe('gitbeaker: tokens', () => {
  it('personal access tokens: create for a user, list, get, rotate, revoke', async () => {
    const admin = as('admin')
    const token = await admin.PersonalAccessTokens.create(3, 'gb-token', ['read_api'], {expiresAt: '2027-01-31'})
    expect(token.token).toBeTruthy()
    expect((await admin.PersonalAccessTokens.all({userId: 3, search: 'gb-token'})).map(t => t.id)).toEqual([token.id])
    expect((await admin.PersonalAccessTokens.show({tokenId: token.id})).name).toBe('gb-token')
    const rotated = await admin.PersonalAccessTokens.rotate(token.id, {expiresAt: '2027-02-28'})
    expect(rotated).toMatchObject({name: 'gb-token', expires_at: '2027-02-28'})
    expect((await admin.PersonalAccessTokens.show({tokenId: token.id})).revoked).toBe(true)
    await admin.PersonalAccessTokens.remove({tokenId: rotated.id})
    expect((await admin.PersonalAccessTokens.show({tokenId: rotated.id})).revoked).toBe(true)
  })

  it('impersonation tokens: create, list, get, revoke', async () => {
    const admin = as('admin')
    const token = await admin.UserImpersonationTokens.create(3, 'gb-impersonation', ['api'], {expiresAt: '2027-01-31'})
    expect(token.impersonation).toBe(true)
    expect((await admin.UserImpersonationTokens.all(3, {state: 'active'})).map(t => t.id)).toContain(token.id)
    expect((await admin.UserImpersonationTokens.show(3, token.id)).name).toBe('gb-impersonation')
    await admin.UserImpersonationTokens.revoke(3, token.id)
    expect((await admin.UserImpersonationTokens.show(3, token.id)).revoked).toBe(true)
  })

  it('service accounts: create (instance and group), and rotate a group account token', async () => {
    const admin = as('admin')
    expect((await admin.ServiceAccounts.create({name: 'GB bot', username: 'gb-instance-bot'})).username).toBe('gb-instance-bot')
    const account = await as('owner').GroupServiceAccounts.create('acme', {name: 'GB group bot', username: 'gb-group-bot'})
    // GroupServiceAccounts.createPersonalAccessToken is left out: gitbeaker posts to
    // /groups/:id/service_accounts/:user_id, dropping /personal_access_tokens; the token is made directly
    const made = await sb.api<{id: number}>('POST', `/groups/acme/service_accounts/${account.id}/personal_access_tokens`, {as: 'owner', body: {name: 'gb', scopes: ['api']}})
    const rotated = await as('owner').GroupServiceAccounts.rotatePersonalAccessToken('acme', account.id, made.body.id)
    expect(rotated.token).toBeTruthy()
    expect(rotated.id).not.toBe(made.body.id)
  })
})

describe('gitbeaker: deploy keys and key lookup', () => {
  it('creates, gets, updates, lists, enables elsewhere and deletes a deploy key; looks keys up', async () => {
    const maintainer = as('maintainer')
    const key = await maintainer.DeployKeys.create('acme/website', 'gb-key', SSH_KEY)
    expect(key.can_push).toBe(false)
    expect((await maintainer.DeployKeys.show('acme/website', key.id)).title).toBe('gb-key')
    expect((await maintainer.DeployKeys.edit('acme/website', key.id, {canPush: true})).can_push).toBe(true)
    expect((await maintainer.DeployKeys.all({projectId: 'acme/website'})).map(k => k.id)).toContain(key.id)
    expect((await maintainer.DeployKeys.enable('acme/platform/api', key.id)).id).toBe(key.id)
    await maintainer.DeployKeys.remove('acme/platform/api', key.id)
    await maintainer.DeployKeys.remove('acme/website', key.id)
    expect(await statusOf(maintainer.DeployKeys.show('acme/website', key.id))).toBe(404)
    const admin = as('admin')
    expect((await admin.DeployKeys.all({userId: 'alice'})).length).toBeGreaterThanOrEqual(0)
    const instanceKeys = await admin.DeployKeys.all()
    expect(instanceKeys.length).toBeGreaterThan(0)
    expect((await admin.Keys.show({keyId: 1})).id).toBe(1)
    // Keys.show({fingerprint}) is left out: gitbeaker writes `keys?fingerprint=…` into the path, and the
    // query never reaches the server (it sends GET /keys, which the platform refuses: fingerprint is missing)
  })
})

describe('gitbeaker: repository storage moves', () => {
  it('schedules, lists and gets project, group and snippet moves', async () => {
    const admin = as('admin')
    const project = await admin.ProjectRepositoryStorageMoves.schedule('default', {projectId: 24, destinationStorageName: 'storage-2'})
    expect(project.destination_storage_name).toBe('storage-2')
    expect((await admin.ProjectRepositoryStorageMoves.all({projectId: 24})).map(m => m.id)).toContain(project.id)
    expect((await admin.ProjectRepositoryStorageMoves.show(project.id)).id).toBe(project.id)
    expect((await admin.ProjectRepositoryStorageMoves.all()).map(m => m.id)).toContain(project.id)
    const group = await admin.GroupRepositoryStorageMoves.schedule('default', {groupId: 12, destinationStorageName: 'storage-3'})
    expect((await admin.GroupRepositoryStorageMoves.show(group.id, {groupId: 12})).id).toBe(group.id)
    expect((await admin.GroupRepositoryStorageMoves.all()).map(m => m.id)).toContain(group.id)
    // every snippet on a storage, scheduled at once (POST /snippet_repository_storage_moves)
    await admin.SnippetRepositoryStorageMoves.schedule('default', {destinationStorageName: 'storage-2'})
    const snippets = await admin.SnippetRepositoryStorageMoves.all()
    expect(snippets.map(m => (m.snippet as {id: number}).id).sort()).toEqual([501, 502])
    expect((await admin.SnippetRepositoryStorageMoves.all({snippetId: 501})).map(m => m.id)).toEqual([snippets.find(m => (m.snippet as {id: number}).id === 501)!.id])
  })
})
