import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {PackageProtectionRule as Rule} from '../../src/api/package-protection.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const maintainer: SandboxRunOptions = {as: 'maintainer'}
const DELETE_FLAG = 'packages_protected_packages_delete'

const counted = (args: string[], options: SandboxRunOptions = maintainer) => sb.runCounted(args, options)
const rulesOf = async (project: number) => (await sb.api<Rule[]>('GET', `/projects/${project}/packages/protection/rules`, {as: 'maintainer'})).body

async function create(args: string[]): Promise<Rule> {
  const result = await sb.run(['package-protection', 'create', '-p', '20', ...args, '--json'], maintainer)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Rule>()
}

async function withFeature<T>(name: string, action: () => Promise<T>): Promise<T> {
  const toggle = (enabled: boolean) => fetch(`${sb.url}/__sandbox/features`, {method: 'POST', body: JSON.stringify({name, enabled})})
  await toggle(true)
  try {
    return await action()
  } finally {
    await toggle(false)
  }
}

describe('package-protection list', () => {
  it('lists the rules of a project as the API does', async () => {
    const result = await sb.run(['package-protection', 'list', '-p', 'acme/platform/api', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/projects/acme%2Fplatform%2Fapi/packages/protection/rules'})
    expect(result.json()).toEqual(await rulesOf(20))
    expect(result.json<Rule[]>().map(r => [r.package_type, r.package_name_pattern])).toEqual(
      expect.arrayContaining([
        ['npm', '@acme/*'],
        ['maven', 'com/acme/platform-*'],
      ]),
    )
  })

  it('prints a table with the default columns', async () => {
    const result = await sb.run(['package-protection', 'list', '-p', '21', '-o', 'table'], maintainer)
    expect(result.stdout.split('\n')[0]).toMatch(/^id\s+package_name_pattern\s+package_type\s+minimum_access_level_for_push\s*$/)
    expect(result.stdout).toMatch(/\d+\s+acme-website\s+pypi\s+admin/)
  })

  it('needs Maintainer: 403 (exit 5) for a Developer, 404 (exit 3) for an outsider on a private project', async () => {
    const developer = await sb.run(['package-protection', 'list', '-p', '20'], {as: 'developer'})
    expect(developer.code).toBe(5)
    expect(developer.stderr).toMatch(/^Error: 403 Forbidden/)
    const outsider = await sb.run(['package-protection', 'list', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Project Not Found')
  })
})

describe('package-protection create', () => {
  it('creates a rule: 201, --json is the record the API keeps', async () => {
    const rule = await create(['--package-name-pattern', '@acme/ui-*', '--package-type', 'npm', '--minimum-access-level-for-push', 'owner'])
    expect(rule).toMatchObject({project_id: 20, package_name_pattern: '@acme/ui-*', package_type: 'npm', minimum_access_level_for_push: 'owner', minimum_access_level_for_delete: null})
    expect((await rulesOf(20)).find(r => r.id === rule.id)).toEqual(rule)
  })

  it('refuses a pattern already protected in the project for that type: 422, exit 6; another type may reuse it', async () => {
    const result = await sb.run(['package-protection', 'create', '-p', '20', '--package-name-pattern', '@acme/*', '--package-type', 'npm', '--minimum-access-level-for-push', 'admin'], maintainer)
    expect(result.code).toBe(6)
    expect(result.stderr).toBe('Error: 422 Unprocessable Entity: Package name pattern has already been taken (POST /api/v4/projects/20/packages/protection/rules)\n')
    const otherType = await create(['--package-name-pattern', '@acme/*', '--package-type', 'generic', '--minimum-access-level-for-push', 'maintainer'])
    expect(otherType.package_type).toBe('generic')
  })

  it('with the delete feature flag off, the server ignores the delete level (null) and forgectl says so', async () => {
    const result = await sb.run(
      [
        'package-protection',
        'create',
        '-p',
        '20',
        '--package-name-pattern',
        'acme-cli',
        '--package-type',
        'pypi',
        '--minimum-access-level-for-push',
        'maintainer',
        '--minimum-access-level-for-delete',
        'owner',
        '--json',
      ],
      maintainer,
    )
    expect(result.code).toBe(0)
    expect(result.json<Rule>()).toMatchObject({minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: null})
    expect(result.stderr).toContain('Warning: the server ignored minimum_access_level_for_delete=owner for "acme-cli"')
    // a rule whose only level is the ignored one has no level at all: the model refuses it (422), and forgectl says why
    const onlyDelete = await sb.run(
      ['package-protection', 'create', '-p', '20', '--package-name-pattern', 'acme-sdk', '--package-type', 'pypi', '--minimum-access-level-for-delete', 'admin'],
      maintainer,
    )
    expect(onlyDelete.code).toBe(6)
    expect(onlyDelete.stderr).toBe(
      'Error: 422 Unprocessable Entity: A rule must have at least a minimum access role for push or delete. (POST /api/v4/projects/20/packages/protection/rules); the server ignores minimum_access_level_for_delete while the packages_protected_packages_delete feature flag is off\n',
    )
  })

  it('with the delete feature flag on, keeps the delete level, alone or with a push level reset to null', async () => {
    await withFeature(DELETE_FLAG, async () => {
      const result = await sb.run(
        [
          'package-protection',
          'create',
          '-p',
          '20',
          '--package-name-pattern',
          'com/acme/secret-*',
          '--package-type',
          'maven',
          '--minimum-access-level-for-push',
          'null',
          '--minimum-access-level-for-delete',
          'admin',
          '--json',
        ],
        maintainer,
      )
      expect(result.code, result.stderr).toBe(0)
      expect(result.json<Rule>()).toMatchObject({minimum_access_level_for_push: null, minimum_access_level_for_delete: 'admin'})
      expect(result.stderr).toBe('')
    })
  })

  it('needs Maintainer: 403 (exit 5) for a Developer', async () => {
    const result = await sb.run(['package-protection', 'create', '-p', '20', '--package-name-pattern', 'x', '--package-type', 'npm', '--minimum-access-level-for-push', 'owner'], {as: 'developer'})
    expect(result.code).toBe(5)
  })

  it('checks its inputs before sending anything (exit 2)', async () => {
    const rule = ['--package-name-pattern', 'acme-*', '--package-type', 'nuget']
    for (const [args, message] of [
      [['--package-type', 'npm', '--minimum-access-level-for-push', 'owner'], 'Error: missing --package-name-pattern (package name the rule protects, * as a wildcard: @my-scope/my-package-*)\n'],
      [['--package-name-pattern', 'x', '--minimum-access-level-for-push', 'owner'], 'Error: missing --package-type (package format the rule protects)\n'],
      [['--package-name-pattern', '', '--package-type', 'npm', '--minimum-access-level-for-push', 'owner'], 'Error: --package-name-pattern "": must not be empty\n'],
      [
        ['--package-name-pattern', 'x', '--package-type', 'rubygems', '--minimum-access-level-for-push', 'owner'],
        'Error: --package-type "rubygems": must be one of conan, generic, helm, maven, npm, nuget, pypi\n',
      ],
      [
        [...rule, '--minimum-access-level-for-push', 'developer'],
        'Error: --minimum-access-level-for-push "developer": must be one of maintainer, owner, admin or null (or their numbers 40, 50, 60)\n',
      ],
      [[...rule, '--minimum-access-level-for-delete', 'maintainer'], 'Error: --minimum-access-level-for-delete "maintainer": must be one of owner, admin or null (or their numbers 50, 60)\n'],
      [rule, 'Error: a rule needs --minimum-access-level-for-push or --minimum-access-level-for-delete set to a role (null for both leaves the package unprotected)\n'],
      [
        [...rule, '--minimum-access-level-for-push', 'null', '--minimum-access-level-for-delete', 'null'],
        'Error: a rule needs --minimum-access-level-for-push or --minimum-access-level-for-delete set to a role (null for both leaves the package unprotected)\n',
      ],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['package-protection', 'create', '-p', '20', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
    const {result: both, requests} = await counted(['package-protection', 'create', '-p', '20', ...rule, '--minimum-access-level-for-push', 'owner', '--from-file', 'rules.csv'])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('Error: --from-file and --minimum-access-level-for-push cannot be used together')
    expect(requests).toBe(0)
  })

  it('--dry-run sends nothing and shows null levels as JSON null', async () => {
    const {result, requests} = await counted([
      'package-protection',
      'create',
      '-p',
      '20',
      '--package-name-pattern',
      'acme-*',
      '--package-type',
      'helm',
      '--minimum-access-level-for-push',
      'null',
      '--minimum-access-level-for-delete',
      'owner',
      '--dry-run',
    ])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/20/packages/protection/rules`)
    expect(result.stderr).toContain('{"package_name_pattern":"acme-*","package_type":"helm","minimum_access_level_for_push":null,"minimum_access_level_for_delete":"owner"}')
  })

  it('the server answers 400 for invalid input that gets past the client', async () => {
    const post = (body: Record<string, unknown>) => sb.api<{error: string}>('POST', '/projects/20/packages/protection/rules', {as: 'maintainer', body})
    const cases: Array<[Record<string, unknown>, string]> = [
      [{package_type: 'npm', minimum_access_level_for_push: 'owner'}, 'package_name_pattern is missing'],
      [{package_name_pattern: 'x', minimum_access_level_for_push: 'owner'}, 'package_type is missing'],
      [{package_name_pattern: 'x', package_type: 'gem', minimum_access_level_for_push: 'owner'}, 'package_type does not have a valid value'],
      [{package_name_pattern: 'x', package_type: 'npm', minimum_access_level_for_push: 'developer'}, 'minimum_access_level_for_push does not have a valid value'],
      [{package_name_pattern: 'x', package_type: 'npm'}, 'minimum_access_level_for_push, minimum_access_level_for_delete are missing, at least one parameter must be provided'],
    ]
    for (const [body, error] of cases) {
      const response = await post(body)
      expect(response.status, error).toBe(400)
      expect(response.body.error).toBe(error)
    }
  })
})

describe('package-protection update', () => {
  it('changes only the fields given (PATCH)', async () => {
    const rule = await create(['--package-name-pattern', 'acme-tools', '--package-type', 'conan', '--minimum-access-level-for-push', 'maintainer'])
    const result = await sb.run(['package-protection', 'update', String(rule.id), '-p', '20', '--minimum-access-level-for-push', 'admin', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual({...rule, minimum_access_level_for_push: 'admin'})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'PATCH', path: `/projects/20/packages/protection/rules/${rule.id}`})
    const renamed = await sb.run(['package-protection', 'update', String(rule.id), '-p', '20', '--package-name-pattern', 'acme-tools-*', '--json'], maintainer)
    expect(renamed.json()).toEqual({...rule, minimum_access_level_for_push: 'admin', package_name_pattern: 'acme-tools-*'})
  })

  it('refuses (422, exit 6) a change that leaves both levels unset, and a taken pattern', async () => {
    const rule = await create(['--package-name-pattern', 'acme-lonely', '--package-type', 'generic', '--minimum-access-level-for-push', 'owner'])
    const cleared = await sb.run(['package-protection', 'update', String(rule.id), '-p', '20', '--minimum-access-level-for-push', 'null'], maintainer)
    expect(cleared.code).toBe(6)
    expect(cleared.stderr).toContain('422 Unprocessable Entity: A rule must have at least a minimum access role for push or delete.')
    const taken = await sb.run(['package-protection', 'update', String(rule.id), '-p', '20', '--package-name-pattern', '@acme/*', '--package-type', 'npm'], maintainer)
    expect(taken.code).toBe(6)
    expect(taken.stderr).toContain('422 Unprocessable Entity: Package name pattern has already been taken')
    expect((await rulesOf(20)).find(r => r.id === rule.id)).toEqual(rule)
  })

  it('404 (exit 3) for a rule of another project or none at all', async () => {
    const [other] = await rulesOf(21)
    for (const id of [String(other!.id), '999999']) {
      const result = await sb.run(['package-protection', 'update', id, '-p', '20', '--minimum-access-level-for-push', 'owner'], maintainer)
      expect(result.code, id).toBe(3)
      expect(result.stderr).toContain('404 Not Found: Not found')
    }
  })

  it('needs a change and a valid RULE_ID before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['7'], 'nothing to change: give at least one of --package-name-pattern, --package-type, --minimum-access-level-for-push, --minimum-access-level-for-delete'],
      [['0', '--minimum-access-level-for-push', 'owner'], 'RULE_ID "0": must be a positive whole number'],
      [['7', '--minimum-access-level-for-push', 'guest'], 'Error: --minimum-access-level-for-push "guest": must be one of maintainer, owner, admin or null (or their numbers 40, 50, 60)\n'],
      [['7', '--package-name-pattern', ''], 'Error: --package-name-pattern "": must not be empty\n'],
      [['7', '--package-type', ''], 'Error: --package-type "": must not be empty\n'],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['package-protection', 'update', ...args, '-p', '20'])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })
})

describe('package-protection delete', () => {
  it('refuses without a terminal and without --yes, sending nothing', async () => {
    const [rule] = await rulesOf(21)
    const {result, requests} = await counted(['package-protection', 'delete', String(rule!.id), '-p', '21'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`refusing to delete package protection rule ${rule!.id} of project 21 without confirmation: pass --yes (-y)`)
    expect(requests).toBe(0)
  })

  it('--dry-run needs no confirmation and deletes nothing', async () => {
    const [rule] = await rulesOf(21)
    const {result, requests} = await counted(['package-protection', 'delete', String(rule!.id), '-p', '21', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN DELETE ${sb.url}/api/v4/projects/21/packages/protection/rules/${rule!.id}`)
  })

  it('deletes with --yes (204), then 404 (exit 3) for the same rule', async () => {
    const rule = await create(['--package-name-pattern', 'acme-gone', '--package-type', 'npm', '--minimum-access-level-for-push', 'owner'])
    const result = await sb.run(['package-protection', 'delete', String(rule.id), '-p', 'acme/platform/api', '--yes'], maintainer)
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`Deleted package protection rule ${rule.id}.\n`)
    expect((await rulesOf(20)).some(r => r.id === rule.id)).toBe(false)
    const again = await sb.run(['package-protection', 'delete', String(rule.id), '-p', '20', '-y'], maintainer)
    expect(again.code).toBe(3)
  })
})

describe('package-protection create --from-file (bulk)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-package-protection-'))

  it('creates every rule of a CSV file and reports each; one taken pattern fails alone (exit 6)', async () => {
    const file = join(dir, 'rules.csv')
    writeFileSync(
      file,
      [
        'package_name_pattern,package_type,minimum_access_level_for_push,minimum_access_level_for_delete',
        'bulk-one,pypi,maintainer,',
        '@acme/*,npm,owner,',
        '"com/acme/bulk,two",maven,admin,',
        'bulk-three,helm,null,owner',
      ].join('\n') + '\n',
    )
    const result = await withFeature(DELETE_FLAG, () => sb.run(['package-protection', 'create', '-p', '20', '--from-file', file, '--json'], maintainer))
    expect(result.code).toBe(6)
    const rows = result.json<Array<{item: string; status: string; result?: Rule; error?: string}>>()
    expect(rows.map(r => [r.item, r.status])).toEqual([
      ['pypi bulk-one', 'created'],
      ['npm @acme/*', 'failed'],
      ['maven com/acme/bulk,two', 'created'],
      ['helm bulk-three', 'created'],
    ])
    expect(rows[1]!.error).toContain('422 Unprocessable Entity: Package name pattern has already been taken')
    expect(rows[3]!.result).toMatchObject({minimum_access_level_for_push: null, minimum_access_level_for_delete: 'owner'})
    expect(result.stderr).toContain('1 of 4 failed')
    const stored = await rulesOf(20)
    expect(stored.filter(r => r.package_name_pattern.startsWith('bulk-') || r.package_name_pattern === 'com/acme/bulk,two')).toHaveLength(3)
  })

  it('reads YAML too, and prints a table of results', async () => {
    const file = join(dir, 'rules.yaml')
    writeFileSync(
      file,
      '- package_name_pattern: yaml-one\n  package_type: nuget\n  minimum_access_level_for_push: owner\n- package_name_pattern: yaml-two\n  package_type: conan\n  minimum_access_level_for_push: maintainer\n',
    )
    const result = await sb.run(['package-protection', 'create', '-p', '21', '--from-file', file, '-o', 'table'], maintainer)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/nuget yaml-one\s+created/)
    expect(result.stdout).toMatch(/conan yaml-two\s+created/)
  })

  it('honours --dry-run for each record: nothing sent, each body shown and reported', async () => {
    const file = join(dir, 'dry.json')
    writeFileSync(
      file,
      JSON.stringify([
        {package_name_pattern: 'dry-one', package_type: 'npm', minimum_access_level_for_push: 'owner'},
        {package_name_pattern: 'dry-two', package_type: 'helm', minimum_access_level_for_push: 'null', minimum_access_level_for_delete: 'admin'},
      ]),
    )
    const {result, requests} = await counted(['package-protection', 'create', '-p', '20', '--from-file', file, '--dry-run', '--json'])
    expect(requests).toBe(0)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Array<{item: string; status: string}>>().map(r => [r.item, r.status])).toEqual([
      ['npm dry-one', 'dry-run'],
      ['helm dry-two', 'dry-run'],
    ])
    expect(result.stderr).toContain('{"package_name_pattern":"dry-one","package_type":"npm","minimum_access_level_for_push":"owner"}')
    expect(result.stderr).toContain('{"package_name_pattern":"dry-two","package_type":"helm","minimum_access_level_for_push":null,"minimum_access_level_for_delete":"admin"}')
  })

  it('says for each record of a file when the server ignored its delete level (feature flag off)', async () => {
    const file = join(dir, 'ignored.csv')
    writeFileSync(file, 'package_name_pattern,package_type,minimum_access_level_for_push,minimum_access_level_for_delete\nignored-one,npm,maintainer,owner\nkept-two,npm,owner,\n')
    const result = await sb.run(['package-protection', 'create', '-p', '20', '--from-file', file, '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Array<{status: string}>>().map(r => r.status)).toEqual(['created', 'created'])
    expect(result.stderr).toContain('Warning: the server ignored minimum_access_level_for_delete=owner for "ignored-one"')
    expect(result.stderr).not.toContain('kept-two')
  })

  it('refuses a file with bad records before sending anything, naming each', async () => {
    const file = join(dir, 'bad.json')
    writeFileSync(
      file,
      JSON.stringify([
        {package_name_pattern: 'fine', package_type: 'npm', minimum_access_level_for_push: 'owner'},
        {package_name_pattern: 'gem', package_type: 'rubygems', minimum_access_level_for_push: 'owner'},
        {package_type: 'npm', minimum_access_level_for_push: 'owner'},
        {package_name_pattern: 'no-level', package_type: 'npm', minimum_access_level_for_push: null},
        {package_name_pattern: 'weak', package_type: 'npm', minimum_access_level_for_delete: 'maintainer'},
      ]),
    )
    const {result, requests} = await counted(['package-protection', 'create', '-p', '20', '--from-file', file])
    expect(requests).toBe(0)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('nothing was sent; fix these records first')
    expect(result.stderr).toContain('record 2: package_type "rubygems": must be one of conan, generic, helm, maven, npm, nuget, pypi;')
    expect(result.stderr).toContain('record 3: missing package_name_pattern (package name the rule protects, * as a wildcard: @my-scope/my-package-*);')
    expect(result.stderr).toContain('record 4: a rule needs minimum_access_level_for_push or minimum_access_level_for_delete set to a role (null for both leaves the package unprotected);')
    expect(result.stderr).toContain('record 5: minimum_access_level_for_delete "maintainer": must be one of owner, admin or null (or their numbers 50, 60)\n')
    expect(result.stderr).not.toContain('record 1')
  })
})
