// One CI/CD variable key in several environment scopes (issue 37, item 1; STATE.md "Several environment
// scopes"): a key holds one record or a list of them, export writes every record the server has, and a
// variable is known by its key and its environment scope in plan, apply, prune and a saved plan. The
// platform finds one of a key's variables by `filter[environment_scope]` (lib/api/ci/variables.rb,
// lib/api/group_variables.rb, lib/api/helpers/variables_helpers.rb find_variable), so each change of one
// scope leaves the key's others as they were.
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {RunResult} from '../helpers/cli.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const {folder, stateFile} = stateFiles('state-scopes')
const admin: SandboxRunOptions = {as: 'admin', cwd: folder}

const plan = (file: string, options: SandboxRunOptions = admin, extra: string[] = []) => sb.run(['plan', '-f', file, ...extra], options)

/** plan --out, then apply PLAN: every change through a saved plan, which names the record by key and scope */
async function applySaved(file: string, options: SandboxRunOptions = admin): Promise<RunResult> {
  const saved = `${stateFile('')}.plan`
  const planned = await plan(file, options, ['--out', saved])
  expect(planned.code, planned.stderr).toBe(0)
  return sb.run(['apply', saved, '--yes'], options)
}

/** the writes `run` sent */
async function writesOf(run: () => Promise<unknown>): Promise<Array<{method: string; path: string}>> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests
    .slice(before)
    .filter(request => request.method !== 'GET')
    .map(({method, path}) => ({method, path}))
}

type Variable = {key: string; value: string | null; environment_scope: string; protected: boolean}
const variablesOf = async (where: string) => (await sb.api<Variable[]>('GET', `${where}/variables?per_page=100`, {as: 'admin'})).body
const scopesOf = async (where: string, key: string) =>
  Object.fromEntries(
    (await variablesOf(where))
      .filter(v => v.key === key)
      .map(v => [v.environment_scope, v.value])
      .sort(),
  )

describe('export of a key in several environment scopes', () => {
  it('writes a list of records under the key, nothing left out, and plan of it finds nothing to change', async () => {
    const exported = await sb.run(['export', '-p', 'acme/website', '--sections', 'variables'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stderr).toBe('')
    expect(exported.stdout).toContain(
      '      SITE_URL:\n'
        + '        - environment_scope: staging\n          value: https://staging.acme.example.com\n'
        + '        - environment_scope: production\n          value: https://www.acme.example.com\n          protected: true\n',
    )
    const file = join(folder, 'exported.yaml')
    writeFileSync(file, exported.stdout)
    const planned = await plan(file, {...admin, env: {STATE_ACME_WEBSITE_CDN_TOKEN: 'Y2RuLXRva2VuLXNlZWRlZA=='}}, ['--exit-code'])
    expect(planned.stdout).toContain('No changes: the server matches the file.\nPlan: 0 to create, 0 to update, 0 to delete, 4 unchanged')
    expect(planned.code, planned.stderr).toBe(0)
  })

  it('names the secret of each scope apart: STATE_<SCOPE>_<KEY>_<ENVIRONMENT>, one name per secret', async () => {
    for (const scope of ['production', 'staging']) {
      const made = await sb.api('POST', '/projects/24/variables', {as: 'admin', body: {key: 'DOCS_TOKEN', value: `docs-${scope}-token-1234`, masked: true, environment_scope: scope}})
      expect(made.status).toBe(201)
    }
    const exported = await sb.run(['export', '-p', 'opensource/docs', '--sections', 'variables', '--json'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).not.toContain('docs-production-token')
    const variables = exported.json<{projects: Record<string, {variables: Record<string, unknown>}>}>().projects['opensource/docs']!.variables
    expect(variables.DOCS_TOKEN).toEqual([
      {environment_scope: 'production', value: {env: 'STATE_OPENSOURCE_DOCS_DOCS_TOKEN_PRODUCTION'}, masked: true},
      {environment_scope: 'staging', value: {env: 'STATE_OPENSOURCE_DOCS_DOCS_TOKEN_STAGING'}, masked: true},
    ])
  })
})

describe('a key in several environment scopes, planned and applied (project acme/platform/api)', () => {
  const where = '/projects/20'

  it('creates, updates and prunes each scope alone, leaves the others, and a second apply writes nothing', async () => {
    const first = stateFile(
      'projects:\n  acme/platform/api:\n    variables:\n      API_URL:\n'
        + '        - {value: https://api.example.com, environment_scope: production, protected: true}\n'
        + '        - {value: https://api.staging.example.com, environment_scope: staging}\n'
        + '        - https://api.dev.example.com\n',
    )
    const planned = await plan(first)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('+ variables API_URL (production): value "https://api.example.com", protected true\n')
    expect(planned.stdout).toContain('+ variables API_URL (staging): value "https://api.staging.example.com"\n')
    expect(planned.stdout).toContain('+ variables API_URL: value "https://api.dev.example.com"\n')
    const applied = await applySaved(first)
    expect(applied.code, applied.stderr).toBe(0)
    expect(await scopesOf(where, 'API_URL')).toEqual({'*': 'https://api.dev.example.com', production: 'https://api.example.com', staging: 'https://api.staging.example.com'})
    // a second apply: nothing left to do, no write
    expect(await writesOf(async () => expect((await sb.run(['apply', '-f', first, '--yes'], admin)).stdout).toContain('No changes'))).toEqual([])

    // one scope changed: one PUT, filtered to it; the others keep their values
    const second = stateFile('projects:\n  acme/platform/api:\n    variables:\n      API_URL:\n        - {value: https://api2.example.com, environment_scope: production}\n')
    expect((await plan(second)).stdout).toContain('~ variables API_URL (production): value "https://api.example.com" → "https://api2.example.com"\n')
    const writes = await writesOf(async () => expect((await sb.run(['apply', '-f', second, '--yes'], admin)).code).toBe(0))
    expect(writes).toEqual([{method: 'PUT', path: '/projects/acme%2Fplatform%2Fapi/variables/API_URL'}])
    expect(sb.sandbox.requests.findLast(request => request.method === 'PUT')!.query).toContain('filter%5Benvironment_scope%5D=production')
    expect(await scopesOf(where, 'API_URL')).toEqual({'*': 'https://api.dev.example.com', production: 'https://api2.example.com', staging: 'https://api.staging.example.com'})

    // prune: the scope the file no longer lists goes, by key and scope; the key's others stay
    const pruned = stateFile(
      'projects:\n  acme/platform/api:\n    variables:\n      API_LOG_LEVEL: info\n      API_URL:\n'
        + '        - {value: https://api2.example.com, environment_scope: production}\n        - {value: https://api.dev.example.com, environment_scope: "*"}\n'
        + '    prune: [variables]\n',
    )
    const pruning = await plan(pruned)
    expect(pruning.stdout).toContain('  - variables API_URL (staging)\n')
    expect(pruning.stdout).toContain('Plan: 0 to create, 0 to update, 1 to delete, 3 unchanged')
    const deleted = await applySaved(pruned)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(await scopesOf(where, 'API_URL')).toEqual({'*': 'https://api.dev.example.com', production: 'https://api2.example.com'})
    expect((await plan(pruned, admin, ['--exit-code'])).code).toBe(0)
  })

  it('a group variable too: a change of one scope is sent filtered to it, and the value every environment uses stays', async () => {
    const file = stateFile(
      'groups:\n  acme:\n    variables:\n      NPM_REGISTRY:\n        - https://npm.acme.example.com\n        - {value: https://npm.staging.acme.example.com, environment_scope: staging}\n',
    )
    expect((await sb.run(['apply', '-f', file, '--yes'], admin)).code).toBe(0)
    const changed = stateFile('groups:\n  acme:\n    variables:\n      NPM_REGISTRY:\n        - {value: https://npm2.staging.acme.example.com, environment_scope: staging}\n')
    const applied = await sb.run(['apply', '-f', changed, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toContain('~ variables NPM_REGISTRY (staging): value "https://npm.staging.acme.example.com" → "https://npm2.staging.acme.example.com"')
    expect(await scopesOf('/groups/10', 'NPM_REGISTRY')).toEqual({'*': 'https://npm.acme.example.com', staging: 'https://npm2.staging.acme.example.com'})
    expect((await plan(changed, admin, ['--exit-code'])).code).toBe(0)
  })
})

describe('entries that match one project', () => {
  it('a list under a key replaces what an earlier entry said of that key; a record merges with the earlier one field by field', async () => {
    const file = stateFile(
      'projects:\n  "acme/**":\n    variables:\n      MERGED_URL: {value: https://fleet.example.com, protected: true}\n      LISTED_URL: https://fleet.example.com\n'
        + '  acme/design/brand:\n    variables:\n      MERGED_URL: {value: https://brand.example.com, environment_scope: production}\n'
        + '      LISTED_URL:\n        - {value: https://brand.example.com, environment_scope: production}\n',
    )
    const planned = await plan(file)
    expect(planned.code, planned.stderr).toBe(0)
    const brand = planned.stdout.slice(planned.stdout.indexOf('project acme/design/brand\n'))
    const block = brand.slice(0, brand.indexOf('\nproject ') === -1 ? undefined : brand.indexOf('\nproject '))
    expect(block).toContain('+ variables MERGED_URL (production): value "https://brand.example.com", protected true\n')
    expect(block).toContain('+ variables LISTED_URL (production): value "https://brand.example.com"')
    expect(block).not.toContain('variables MERGED_URL:')
    expect(block).not.toContain('variables LISTED_URL:')
    // the other projects keep the fleet-wide records
    expect(planned.stdout).toContain('project acme/website\n')
    expect(planned.stdout).toContain('+ variables LISTED_URL: value "https://fleet.example.com"\n')
  })
})

describe('a key in several environment scopes, refused before any request', () => {
  it.each([
    [
      'two records of one scope',
      'projects:\n  acme/website:\n    variables:\n      API_URL:\n        - {value: a, environment_scope: production}\n        - {value: b, environment_scope: production}\n',
      /: projects\."acme\/website"\.variables\.API_URL\[1\]: the same record as projects\."acme\/website"\.variables\.API_URL\[0\] \(API_URL \(production\)\)$/m,
    ],
    [
      'two records of scope *, one said and one not',
      'projects:\n  acme/website:\n    variables:\n      API_URL:\n        - a\n        - {value: b, environment_scope: "*"}\n',
      /API_URL\[1\]: the same record as .*API_URL\[0\] \(API_URL\)/,
    ],
    ['a list of instance variables, which have no scopes', 'instance:\n  variables:\n    API_URL:\n      - a\n      - b\n', /instance\.variables\.API_URL: must be a mapping of fields/],
    ['a list of labels under one name', 'projects:\n  acme/website:\n    labels:\n      bug:\n        - {color: red}\n', /projects\."acme\/website"\.labels\.bug: must be a mapping of fields/],
  ])('%s', async (_name, text, message) => {
    const before = sb.sandbox.requests.length
    const result = await plan(stateFile(text))
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(sb.sandbox.requests.length).toBe(before)
  })
})
