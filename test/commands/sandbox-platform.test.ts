// The sandbox answers as the platform does (issue 27, part 2), checked over HTTP with plain fetch where
// python-gitlab 3.12 has no call for it (python-gitlab.test.ts drives the rest through the real client):
// the platform's companions of the spec's areas, its ways of authenticating, its booleans, its dates,
// its whole lists and its error shapes.
import {describe, expect, it} from 'vitest'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

interface Answer<T> {
  status: number
  body: T
  headers: Headers
}

/** a request with headers of the test's choosing (sb.api always sends PRIVATE-TOKEN) */
async function call<T = unknown>(method: string, path: string, {headers = {}, body}: {headers?: Record<string, string>; body?: unknown} = {}): Promise<Answer<T>> {
  const response = await fetch(`${sb.url}/api/v4${path}`, {
    method,
    headers: {...headers, ...(body === undefined ? {} : {'content-type': 'application/json'})},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T}
}

const as = (role: SeedRole) => ({'PRIVATE-TOKEN': TOKENS[role]})
const get = <T = unknown>(path: string, role: SeedRole = 'developer') => call<T>('GET', path, {headers: as(role)})
const paths = (records: unknown) => (records as Array<{path_with_namespace?: string; full_path?: string}>).map(r => r.path_with_namespace ?? r.full_path)

describe('2.1 project and group CI/CD variables', () => {
  it('lists with pagination headers, shows environment_scope, and asks for Maintainer', async () => {
    const listed = await get<Array<{key: string; environment_scope: string}>>('/projects/acme%2Fwebsite/variables?per_page=2', 'maintainer')
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-total')).toBe('4')
    expect(listed.headers.get('x-next-page')).toBe('2')
    expect(listed.body.map(v => [v.key, v.environment_scope])).toEqual([
      ['SITE_URL', 'staging'],
      ['SITE_URL', 'production'],
    ])
    expect((await get('/projects/21/variables', 'developer')).status).toBe(403)
    expect((await get('/groups/acme/variables', 'outsider')).status).toBe(404)
    const group = await get<Array<{key: string}>>('/groups/10/variables', 'owner')
    expect(group.headers.get('x-total')).toBe('2')
    expect(group.body.map(v => v.key)).toEqual(['NPM_REGISTRY', 'NPM_TOKEN'])
  })

  it('a key exists once per environment scope; filter[environment_scope] picks one, and without it two are a 409', async () => {
    const ambiguous = await get<{message: string}>('/projects/21/variables/SITE_URL', 'maintainer')
    expect(ambiguous.status).toBe(409)
    expect(ambiguous.body.message).toContain('filter[environment_scope]')
    const production = await get<{value: string; environment_scope: string}>('/projects/21/variables/SITE_URL?filter[environment_scope]=production', 'maintainer')
    expect(production.body).toMatchObject({value: 'https://www.acme.example.com', environment_scope: 'production'})
    const headers = as('maintainer')
    const review = await call('POST', '/projects/21/variables', {headers, body: {key: 'SITE_URL', value: 'https://review.example.com', environment_scope: 'review/*'}})
    expect(review.status).toBe(201)
    expect(review.body).toMatchObject({key: 'SITE_URL', environment_scope: 'review/*', masked: false, protected: false, variable_type: 'env_var'})
    const again = await call<{message: unknown}>('POST', '/projects/21/variables', {headers, body: {key: 'SITE_URL', value: 'x', environment_scope: 'review/*'}})
    expect(again.status).toBe(400)
    expect(again.body.message).toEqual({key: ['(SITE_URL) has already been taken']})
    const updated = await call('PUT', `/projects/21/variables/SITE_URL?${encodeURI('filter[environment_scope]=review/*')}`, {headers, body: {value: 'https://review2.example.com'}})
    expect(updated.body).toMatchObject({value: 'https://review2.example.com', environment_scope: 'review/*'})
    // an update without a value keeps the value (python-gitlab's save() sends only what changed)
    const protectedOnly = await call('PUT', '/projects/21/variables/SITE_URL?filter%5Benvironment_scope%5D=review%2F*', {headers, body: {protected: 'true'}})
    expect(protectedOnly.body).toMatchObject({value: 'https://review2.example.com', protected: true})
    expect((await call('DELETE', `/projects/21/variables/SITE_URL?${encodeURI('filter[environment_scope]=review/*')}`, {headers})).status).toBe(204)
    expect((await get('/projects/21/variables/SITE_URL?filter[environment_scope]=review%2F*', 'maintainer')).status).toBe(404)
    // the scope defaults to every environment
    const plain = await call('POST', '/groups/acme/variables', {headers: as('owner'), body: {key: 'PLAIN', value: 'v'}})
    expect(plain.body).toMatchObject({environment_scope: '*'})
  })

  it("masked values follow the platform's rule: 8 characters or more, one line without spaces, Base64 and @ : . ~", async () => {
    const headers = as('maintainer')
    const masked = (key: string, value: string) => call<{message: unknown}>('POST', '/projects/20/variables', {headers, body: {key, value, masked: true}})
    for (const [key, value] of [
      ['SHORT', 'seven77'],
      ['SPACED', 'has a space'],
      ['DOLLAR', 'abc$defgh'],
      ['LINES', 'line-one\nline-two'],
    ] as const) {
      const refused = await masked(key, value)
      expect(refused.status, key).toBe(400)
      expect(refused.body.message, key).toEqual({value: ['is invalid']})
    }
    for (const [key, value] of [
      ['BASE64', 'c2VjcmV0LXZhbHVl/+=='],
      ['URL_SAFE', 'abc-def_ghi'],
      ['EXTRA', 'user@host:1.2~x'],
    ] as const) {
      expect((await masked(key, value)).status, key).toBe(201)
    }
    // the instance's variables follow the same rule
    const instance = await call('POST', '/admin/ci/variables', {headers: as('admin'), body: {key: 'SHORT_MASKED', value: 'short', masked: true}})
    expect(instance.status).toBe(400)
  })
})

describe('2.1 project milestones and group iterations', () => {
  it("serves project milestones with the group milestones' shape, issues and merge requests", async () => {
    const listed = await get<Array<{title: string; project_id: number; group_id?: number}>>('/projects/acme%2Fwebsite/milestones')
    expect(listed.headers.get('x-total')).toBe('2')
    expect(listed.body.map(m => m.title)).toEqual(['Website 2025 cleanup', 'Website relaunch'])
    expect(listed.body[0]).toMatchObject({project_id: 21})
    expect(listed.body[0]).not.toHaveProperty('group_id')
    const withGroup = await get<Array<{title: string}>>('/projects/21/milestones?include_ancestors=true&state=active')
    expect(withGroup.body.map(m => m.title)).toEqual(['Release 1.1', 'Website relaunch', 'Release 2.0', 'Backlog'])
    const issues = await get<Array<{title: string}>>('/projects/21/milestones/311/issues')
    expect(issues.headers.get('x-total')).toBe('1')
    expect(issues.body.map(i => i.title)).toEqual(['New navigation'])
    expect((await get('/projects/21/milestones/311/merge_requests')).body).toEqual([])
    // a group milestone is not a milestone of the project
    expect((await get('/projects/21/milestones/302')).status).toBe(404)
  })

  it("a project milestone's title may not repeat one of its group's (the platform's rule), and a date-time is taken as its date", async () => {
    const headers = as('reporter')
    const clash = await call<{message: unknown}>('POST', '/projects/21/milestones', {headers, body: {title: 'Release 1.1'}})
    expect(clash.status).toBe(400)
    const created = await call<{id: number; iid: number; start_date: string; due_date: string}>('POST', '/projects/21/milestones', {
      headers,
      body: {title: 'Sprint from a client', start_date: '2026-11-02T00:00:00Z', due_date: '2026-11-27T17:30:00.000+01:00'},
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({iid: 3, start_date: '2026-11-02', due_date: '2026-11-27'})
    const moved = await call('PUT', `/groups/acme/milestones/302`, {headers, body: {due_date: '2026-07-01T09:00:00Z'}})
    expect(moved.body).toMatchObject({due_date: '2026-07-01'})
    const bad = await call<{error: string}>('PUT', `/projects/21/milestones/${created.body.id}`, {headers, body: {due_date: 'next friday'}})
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('due_date is invalid')
    expect((await call('DELETE', `/projects/21/milestones/${created.body.id}`, {headers: as('developer')})).status).toBe(204)
  })

  it("lists a group's iterations with its ancestors' by default", async () => {
    const own = await get<Array<{id: number; group_id: number}>>('/groups/acme%2Fplatform/iterations?include_ancestors=false')
    expect(own.body.map(i => i.id)).toEqual([711, 712])
    const all = await get<Array<{group_id: number}>>('/groups/acme%2Fplatform/iterations?state=opened')
    expect(all.headers.get('x-total')).toBe('5')
    expect(new Set(all.body.map(i => i.group_id))).toEqual(new Set([10, 11]))
    expect((await get('/groups/acme/iterations', 'outsider')).status).toBe(404)
  })
})

describe('2.1 projects, groups and users by name', () => {
  it("lists what the caller may see, with pagination headers, search and the platform's orders", async () => {
    const anonymous = await call('GET', '/projects')
    expect(paths(anonymous.body)).toEqual(['opensource/docs', 'opensource/tool'])
    const outsider = await get('/projects', 'outsider')
    // internal projects to any signed-in user
    expect(paths(outsider.body)).toEqual(['opensource/docs', 'acme/design/brand', 'opensource/tool'])
    const bob = await get('/projects?per_page=2&order_by=path&sort=asc')
    expect(bob.headers.get('x-total')).toBe('5')
    expect(bob.headers.get('link')).toContain('rel="next"')
    expect(paths(bob.body)).toEqual(['acme/platform/api', 'acme/design/brand'])
    expect(paths((await get('/projects?search=WEB')).body)).toEqual(['acme/website'])
    expect(paths((await get('/projects?search=acme%2Fdesign&search_namespaces=true')).body)).toEqual(['acme/design/brand'])
    expect((await get<{name: string}>('/projects/acme%2Fwebsite')).body).toMatchObject({name: 'website', web_url: `${sb.url}/acme/website`})
    expect((await get('/projects/21', 'outsider')).status).toBe(404)
  })

  it('lists the projects of a group, with its subgroups on request', async () => {
    expect(paths((await get('/groups/acme/projects')).body)).toEqual(['acme/website'])
    const deep = await get('/groups/acme/projects?include_subgroups=true')
    expect(deep.headers.get('x-total')).toBe('3')
    expect(paths(deep.body).sort()).toEqual(['acme/design/brand', 'acme/platform/api', 'acme/website'])
  })

  it('lists groups and subgroups by name', async () => {
    expect(paths((await get('/groups')).body)).toEqual(['acme', 'acme/design', 'opensource', 'acme/platform'])
    expect(paths((await get('/groups', 'outsider')).body)).toEqual(['acme/design', 'opensource'])
    expect(paths((await get('/groups?top_level_only=true&search=o')).body)).toEqual(['opensource'])
    const subgroups = await get('/groups/acme/subgroups')
    expect(subgroups.headers.get('x-total')).toBe('2')
    expect(paths(subgroups.body)).toEqual(['acme/design', 'acme/platform'])
    expect((await get<{full_name: string}>('/groups/acme%2Fplatform')).body).toMatchObject({full_name: 'Acme / Platform', parent_id: 10})
  })

  it("finds a project or group by full path whatever its case, as the platform's find_by_full_path does", async () => {
    expect((await get<{id: number}>('/projects/ACME%2FWebsite')).body).toMatchObject({id: 21, path_with_namespace: 'acme/website'})
    expect((await get<{id: number}>('/groups/Acme%2FPlatform')).body).toMatchObject({id: 11, full_path: 'acme/platform'})
    expect((await get('/groups/ACME/projects')).status).toBe(200)
    expect((await get('/projects/ACME%2Fwebsites')).status).toBe(404)
  })

  it('finds users by username and by search; only administrators see e-mail addresses', async () => {
    const byName = await get<Array<{id: number; username: string}>>('/users?username=Oscar')
    expect(byName.body).toEqual([expect.objectContaining({id: 7, username: 'oscar'})])
    expect(byName.body[0]).not.toHaveProperty('email')
    const search = await get<Array<{username: string}>>('/users?search=designer&per_page=1')
    expect(search.headers.get('x-total')).toBe('1')
    expect((await get<Array<{email: string}>>('/users?username=oscar', 'admin')).body[0]).toMatchObject({email: 'oscar@example.com'})
    expect((await get<Array<{username: string}>>('/users?username=peggy&blocked=true')).body.map(u => u.username)).toEqual(['peggy'])
    expect((await call('GET', '/users')).status).toBe(401)
    // GET /users/:id takes an ID only (`requires :id, type: Integer`): a client that sends a username fails there, so here too
    const username = await get<{error: string}>('/users/bob')
    expect(username.status).toBe(400)
    expect(username.body).toEqual({error: 'id is invalid'})
  })
})

describe('2.2 label updates with the label named in the body', () => {
  it('PUT /projects/:id/labels and /groups/:id/labels take name or label_id, exactly one', async () => {
    const headers = as('developer')
    const label = await call<{id: number}>('POST', '/projects/21/labels', {headers, body: {name: 'body-named', color: '#112233'}})
    const byName = await call('PUT', '/projects/21/labels', {headers, body: {name: 'body-named', description: 'by name'}})
    expect(byName.body).toMatchObject({name: 'body-named', description: 'by name'})
    const byId = await call('PUT', '/projects/21/labels', {headers, body: {label_id: label.body.id, new_name: 'body-renamed'}})
    expect(byId.body).toMatchObject({id: label.body.id, name: 'body-renamed'})
    const neither = await call<{error: string}>('PUT', '/projects/21/labels', {headers, body: {color: '#000000'}})
    expect(neither.status).toBe(400)
    expect(neither.body.error).toContain('exactly one parameter')
    expect((await call('PUT', '/projects/21/labels', {headers, body: {name: 'no-such-label', color: '#000000'}})).status).toBe(404)
    const group = await call('POST', '/groups/acme/labels', {headers, body: {name: 'group-body-named', color: '#112233'}})
    expect(group.status).toBe(201)
    expect((await call('PUT', '/groups/acme/labels', {headers, body: {name: 'group-body-named', color: 'red'}})).body).toMatchObject({color: 'red'})
  })
})

describe("2.3 booleans in the platform's words", () => {
  it('reads True, t, yes, on, 1 and their opposites in queries and bodies; anything else is a 400', async () => {
    const ancestors = (word: string) => get<Array<{title: string}>>(`/projects/21/milestones?include_ancestors=${word}`)
    for (const word of ['True', 't', 'yes', 'on', '1', 'TRUE', 'Y']) expect((await ancestors(word)).body.length, word).toBe(6)
    for (const word of ['False', 'f', 'no', 'off', '0']) expect((await ancestors(word)).body.length, word).toBe(2)
    const refused = await ancestors('maybe')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({error: 'include_ancestors is invalid'})
    const form = await fetch(`${sb.url}/api/v4/projects/20/variables`, {
      method: 'POST',
      headers: {...as('maintainer'), 'content-type': 'application/x-www-form-urlencoded'},
      body: 'key=FORM_BOOL&value=form-value-1&protected=yes&masked=False',
    })
    expect(await form.json()).toMatchObject({protected: true, masked: false})
  })
})

describe('2.4, 2.5, 2.6 version, Bearer tokens and Sudo', () => {
  it('GET /version and /metadata answer any signed-in user', async () => {
    const version = await get<{version: string; revision: string}>('/version', 'outsider')
    expect(version.status).toBe(200)
    expect(version.body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect((await call('GET', '/version')).status).toBe(401)
    // gitbeaker's Metadata.show() asks /metadata, which answers the same
    expect((await get('/metadata', 'outsider')).body).toEqual(version.body)
  })

  it('takes a personal access token as Authorization: Bearer', async () => {
    const me = await call<{username: string}>('GET', '/user', {headers: {Authorization: `Bearer ${TOKENS.reporter}`}})
    expect(me.body.username).toBe('erin')
    expect((await call('GET', '/user', {headers: {Authorization: 'Bearer not-a-token'}})).status).toBe(401)
    expect((await call('GET', '/user', {headers: {Authorization: `Basic ${TOKENS.reporter}`}})).status).toBe(401)
    // the platform's order, an empty one skipped: private_token, then PRIVATE-TOKEN, then Bearer
    const emptyHeader = await call<{username: string}>('GET', '/user', {headers: {'PRIVATE-TOKEN': '', Authorization: `Bearer ${TOKENS.reporter}`}})
    expect(emptyHeader.body.username).toBe('erin')
    expect((await call<{username: string}>('GET', `/user?private_token=${TOKENS.reporter}`, {headers: as('admin')})).body.username).toBe('erin')
  })

  it("runs a request as another user for an administrator's token with the sudo scope, and refuses everyone else", async () => {
    const minted = await call<{token: string}>('POST', '/users/1/personal_access_tokens', {headers: as('admin'), body: {name: 'sudo', scopes: ['api', 'sudo']}})
    const sudoToken = {'PRIVATE-TOKEN': minted.body.token}
    const viaHeader = await call<{username: string}>('GET', '/user', {headers: {...sudoToken, Sudo: 'bob'}})
    expect(viaHeader.body.username).toBe('bob')
    const viaQuery = await call<{username: string}>('GET', '/user?sudo=5', {headers: sudoToken})
    expect(viaQuery.body.username).toBe('dave')
    // the request really runs as that user: carol sees no private project
    expect((await call('GET', '/projects/21', {headers: {...sudoToken, Sudo: 'carol'}})).status).toBe(404)
    const unknown = await call<{message: string}>('GET', '/user', {headers: {...sudoToken, Sudo: 'nobody'}})
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe("404 User with ID or username 'nobody' Not Found")
    const notAdmin = await call<{message: string}>('GET', '/user', {headers: {...as('owner'), Sudo: 'bob'}})
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.message).toBe('403 Forbidden - Must be admin to use sudo')
    const noScope = await call<{error: string}>('GET', '/user', {headers: {...as('admin'), Sudo: 'bob'}})
    expect(noScope.status).toBe(403)
    expect(noScope.body.error).toBe('insufficient_scope')
    // sudo is not a parameter of the endpoint it reaches
    expect((await call('GET', '/projects/21/milestones?sudo=bob', {headers: sudoToken})).status).toBe(200)
  })

  it("Sudo finds a username whatever its case, the parameter before the header, and the token's own revocation ends it", async () => {
    const minted = await call<{id: number; token: string}>('POST', '/users/1/personal_access_tokens', {headers: as('admin'), body: {name: 'sudo-2', scopes: ['api', 'sudo']}})
    const sudoToken = {'PRIVATE-TOKEN': minted.body.token}
    // the platform's find_by_username ignores case, here as in /users/:id_or_username
    expect((await call<{username: string}>('GET', '/user', {headers: {...sudoToken, Sudo: 'BOB'}})).body.username).toBe('bob')
    expect((await call('GET', '/users/BOB/project_deploy_keys', {headers: as('admin')})).status).not.toBe(404)
    // `params[:sudo] || env['HTTP_SUDO']`
    expect((await call<{username: string}>('GET', '/user?sudo=dave', {headers: {...sudoToken, Sudo: 'bob'}})).body.username).toBe('dave')
    // an administrator may run as an administrator, itself included
    expect((await call<{username: string}>('GET', '/user', {headers: {...sudoToken, Sudo: 'root'}})).body.username).toBe('root')
    expect((await call('DELETE', `/personal_access_tokens/${minted.body.id}`, {headers: as('admin')})).status).toBe(204)
    expect((await call('GET', '/user', {headers: {...sudoToken, Sudo: 'bob'}})).status).toBe(401)
    expect((await call('GET', '/user', {headers: {Authorization: `Bearer ${minted.body.token}`}})).status).toBe(401)
  })
})

describe('2.7 PATCH a protected branch', () => {
  it('changes an existing protection in place', async () => {
    const headers = as('maintainer')
    const patched = await call<{allow_force_push: boolean; push_access_levels: Array<{access_level: number}>; merge_access_levels: Array<{access_level: number}>}>(
      'PATCH',
      '/projects/20/protected_branches/main',
      {headers, body: {allow_force_push: true, allowed_to_push: [{access_level: 30}]}},
    )
    expect(patched.status).toBe(200)
    expect(patched.body.allow_force_push).toBe(true)
    // a rule sent without an ID is added beside the one there (platform-writes.test.ts has the rest)
    expect(patched.body.push_access_levels.map(level => level.access_level)).toEqual([40, 30])
    expect((await get('/projects/20/protected_branches/main', 'maintainer')).body).toEqual(patched.body)
    expect((await call('PATCH', '/projects/20/protected_branches/main', {headers, body: {allowed_to_merge: [{access_level: 20}]}})).status).toBe(400)
    expect((await call('PATCH', '/projects/20/protected_branches/no-such', {headers, body: {allow_force_push: true}})).status).toBe(404)
    expect((await call('PATCH', '/projects/20/protected_branches/main', {headers: as('developer'), body: {allow_force_push: false}})).status).toBe(403)
  })
})

describe('2.8 project repository storage moves', () => {
  it('schedules, lists and shows a project move as the group ones', async () => {
    const headers = as('admin')
    const scheduled = await call<{id: number; state: string; source_storage_name: string; project: {path_with_namespace: string}}>('POST', '/projects/acme%2Fwebsite/repository_storage_moves', {
      headers,
      body: {destination_storage_name: 'storage-3'},
    })
    expect(scheduled.status).toBe(201)
    expect(scheduled.body).toMatchObject({state: 'scheduled', source_storage_name: 'default', destination_storage_name: 'storage-3', project: {id: 21, path_with_namespace: 'acme/website'}})
    const id = scheduled.body.id
    const ofProject = await get<Array<{id: number}>>('/projects/21/repository_storage_moves', 'admin')
    expect(ofProject.headers.get('x-total')).toBe('1')
    expect((await get<{id: number}>(`/projects/21/repository_storage_moves/${id}`, 'admin')).body.id).toBe(id)
    expect((await get<{id: number}>(`/project_repository_storage_moves/${id}`, 'admin')).body.id).toBe(id)
    expect((await get<Array<{id: number}>>('/project_repository_storage_moves', 'admin')).body.map(m => m.id)).toContain(id)
    // a group move is not a project move
    const groupMove = (await get<Array<{id: number}>>('/group_repository_storage_moves', 'admin')).body[0]!.id
    const wrong = await get<{message: string}>(`/project_repository_storage_moves/${groupMove}`, 'admin')
    expect(wrong.body.message).toBe('404 Not found')
    expect((await get('/project_repository_storage_moves', 'owner')).status).toBe(403)
    // a move onto the storage it is on is taken (test/contract/storage-moves.test.ts)
    expect((await call('POST', '/projects/22/repository_storage_moves', {headers, body: {destination_storage_name: 'storage-2'}})).status).toBe(201)
    // "After moves, list projects with GET /projects?repository_storage=<storage_name> to verify that none remain"
    expect(paths((await get('/projects?repository_storage=storage-2', 'admin')).body)).toEqual(['opensource/tool'])
    await new Promise(done => setTimeout(done, 200))
    expect(paths((await get('/projects?repository_storage=storage-3', 'admin')).body)).toEqual(['acme/website'])
    // for anyone else the parameter is ignored
    expect((await get<unknown[]>('/projects?repository_storage=storage-3', 'developer')).body.length).toBe(5)
  })
})

describe('2.9 lists the platform sends whole', () => {
  it('wiki pages, /features and /features/definitions come whole, without pagination headers', async () => {
    const wikis = await get<unknown[]>('/projects/20/wikis?per_page=1')
    expect(wikis.body).toHaveLength(3)
    expect(wikis.headers.get('x-total')).toBeNull()
    expect(wikis.headers.get('link')).toBeNull()
    for (const path of ['/features?per_page=1', '/features/definitions?per_page=1']) {
      const answer = await get<unknown[]>(path, 'admin')
      expect(answer.body.length, path).toBeGreaterThan(1)
      expect(answer.headers.get('x-next-page'), path).toBeNull()
    }
  })
})

describe("2.11 feature errors in the platform's shape", () => {
  it('answers {"message": "400 Bad request - ..."} for what the endpoint itself refuses', async () => {
    const headers = as('admin')
    const tooMuch = await call<{message: string}>('POST', '/features/labels_archive', {headers, body: {value: '101'}})
    expect(tooMuch.body.message).toMatch(/^400 Bad request - value must be/)
    const unknownUser = await call('POST', '/features/labels_archive', {headers, body: {value: 'true', user: 'nobody-here'}})
    expect(unknownUser.body).toEqual({message: '400 Bad request - user nobody-here is not found!'})
    // booleans in the platform's words; digits stay a percentage
    expect((await call('POST', '/features/labels_archive', {headers, body: {value: 'True'}})).body).toMatchObject({state: 'on'})
    expect((await call('POST', '/features/labels_archive', {headers, body: {value: 'off'}})).body).toMatchObject({state: 'off'})
    expect((await call('POST', '/features/labels_archive', {headers, body: {value: '1'}})).body).toMatchObject({state: 'conditional'})
    await call('POST', '/features/labels_archive', {headers, body: {value: 'false'}})
  })
})

describe("2.12 the platform's words on input, the spec's on output", () => {
  it('creates a cluster from platform_kubernetes_attributes and answers platform_orchestrator', async () => {
    const cluster = await call<{platform_type: string; platform_orchestrator: {api_url: string}}>('POST', '/projects/21/clusters/user', {
      headers: as('maintainer'),
      body: {name: 'k8s-words', platform_kubernetes_attributes: {api_url: 'https://k8s.example.com', token: 'k8s-token'}},
    })
    expect(cluster.status).toBe(201)
    expect(cluster.body.platform_type).toBe('orchestrator')
    expect(cluster.body.platform_orchestrator.api_url).toBe('https://k8s.example.com')
    expect(cluster.body).not.toHaveProperty('platform_kubernetes')
  })

  it('mints a token with the k8s_proxy scope as orchestrator_proxy', async () => {
    const token = await call<{scopes: string[]}>('POST', '/user/personal_access_tokens', {headers: as('developer'), body: {name: 'proxy', scopes: ['k8s_proxy']}})
    expect(token.status).toBe(201)
    expect(token.body.scopes).toEqual(['orchestrator_proxy'])
  })
})
