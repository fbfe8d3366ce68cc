// A variable update with an environment scope never touches another scope's value (issue 34). On the
// platform a group's PUT whose `filter[environment_scope]` matches nothing falls back to the key's
// first variable, whatever its scope (lib/api/group_variables.rb, app/services/ci/change_variable_service.rb),
// which the sandbox now does too: forgectl reads the variable of that scope first (a project's too), so `set`
// creates it there and `update` refuses with the 404, and the `*` value every environment uses stays.
// Also: a project's or group's value may be longer than the instance's 10,000 characters.
import {describe, expect, it} from 'vitest'
import type {CiVariable} from '../../src/api/ci-variables.js'
import {runCli} from '../helpers/cli.js'
import {startHostileServer} from '../helpers/hostile-server.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner: SandboxRunOptions = {as: 'owner'}
const groupVariables = async (key: string) =>
  (await sb.api<CiVariable[]>('GET', '/groups/10/variables?per_page=100', {as: 'owner'})).body.filter(v => v.key === key).map(v => [v.environment_scope, v.value])

describe('ci-variables with an environment scope in a group', () => {
  it("set creates the scope's variable and leaves the key's * variable as it was", async () => {
    const result = await sb.run(['ci-variables', 'set', 'NPM_REGISTRY', 'https://npm.prod.example.com', '-g', 'acme', '--environment-scope', 'production'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Created CI/CD variable "NPM_REGISTRY" (environment scope production) of group "acme"')
    expect(await groupVariables('NPM_REGISTRY')).toEqual([
      ['*', 'https://npm.acme.example.com'],
      ['production', 'https://npm.prod.example.com'],
    ])
    // a second set updates that one, and only that one
    expect((await sb.run(['ci-variables', 'set', 'NPM_REGISTRY', 'https://npm2.prod.example.com', '-g', 'acme', '--environment-scope', 'production'], owner)).stderr).toContain('Updated')
    expect(await groupVariables('NPM_REGISTRY')).toEqual([
      ['*', 'https://npm.acme.example.com'],
      ['production', 'https://npm2.prod.example.com'],
    ])
  })

  it('update refuses a scope the key has no variable in, and changes nothing', async () => {
    const {result, requests} = await sb.runCounted(['ci-variables', 'update', 'NPM_TOKEN', '-g', 'acme', '--environment-scope', 'staging', '--value', 'bnBtLXN0YWdpbmctdG9rZW4', '--masked'], owner)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('404')
    expect(requests).toBe(1)
    expect(await groupVariables('NPM_TOKEN')).toEqual([['*', 'npm_c2VlZGVkLW5wbS10b2tlbg']])
  })
})

describe('ci-variables values longer than the instance allows', () => {
  it("a project's or group's value may pass 10,000 characters; the instance's may not", async () => {
    const long = 'x'.repeat(12_000)
    const project = await sb.run(['ci-variables', 'create', 'LONG_CERT', '-p', '20', '--value', long, '--json'], {as: 'maintainer'})
    expect(project.code, project.stderr).toBe(0)
    expect((await sb.api<CiVariable>('GET', '/projects/20/variables/LONG_CERT', {as: 'maintainer'})).body.value).toHaveLength(12_000)
    const group = await sb.run(['ci-variables', 'set', 'LONG_CERT', long, '-g', 'acme'], owner)
    expect(group.code, group.stderr).toBe(0)
    const {result, requests} = await sb.runCounted(['ci-variables', 'create', 'LONG_CERT', '--value', long], {as: 'admin'})
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })
})

describe('ci-variables refused for the role', () => {
  // lib/api/group_variables.rb and app/policies/group_policy.rb: admin_cicd_variables is the Owners'
  it("says that a group's variables are for its Owners (403, exit 5)", async () => {
    const result = await sb.run(['ci-variables', 'list', '-g', 'acme'], {as: 'maintainer'})
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('403 Forbidden (GET /api/v4/groups/acme/variables): the CI/CD variables of group "acme" are for the group\'s Owners')
  })
})

describe('ci-variables update of a group key in several scopes', () => {
  // lib/api/group_variables.rb: without a filter the PUT takes the key's first variable, whatever its
  // scope, where a project's PUT (and a group's GET) answers 409
  it('without --environment-scope is the 409 that names the scopes to choose from, and changes nothing', async () => {
    for (const environment_scope of ['staging', 'production']) {
      await sb.api('POST', '/groups/10/variables', {as: 'owner', body: {key: 'DUAL_SCOPE', value: environment_scope, environment_scope}})
    }
    const {result, requests} = await sb.runCounted(['ci-variables', 'update', 'DUAL_SCOPE', '-g', 'acme', '--value', 'both?'], owner)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('the key exists in several environment scopes of group "acme"')
    expect(requests).toBe(1)
    expect(await groupVariables('DUAL_SCOPE')).toEqual([
      ['staging', 'staging'],
      ['production', 'production'],
    ])
  })
})

const projectVariables = async (key: string) =>
  (await sb.api<CiVariable[]>('GET', '/projects/21/variables?per_page=100', {as: 'owner'})).body.filter(v => v.key === key).map(v => [v.environment_scope, v.value])

describe('ci-variables with an environment scope in a project', () => {
  it("set reads the scope's variable first (lib/api/ci/variables.rb finds it with the filter), creates it there, and leaves * as it was", async () => {
    await sb.api('POST', '/projects/21/variables', {as: 'owner', body: {key: 'DEPLOY_URL', value: 'https://everywhere.example.com'}})
    const before = sb.sandbox.requests.length
    const result = await sb.run(['ci-variables', 'set', 'DEPLOY_URL', 'https://prod.example.com', '-p', 'acme/website', '--environment-scope', 'production'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Created')
    expect(sb.sandbox.requests.slice(before).map(r => `${r.method} ${r.path}${r.query}`)).toEqual([
      'GET /projects/acme%2Fwebsite/variables/DEPLOY_URL?filter%5Benvironment_scope%5D=production',
      'POST /projects/acme%2Fwebsite/variables',
    ])
    const again = await sb.run(['ci-variables', 'set', 'DEPLOY_URL', 'https://prod2.example.com', '-p', 'acme/website', '--environment-scope', 'production'], owner)
    expect(again.stderr).toContain('Updated')
    expect(await projectVariables('DEPLOY_URL')).toEqual([
      ['*', 'https://everywhere.example.com'],
      ['production', 'https://prod2.example.com'],
    ])
  })

  it('without a scope sends the PUT alone: the project answers the 409 for several itself', async () => {
    const {requests} = await sb.runCounted(['ci-variables', 'update', 'DEPLOY_URL', '-p', 'acme/website', '--value', 'x'], owner)
    expect(requests).toBe(1)
  })
})

describe('ci-variables against a server whose read ignores the environment scope', () => {
  // An older platform's group GET ignored `filter[environment_scope]` and answered the key's first
  // variable: the PUT that followed would then fall back to it too (lib/api/group_variables.rb), so the
  // read's answer is checked before anything is written, not only the write's
  it.each([
    ['set', 'groups/acme', ['ci-variables', 'set', 'NPM_REGISTRY', 'https://npm.prod.example.com', '-g', 'acme', '--environment-scope', 'production']],
    ['update', 'groups/acme', ['ci-variables', 'update', 'NPM_REGISTRY', '-g', 'acme', '--environment-scope', 'production', '--value', 'https://npm.prod.example.com']],
    ['project set', 'projects/42', ['ci-variables', 'set', 'NPM_REGISTRY', 'https://npm.prod.example.com', '-p', '42', '--environment-scope', 'production']],
    ['project update', 'projects/42', ['ci-variables', 'update', 'NPM_REGISTRY', '-p', '42', '--environment-scope', 'production', '--value', 'https://npm.prod.example.com']],
  ])('%s sends no PUT when the GET answers the variable of another scope, and says which', async (_name, where, args) => {
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'})
      res.end(JSON.stringify({key: 'NPM_REGISTRY', value: 'https://npm.acme.example.com', environment_scope: '*', variable_type: 'env_var', protected: false, masked: false, raw: false}))
    })
    try {
      const result = await runCli(args, {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'a-token'}})
      expect(server.requests.map(r => r.method)).toEqual(['GET'])
      expect(result.code).toBe(1)
      expect(result.stderr).toBe(
        `Error: the server answered the variable NPM_REGISTRY of environment scope *, not the one of production, when asked for that one: nothing was changed, since its update could change the * one (GET /api/v4/${where}/variables/NPM_REGISTRY)\n`,
      )
    } finally {
      await server.close()
    }
  })
})
