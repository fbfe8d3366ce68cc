// Contract tests of the sandbox's write routes (issue 34): each fact is taken from the platform's own
// source (the repository gitlabhq/gitlabhq), named above the test that states it, and checked over HTTP
// with plain fetch, as a client of the platform would see it.
import {describe, expect, it} from 'vitest'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()

interface Answer<T> {
  status: number
  body: T
}

async function call<T = unknown>(method: string, path: string, role: SeedRole, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${sb.url}/api/v4${path}`, {
    method,
    headers: {'PRIVATE-TOKEN': TOKENS[role], ...(body === undefined ? {} : {'content-type': 'application/json'})},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {status: response.status, body: (text ? JSON.parse(text) : undefined) as T}
}

interface Level {
  id: number
  access_level: number | null
  access_level_description: string
  user_id: number | null
  group_id: number | null
}
interface Protection {
  id: number
  name: string
  push_access_levels: Level[]
  merge_access_levels: Level[]
  unprotect_access_levels: Level[]
  allow_force_push: boolean
  code_owner_approval_required: boolean
}

const levels = (list: Level[]) => list.map(level => level.access_level)

describe('protected branches', () => {
  // lib/api/protected_branches.rb (POST: push/merge_access_level, allow_force_push default false, 409),
  // ee/lib/ee/api/helpers/protected_branches_helpers.rb (unprotect_access_level, allowed_to_* lists),
  // app/services/protected_refs/access_level_params.rb and its EE part (Maintainers when nothing names a
  // role, user or group; the shorthand's role comes before the list's entries),
  // lib/api/entities/protected_ref_access.rb (each level: id, access_level, access_level_description, user_id, group_id)
  it('a create takes the shorthand and the lists, defaults each action to Maintainers, and a second create is a 409', async () => {
    const made = await call<Protection>('POST', '/projects/20/protected_branches', 'maintainer', {
      name: 'contract-*',
      push_access_level: 0,
      allowed_to_merge: [{access_level: 30}, {access_level: 40}],
    })
    expect(made.status).toBe(201)
    expect(levels(made.body.push_access_levels)).toEqual([0])
    expect(levels(made.body.merge_access_levels)).toEqual([30, 40])
    expect(levels(made.body.unprotect_access_levels)).toEqual([40])
    expect(made.body.allow_force_push).toBe(false)
    expect(made.body.code_owner_approval_required).toBe(false)
    for (const level of [...made.body.push_access_levels, ...made.body.merge_access_levels]) {
      expect(level).toMatchObject({id: expect.any(Number), user_id: null, group_id: null})
    }
    expect(made.body.merge_access_levels.map(level => level.access_level_description)).toEqual(['Developers + Maintainers', 'Maintainers'])
    const again = await call<{message: string}>('POST', '/projects/20/protected_branches', 'maintainer', {name: 'contract-*'})
    expect(again.status).toBe(409)
    expect(again.body.message).toBe("Protected branch 'contract-*' already exists")
    // ProtectedRefAccess.allowed_access_levels: 0, 30, 40, 60; unprotecting has no "No one"
    expect((await call('POST', '/projects/20/protected_branches', 'maintainer', {name: 'x', unprotect_access_level: 0})).status).toBe(400)
  })

  // doc/api/protected_branches.md ("Update a protected branch": create, update and delete a
  // push_access_level record), app/services/protected_branches/api_service.rb (an update takes no
  // defaults), app/models/concerns/protected_ref.rb (accepts_nested_attributes_for … allow_destroy: true)
  it('an update ADDS a rule sent without an ID, changes one sent with its ID, and removes one only with _destroy', async () => {
    const before = (await call<Protection>('GET', '/projects/20/protected_branches/stable', 'maintainer')).body
    const maintainers = before.merge_access_levels[0]!
    const added = await call<Protection>('PATCH', '/projects/20/protected_branches/stable', 'maintainer', {allowed_to_merge: [{access_level: 30}]})
    expect(added.status).toBe(200)
    expect(levels(added.body.merge_access_levels)).toEqual([40, 30])
    expect(added.body.merge_access_levels[0]!.id).toBe(maintainers.id)
    const developers = added.body.merge_access_levels[1]!
    // the shorthand is no input of PATCH: ignored
    expect(levels((await call<Protection>('PATCH', '/projects/20/protected_branches/stable', 'maintainer', {merge_access_level: 0})).body.merge_access_levels)).toEqual([40, 30])
    const removed = await call<Protection>('PATCH', '/projects/20/protected_branches/stable', 'maintainer', {allowed_to_merge: [{id: maintainers.id, _destroy: true}]})
    expect(removed.body.merge_access_levels).toEqual([developers])
    const changed = await call<Protection>('PATCH', '/projects/20/protected_branches/stable', 'maintainer', {allowed_to_merge: [{id: developers.id, access_level: 0}]})
    expect(changed.body.merge_access_levels).toEqual([{...developers, access_level: 0, access_level_description: 'No one'}])
    // an ID that is not one of this action's rules: ActiveRecord::RecordNotFound, answered 404
    expect((await call('PATCH', '/projects/20/protected_branches/stable', 'maintainer', {allowed_to_push: [{id: developers.id, _destroy: true}]})).status).toBe(404)
  })

  // lib/api/protected_branches.rb (PATCH: every input optional, no at_least_one_of)
  it('an update without parameters answers the protection unchanged', async () => {
    const before = (await call<Protection>('GET', '/projects/22/protected_branches/main', 'admin')).body
    const empty = await call<Protection>('PATCH', '/projects/22/protected_branches/main', 'admin', {})
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual(before)
  })

  // app/models/concerns/protected_ref_access.rb (access_level unique per protected branch, for roles),
  // lib/api/protected_branches.rb (render_api_error!(errors.full_messages, 422); its documented failure
  // "Push access levels access level has already been taken")
  it('a role the action already has is refused with 422 and the sentence list, and nothing changes', async () => {
    const before = (await call<Protection>('GET', '/projects/21/protected_branches/main', 'maintainer')).body
    const refused = await call<{message: string[]}>('PATCH', '/projects/21/protected_branches/main', 'maintainer', {
      allow_force_push: true,
      allowed_to_merge: [{access_level: 30}],
      allowed_to_push: [{access_level: 40}],
    })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toEqual(['Push access levels access level has already been taken'])
    expect((await call<Protection>('GET', '/projects/21/protected_branches/main', 'maintainer')).body).toEqual(before)
  })
})

interface Variable {
  key: string
  value: string | null
  environment_scope?: string
  masked: boolean
  hidden?: boolean
  protected: boolean
}

describe('CI/CD variables', () => {
  // lib/api/group_variables.rb (before: authorize! :admin_cicd_variables on the group),
  // app/policies/group_policy.rb (Owners have admin_cicd_variables), lib/api/ci/variables.rb and
  // app/policies/project_policy.rb (a project's Maintainers have it)
  it("a group's variables are for its Owners, a project's for its Maintainers", async () => {
    expect((await call('GET', '/groups/10/variables', 'maintainer')).status).toBe(403)
    expect((await call('POST', '/groups/10/variables', 'maintainer', {key: 'NOT_MINE', value: 'x'})).status).toBe(403)
    expect((await call('GET', '/groups/10/variables', 'owner')).status).toBe(200)
    expect((await call('GET', '/projects/20/variables', 'maintainer')).status).toBe(200)
    expect((await call('GET', '/projects/20/variables', 'developer')).status).toBe(403)
  })

  // lib/api/group_variables.rb (PUT: find_variable only when the request has a filter, else the
  // service's lookup), app/services/ci/change_variable_service.rb (`params[:variable] || find_variable`:
  // by key alone), lib/api/ci/variables.rb (a project's PUT: not_found! when find_variable finds none)
  it("a group's PUT whose filter matches nothing updates the key's variable of another scope; a project's is a 404", async () => {
    const put = await call<Variable>('PUT', '/groups/10/variables/NPM_REGISTRY?filter[environment_scope]=production', 'owner', {value: 'https://npm.production.example.com'})
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({key: 'NPM_REGISTRY', environment_scope: '*', value: 'https://npm.production.example.com'})
    const groupVariables = (await call<Variable[]>('GET', '/groups/10/variables', 'owner')).body.filter(v => v.key === 'NPM_REGISTRY')
    expect(groupVariables.map(v => v.environment_scope)).toEqual(['*'])
    expect((await call<{message: string}>('PUT', '/groups/10/variables/NO_SUCH_KEY', 'owner', {value: 'x'})).body).toEqual({message: '404 GroupVariable Not Found'})
    const project = await call<{message: string}>('PUT', '/projects/20/variables/API_LOG_LEVEL?filter[environment_scope]=production', 'maintainer', {value: 'debug'})
    expect(project.status).toBe(404)
    expect(project.body.message).toBe('404 Variable Not Found')
    // the body's environment_scope moves the variable (both PUTs declare it)
    const moved = await call<Variable>('PUT', '/projects/20/variables/API_LOG_LEVEL', 'maintainer', {environment_scope: 'staging'})
    expect(moved.body).toMatchObject({environment_scope: 'staging', value: 'info'})
  })

  // app/models/concerns/ci/has_variable.rb (key= strips the key), lib/api/ci/variables.rb (every input
  // of a PUT optional, no at_least_one_of: a PUT with none changes nothing), lib/api/admin/ci/variables.rb
  it('a key is stripped of white space; a PUT without parameters answers the variable unchanged', async () => {
    const made = await call<Variable>('POST', '/projects/20/variables', 'maintainer', {key: '  SPACED_KEY\t', value: 'v'})
    expect(made.status).toBe(201)
    expect(made.body.key).toBe('SPACED_KEY')
    const unchanged = await call<Variable>('PUT', '/projects/20/variables/SPACED_KEY', 'maintainer', {})
    expect(unchanged.status).toBe(200)
    expect(unchanged.body).toEqual(made.body)
    const instance = await call<Variable>('PUT', '/admin/ci/variables/DEPLOY_REGION', 'admin', {description: 'Region'})
    expect(instance.status).toBe(200)
    expect(instance.body.value).toBe('eu-west-1')
  })

  // app/models/ci/instance_variable.rb (value at most 10,000 characters, in its own words);
  // app/models/ci/variable.rb and group_variable.rb (no limit on the value)
  it("only the instance's values have a length limit", async () => {
    const long = 'v'.repeat(20_000)
    const project = await call<Variable>('POST', '/projects/20/variables', 'maintainer', {key: 'LONG_VALUE', value: long})
    expect(project.status).toBe(201)
    expect(project.body.value).toHaveLength(20_000)
    expect((await call('POST', '/groups/10/variables', 'owner', {key: 'LONG_VALUE', value: long})).status).toBe(201)
    const instance = await call<{message: Record<string, string[]>}>('POST', '/admin/ci/variables', 'admin', {key: 'LONG_VALUE', value: long})
    expect(instance.status).toBe(400)
    expect(instance.body.message.value).toEqual(['The value of the provided variable exceeds the 10000 character limit'])
  })

  // lib/api/ci/variables.rb and group_variables.rb (masked_and_hidden on POST only),
  // app/services/ci/change_variable_service.rb (it sets hidden and masked), lib/api/entities/ci/variable.rb
  // (hidden shown; a hidden variable's value is not), app/models/concerns/ci/hidable_variable.rb
  it('masked_and_hidden makes a masked variable whose value is never shown again, and whose masking stays', async () => {
    const made = await call<Variable>('POST', '/projects/20/variables', 'maintainer', {key: 'HIDDEN_TOKEN', value: 'aGlkZGVuLXRva2Vu', masked_and_hidden: true})
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({key: 'HIDDEN_TOKEN', value: null, masked: true, hidden: true})
    expect((await call<Variable>('GET', '/projects/20/variables/HIDDEN_TOKEN', 'maintainer')).body.value).toBeNull()
    const unmask = await call<{message: Record<string, string[]>}>('PUT', '/projects/20/variables/HIDDEN_TOKEN', 'maintainer', {masked: false})
    expect(unmask.status).toBe(400)
    expect(unmask.body.message.base).toEqual(['The visibility setting cannot be changed for masked and hidden variables.'])
    expect((await call<Variable>('GET', '/projects/21/variables/CDN_TOKEN', 'maintainer')).body.hidden).toBe(false)
    // the instance's variables have no hidden attribute
    expect((await call<Variable>('GET', '/admin/ci/variables/DEPLOY_REGION', 'admin')).body).not.toHaveProperty('hidden')
  })
})

interface ProjectDeployKey {
  id: number
  title: string
  key: string
  can_push: boolean
}

describe('deploy keys', () => {
  // lib/api/deploy_keys.rb (POST /projects/:id/deploy_keys: the key stripped, then found by its exact
  // text in the project, then among the user's accessible deploy keys; else a new key),
  // app/models/key.rb (fingerprint_sha256 unique; key= stores the sanitized text)
  it('a key is found by its exact text: in the project it is answered as it is, elsewhere joined; the same key with another comment is refused', async () => {
    const key = makeKey('contract-a')
    const made = await call<ProjectDeployKey>('POST', '/projects/20/deploy_keys', 'maintainer', {title: 'first', key: key.text})
    expect(made.status).toBe(201)
    // a second identical create: the project's own key, unchanged whatever the title or can_push sent
    const again = await call<ProjectDeployKey>('POST', '/projects/20/deploy_keys', 'maintainer', {title: 'second', key: `  ${key.text}\n`, can_push: true})
    expect(again.status).toBe(201)
    expect(again.body).toEqual(made.body)
    // the same text in another project the user maintains: the key joined, with can_push as sent
    const joined = await call<ProjectDeployKey>('POST', '/projects/21/deploy_keys', 'maintainer', {title: 'third', key: key.text, can_push: true})
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({id: made.body.id, title: 'first', can_push: true})
    // the same key with another comment is another text: a new key, whose fingerprint is taken
    const otherComment = await call<{message: Record<string, string[]>}>('POST', '/projects/21/deploy_keys', 'maintainer', {
      title: 'fourth',
      key: key.text.replace('contract-a', 'contract-b'),
    })
    expect(otherComment.status).toBe(400)
    expect(otherComment.body.message).toEqual({'deploy_key.fingerprint_sha256': ['has already been taken']})
  })

  // lib/api/deploy_keys.rb (PUT: at_least_one_of :title, :can_push), rendered by Grape's validation
  // as {"error": "..."}
  it('a PUT without parameters is a 400 naming them', async () => {
    const made = await call<ProjectDeployKey>('POST', '/projects/20/deploy_keys', 'maintainer', {title: 'put', key: makeKey('contract-put').text})
    const empty = await call<{error: string}>('PUT', `/projects/20/deploy_keys/${made.body.id}`, 'maintainer', {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({error: 'title, can_push are missing, at least one parameter must be provided'})
  })
})
