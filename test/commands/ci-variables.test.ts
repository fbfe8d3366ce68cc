import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {CiVariable as Variable} from '../../src/api/ci-variables.js'
import type {BulkRow} from '../../src/core/lists/bulk.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** the fields these tests read; the rest is compared whole with the API's own answer */

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const variable = (key: string) => sb.api<Variable>('GET', `/admin/ci/variables/${key}`, {as: 'admin'})
/** what a write command prints: the API's record, its value (a secret input) hidden */
const hidden = async (key: string) => ({...(await variable(key)).body, value: '[REDACTED]'})
const dir = mkdtempSync(join(tmpdir(), 'forgectl-ci-variables-'))

describe('ci-variables list and get', () => {
  it('--json prints exactly the API body', async () => {
    const result = await sb.run(['ci-variables', 'list', '--json'], admin)
    expect(result.code).toBe(0)
    const api = await sb.api<Variable[]>('GET', '/admin/ci/variables', {as: 'admin'})
    expect(result.json()).toEqual(api.body)
    expect(result.json<Variable[]>().map(v => v.key)).toEqual(expect.arrayContaining(['DEPLOY_REGION', 'REGISTRY_PASSWORD', 'CA_BUNDLE']))
  })

  it('the table shows key, type, flags and description, and leaves the values out', async () => {
    const result = await sb.run(['ci-variables', 'list', '-o', 'table'], admin)
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')[0]).toMatch(/^key\s+variable_type\s+protected\s+masked\s+raw\s+description\s*$/)
    expect(result.stdout).toMatch(/REGISTRY_PASSWORD\s+env_var\s+true\s+true\s+false/)
    const secret = (await variable('REGISTRY_PASSWORD')).body.value
    expect(result.stdout).not.toContain(secret)
  })

  it('pages with --per-page', async () => {
    const result = await sb.run(['ci-variables', 'list', '--per-page', '2', '--json'], admin)
    expect(result.json<Variable[]>()).toHaveLength(2)
  })

  it('get shows one variable, value included, as the API does', async () => {
    const result = await sb.run(['ci-variables', 'get', 'CA_BUNDLE', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await variable('CA_BUNDLE')).body)
    expect(result.json<Variable>()).toMatchObject({variable_type: 'file', raw: true})
  })

  it('an unknown key is exit 3', async () => {
    const result = await sb.run(['ci-variables', 'get', 'NO_SUCH_KEY'], admin)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found: Variable Not Found (GET /api/v4/admin/ci/variables/NO_SUCH_KEY)')
  })
})

describe('ci-variables create, update, delete', () => {
  it('creates a variable with every setting, and the API shows it', async () => {
    const result = await sb.run(
      ['ci-variables', 'create', 'RELEASE_CHANNEL', '--value', 'stable-channel', '--description', 'Where releases go', '--variable-type', 'env_var', '--masked', '--protected', '--no-raw', '--json'],
      admin,
    )
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(await hidden('RELEASE_CHANNEL'))
    expect((await variable('RELEASE_CHANNEL')).body).toEqual({
      key: 'RELEASE_CHANNEL',
      value: 'stable-channel',
      description: 'Where releases go',
      variable_type: 'env_var',
      masked: true,
      protected: true,
      raw: false,
    })
  })

  it('takes the API defaults for what is not given', async () => {
    const result = await sb.run(['ci-variables', 'create', 'PLAIN', '--value', 'x', '--json'], admin)
    expect(result.json<Variable>()).toMatchObject({variable_type: 'env_var', masked: false, protected: false, raw: false, description: null})
  })

  it('reads the value from standard input with --value-file -, exactly as given', async () => {
    const result = await sb.run(['ci-variables', 'create', 'FROM_STDIN', '--value-file', '-', '--json'], {...admin, stdin: 'line one\nline two\n'})
    expect(result.code).toBe(0)
    expect((await variable('FROM_STDIN')).body.value).toBe('line one\nline two\n')
  })

  it('reads the value from a file with --value-file', async () => {
    const file = join(dir, 'kubeconfig')
    writeFileSync(file, 'apiVersion: v1\nkind: Config\n')
    const result = await sb.run(['ci-variables', 'create', 'KUBECONFIG', '--value-file', file, '--variable-type', 'file', '--json'], admin)
    expect(result.json<Variable>()).toMatchObject({value: '[REDACTED]', variable_type: 'file'})
    expect((await variable('KUBECONFIG')).body).toMatchObject({value: 'apiVersion: v1\nkind: Config\n', variable_type: 'file'})
  })

  it('a taken key is the server\'s 400 "has already been taken", exit 6', async () => {
    const result = await sb.run(['ci-variables', 'create', 'DEPLOY_REGION', '--value', 'x'], admin)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: key (DEPLOY_REGION) has already been taken (POST /api/v4/admin/ci/variables)')
    expect(result.stdout).toBe('')
  })

  it('updates the value and some settings; the others keep their value', async () => {
    await sb.run(['ci-variables', 'create', 'TO_UPDATE', '--value', 'one-value', '--masked', '--description', 'kept'], admin)
    const result = await sb.run(['ci-variables', 'update', 'TO_UPDATE', '--value', 'two-value', '--protected', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(await hidden('TO_UPDATE'))
    expect((await variable('TO_UPDATE')).body).toMatchObject({value: 'two-value', protected: true, masked: true, description: 'kept'})
  })

  it('update of an unknown key is exit 3', async () => {
    const result = await sb.run(['ci-variables', 'update', 'NOT_THERE', '--value', 'x'], admin)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found: Variable Not Found (PUT /api/v4/admin/ci/variables/NOT_THERE)')
  })

  it('delete refuses without a terminal and without --yes, sending nothing; with --yes it deletes', async () => {
    await sb.run(['ci-variables', 'create', 'DOOMED', '--value', 'x'], admin)
    const {result: refused, requests} = await sb.runCounted(['ci-variables', 'delete', 'DOOMED'], admin)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing to delete instance CI/CD variable DOOMED without confirmation: pass --yes (-y)')
    expect(requests).toBe(0)
    const deleted = await sb.run(['ci-variables', 'delete', 'DOOMED', '--yes'], admin)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect(deleted.stderr).toContain('Deleted instance CI/CD variable "DOOMED".')
    expect((await variable('DOOMED')).status).toBe(404)
    const again = await sb.run(['ci-variables', 'delete', 'DOOMED', '--yes'], admin)
    expect(again.code).toBe(3)
  })

  it('--dry-run of a delete needs no confirmation and deletes nothing', async () => {
    const {result, requests} = await sb.runCounted(['ci-variables', 'delete', 'DEPLOY_REGION', '--dry-run'], admin)
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN DELETE ${sb.url}/api/v4/admin/ci/variables/DEPLOY_REGION`)
    expect((await variable('DEPLOY_REGION')).status).toBe(200)
  })
})

describe('ci-variables set (create or update)', () => {
  it('creates on the first run and updates on the second, saying which on stderr', async () => {
    const first = await sb.run(['ci-variables', 'set', 'IDEMPOTENT', '--value', 'v1', '--description', 'first', '--json'], admin)
    expect(first.code).toBe(0)
    expect(first.stderr).toContain('Created instance CI/CD variable "IDEMPOTENT".')
    expect(first.json<Variable>()).toMatchObject({value: '[REDACTED]', description: 'first'})
    expect((await variable('IDEMPOTENT')).body).toMatchObject({value: 'v1', description: 'first'})
    const second = await sb.run(['ci-variables', 'set', 'IDEMPOTENT', '--value-file', '-', '--masked', '--json'], {...admin, stdin: 'value-two'})
    expect(second.code).toBe(0)
    expect(second.stderr).toContain('Updated instance CI/CD variable "IDEMPOTENT".')
    expect(second.json()).toEqual(await hidden('IDEMPOTENT'))
    expect((await variable('IDEMPOTENT')).body).toMatchObject({value: 'value-two', masked: true, description: 'first'})
  })

  it('takes the value as VALUE too, as config set and features set do (issue 25, point 4)', async () => {
    const first = await sb.run(['ci-variables', 'set', 'POSITIONAL', 'v1', '--json'], admin)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain('Created instance CI/CD variable "POSITIONAL".')
    expect(first.json<Variable>().value).toBe('[REDACTED]')
    expect((await variable('POSITIONAL')).body.value).toBe('v1')
    // both spellings at once are one value when they agree
    // (a masked value keeps the platform's rule: 8 characters at least)
    const same = await sb.run(['ci-variables', 'set', 'POSITIONAL', 'value-two', '--value', 'value-two', '--masked'], admin)
    expect(same.code, same.stderr).toBe(0)
    expect((await variable('POSITIONAL')).body).toMatchObject({value: 'value-two', masked: true})
    // the value is checked by the rule of --value, and never quoted: it is a secret
    const long = await sb.runCounted(['ci-variables', 'set', 'POSITIONAL', 'x'.repeat(10_001)], admin)
    expect(long.result.stderr).toBe('Error: VALUE: must be at most 10000 characters, not 10001\n')
    expect(long.requests).toBe(0)
  })

  it("takes an empty VALUE as --value '' is taken: an empty value is a value", async () => {
    const empty = await sb.run(['ci-variables', 'set', 'EMPTY_POSITIONAL', ''], admin)
    expect(empty.code, empty.stderr).toBe(0)
    expect((await variable('EMPTY_POSITIONAL')).body.value).toBe('')
    const flag = await sb.run(['ci-variables', 'set', 'EMPTY_FLAG', '--value', ''], admin)
    expect(flag.code, flag.stderr).toBe(0)
    expect((await variable('EMPTY_FLAG')).body.value).toBe('')
    // the key names something: empty, it is refused as before
    const key = await sb.runCounted(['ci-variables', 'set', '', 'x'], admin)
    expect(key.result.stderr).toBe('Error: KEY "": must not be empty\n')
    expect(key.requests).toBe(0)
  })

  it('refuses VALUE with a different --value, or with --value-file, naming neither value (exit 2, nothing sent)', async () => {
    for (const [extra, message] of [
      [['--value', 'other-secret'], 'Error: VALUE and --value differ: give the value once\n'],
      [['--value-file', '-'], 'Error: VALUE and --value-file are two values: give one of them\n'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['ci-variables', 'set', 'POSITIONAL', 'the-secret', ...extra], {...admin, stdin: 'piped'})
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(message)
      expect(requests).toBe(0)
    }
  })

  it('needs a value, and names each way to give it', async () => {
    const {result, requests} = await sb.runCounted(['ci-variables', 'set', 'NO_VALUE'], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Error: missing VALUE, --value or --value-file (the value')
    expect(requests).toBe(0)
  })

  it('a developer is refused (403, exit 5)', async () => {
    const result = await sb.run(['ci-variables', 'set', 'IDEMPOTENT', '--value', 'x'], {as: 'developer'})
    expect(result.code).toBe(5)
    expect(result.stderr).toMatch(/^Error: 403 Forbidden/)
  })
})

describe('ci-variables: limits checked before sending, and by the server', () => {
  const long = (n: number, c = 'A') => c.repeat(n)

  it.each([
    ['a key over 255 characters', ['create', long(256), '--value', 'x'], 'KEY "AAAA'],
    ['a key with a dash', ['create', 'BAD-KEY', '--value', 'x'], 'KEY "BAD-KEY": may hold only A-Z, a-z, 0-9 and _'],
    ['a key with a space (get)', ['get', 'TWO WORDS'], 'KEY "TWO WORDS": may hold only'],
    ['a value over 10,000 characters', ['create', 'BIG', '--value', long(10_001, 'x')], '--value: must be at most 10000 characters, not 10001'],
    ['a description over 255 characters', ['update', 'DEPLOY_REGION', '--value', 'x', '--description', long(256, 'd')], ': must be at most 255 characters, not 256'],
    ['an unknown variable type', ['set', 'X', '--value', 'x', '--variable-type', 'secret'], '--variable-type "secret": must be one of env_var, file'],
    ['--value with --value-file', ['create', 'X', '--value', 'x', '--value-file', '-'], '--value and --value-file cannot be used together'],
    ['create without a value', ['create', 'X'], 'missing --value or --value-file'],
    ['update without a value', ['update', 'DEPLOY_REGION', '--protected'], 'missing --value or --value-file'],
  ])('refuses %s: exit 2, nothing sent', async (_what, args, message) => {
    const {result, requests} = await sb.runCounted(['ci-variables', ...args], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/)
    expect(requests).toBe(0)
  })

  it('a value of exactly 10,000 characters and a key of 255 are accepted', async () => {
    const key = long(255, 'K')
    const result = await sb.run(['ci-variables', 'create', key, '--value-file', '-', '--json'], {...admin, stdin: long(10_000, 'v')})
    expect(result.code).toBe(0)
    expect((await variable(key)).body.value).toHaveLength(10_000)
  })

  it('the server checks the same limits (400 with the field-by-field message)', async () => {
    const post = (body: Record<string, unknown>) => sb.api<{message: Record<string, string[]>}>('POST', '/admin/ci/variables', {as: 'admin', body})
    const badKey = await post({key: `${long(256)}-`, value: 'x'})
    expect(badKey.status).toBe(400)
    expect(badKey.body.message.key).toEqual(['is too long (maximum is 255 characters)', "can contain only letters, digits and '_'."])
    const bigValue = await post({key: 'SERVER_BIG', value: long(10_001)})
    expect(bigValue.status).toBe(400)
    // app/models/ci/instance_variable.rb words its own limit
    expect(bigValue.body.message.value).toEqual(['The value of the provided variable exceeds the 10000 character limit'])
    const longDescription = await post({key: 'SERVER_DESC', value: 'x', description: long(256)})
    expect(longDescription.body.message.description).toEqual(['is too long (maximum is 255 characters)'])
    // lib/api/admin/ci/variables.rb: every input of the update is optional, the value too (the spec's
    // prose says the value is required; the source wins)
    const before = (await variable('DEPLOY_REGION')).body
    const noValue = await sb.api<Variable>('PUT', '/admin/ci/variables/DEPLOY_REGION', {as: 'admin', body: {protected: !before.protected}})
    expect(noValue.status).toBe(200)
    expect(noValue.body).toEqual({...before, protected: !before.protected})
    await sb.api('PUT', '/admin/ci/variables/DEPLOY_REGION', {as: 'admin', body: {protected: before.protected}})
    expect((await variable('SERVER_BIG')).status).toBe(404)
  })
})

describe('ci-variables create --from-file (bulk)', () => {
  it('creates every variable of a CSV file, reports each, and exits non-zero when the server refuses one', async () => {
    const file = join(dir, 'variables.csv')
    writeFileSync(file, 'key,value,description,masked,variable_type\nBULK_ONE,first-value,"One, with a comma",true,\nDEPLOY_REGION,taken,,,\nBULK_TWO,second,,,file\n')
    const result = await sb.run(['ci-variables', 'create', '--from-file', file, '--json'], admin)
    expect(result.code).toBe(6)
    const rows = result.json<BulkRow<Variable>[]>()
    expect(rows.map(r => [r.item, r.status])).toEqual([
      ['BULK_ONE', 'created'],
      ['DEPLOY_REGION', 'failed'],
      ['BULK_TWO', 'created'],
    ])
    expect(rows[0]!.result).toEqual(await hidden('BULK_ONE'))
    expect(rows[0]!.result).toMatchObject({description: 'One, with a comma', masked: true})
    expect(rows[1]!.error).toContain('has already been taken')
    expect(result.stderr).toContain('1 of 3 failed')
    expect((await variable('BULK_TWO')).body.variable_type).toBe('file')
    expect((await variable('DEPLOY_REGION')).body.value).toBe('eu-west-1')
  })

  it('reads YAML, and prints a table of results', async () => {
    const file = join(dir, 'variables.yaml')
    writeFileSync(file, '- key: YAML_ONE\n  value: "1"\n  protected: true\n- key: YAML_TWO\n  value: two\n  raw: true\n')
    const result = await sb.run(['ci-variables', 'create', '--from-file', file, '-o', 'table'], admin)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/YAML_ONE\s+created/)
    expect((await variable('YAML_ONE')).body).toMatchObject({value: '1', protected: true})
  })

  it('refuses a file with bad records before sending anything, naming each', async () => {
    const file = join(dir, 'bad.json')
    writeFileSync(
      file,
      JSON.stringify([
        {key: 'FINE_ONE', value: 'x'},
        {key: 'BAD-KEY', value: 'x'},
        {key: 'NO_VALUE'},
        {key: 'BIG_ONE', value: 'x'.repeat(10_001)},
        {key: 'WRONG_TYPE', value: 'x', variable_type: 'secret'},
      ]),
    )
    const {result, requests} = await sb.runCounted(['ci-variables', 'create', '--from-file', file], admin)
    expect(requests).toBe(0)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('nothing was sent')
    expect(result.stderr).toContain('record 2: key "BAD-KEY": may hold only A-Z, a-z, 0-9 and _')
    expect(result.stderr).toContain('record 3: missing value (')
    expect(result.stderr).toContain('record 4: value: must be at most 10000 characters, not 10001')
    expect(result.stderr).toContain('record 5: variable_type "secret": must be one of env_var, file')
    expect(result.stderr).not.toContain('record 1')
    expect((await variable('FINE_ONE')).status).toBe(404)
  })

  it('refuses KEY or single-variable flags together with --from-file', async () => {
    const file = join(dir, 'variables.yaml')
    for (const args of [
      ['KEY_TOO', '--from-file', file],
      ['--from-file', file, '--masked'],
    ]) {
      const {result, requests} = await sb.runCounted(['ci-variables', 'create', ...args], admin)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
  })
})

describe('ci-variables: roles, dry run and verbose', () => {
  it('a developer gets 403 (exit 5) and no token gets 401 (exit 4)', async () => {
    const forbidden = await sb.run(['ci-variables', 'list'], {as: 'developer'})
    expect(forbidden.code).toBe(5)
    expect(forbidden.stderr).toContain('403 Forbidden (GET /api/v4/admin/ci/variables)')
    const anonymous = await sb.run(['ci-variables', 'get', 'DEPLOY_REGION'], {as: null})
    expect(anonymous.code).toBe(4)
    for (const r of [forbidden, anonymous]) expect(r.stdout).toBe('')
  })

  it('--dry-run of a create prints the request, token and value redacted, and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['ci-variables', 'create', 'DRY_ONE', '--value', 'dry-value', '--masked', '--dry-run'], admin)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/admin/ci/variables`)
    expect(result.stderr).toContain('{"key":"DRY_ONE","value":"[REDACTED]","masked":true}')
    expect(result.stderr + result.stdout).not.toContain('dry-value')
    expect(result.stderr).toContain('PRIVATE-TOKEN: [REDACTED]')
    expect(result.stderr + result.stdout).not.toContain(TOKENS.admin)
    expect((await variable('DRY_ONE')).status).toBe(404)
  })

  it('--verbose traces on stderr without the access token; stdout keeps only the JSON', async () => {
    const result = await sb.run(['ci-variables', 'set', 'TRACED', '--value', 'traced', '--verbose', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`> PUT ${sb.url}/api/v4/admin/ci/variables/TRACED`)
    expect(result.stderr).toMatch(/< 404 Not Found/)
    expect(result.stderr).toContain(`> POST ${sb.url}/api/v4/admin/ci/variables`)
    expect(result.stderr).toMatch(/< 201 Created/)
    expect(result.stderr).not.toContain(TOKENS.admin)
    expect(result.json<Variable>().value).toBe('[REDACTED]')
    expect(result.stderr).not.toContain('"traced"')
    expect((await variable('TRACED')).body.value).toBe('traced')
  })
})

describe('ci-variables of a project (-p) or a group (-g), one per environment scope (issue 27)', () => {
  const maintainer: SandboxRunOptions = {as: 'maintainer'}
  const scoped = (path: string) => sb.api<Variable>('GET', path, {as: 'maintainer'})

  it('list -p and list -g print exactly the API body; their table shows each environment scope', async () => {
    const project = await sb.run(['ci-variables', 'list', '-p', 'acme/website', '--json'], maintainer)
    expect(project.code, project.stderr).toBe(0)
    expect(project.json()).toEqual((await sb.api('GET', '/projects/21/variables', {as: 'maintainer'})).body)
    const group = await sb.run(['ci-variables', 'list', '-g', 'acme', '--json'], {as: 'owner'})
    expect(group.json<Variable[]>().map(v => v.key)).toEqual(expect.arrayContaining(['NPM_REGISTRY', 'NPM_TOKEN']))
    const table = await sb.run(['ci-variables', 'list', '-p', '21', '-o', 'table'], maintainer)
    expect(table.stdout.split('\n')[0]).toMatch(/^key\s+environment_scope\s+variable_type\s+protected\s+masked\s+raw\s+description\s*$/)
    expect(table.stdout).toMatch(/SITE_URL\s+staging\s+env_var/)
    expect(table.stdout).toMatch(/SITE_URL\s+production\s+env_var\s+true/)
    expect(table.stdout).not.toContain('https://www.acme.example.com')
  })

  it('get of a key in several environment scopes needs --environment-scope, and says so in words (409, exit 6)', async () => {
    const ambiguous = await sb.run(['ci-variables', 'get', 'SITE_URL', '-p', 'acme/website'], maintainer)
    expect(ambiguous.code).toBe(6)
    expect(ambiguous.stderr).toContain('409 Conflict')
    expect(ambiguous.stderr).toContain('the key exists in several environment scopes of project "acme/website"; name one with --environment-scope (`ci-variables list -p acme/website` shows them)')
    const production = await sb.run(['ci-variables', 'get', 'SITE_URL', '-p', 'acme/website', '--environment-scope', 'production', '--json'], maintainer)
    expect(production.code, production.stderr).toBe(0)
    expect(production.json()).toEqual((await scoped('/projects/21/variables/SITE_URL?filter[environment_scope]=production')).body)
    expect(production.json<Variable>()).toMatchObject({value: 'https://www.acme.example.com', environment_scope: 'production'})
    // a key in one scope needs none
    const single = await sb.run(['ci-variables', 'get', 'NPM_REGISTRY', '-g', '10', '--json'], {as: 'owner'})
    expect(single.json<Variable>()).toMatchObject({key: 'NPM_REGISTRY', environment_scope: '*'})
  })

  it('create makes the key in another environment scope; update and delete pick one scope and leave the others', async () => {
    const created = await sb.run(['ci-variables', 'create', 'SITE_URL', '-p', 'acme/website', '--environment-scope', 'review/*', '--value', 'https://review.acme.example.com', '--json'], maintainer)
    expect(created.code, created.stderr).toBe(0)
    expect(created.json<Variable>()).toMatchObject({key: 'SITE_URL', environment_scope: 'review/*', value: '[REDACTED]'})
    const again = await sb.run(['ci-variables', 'create', 'SITE_URL', '-p', 'acme/website', '--environment-scope', 'review/*', '--value', 'x'], maintainer)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('has already been taken')

    const updated = await sb.run(
      ['ci-variables', 'update', 'SITE_URL', '-p', 'acme/website', '--environment-scope', 'review/*', '--value', 'https://review2.acme.example.com', '--protected'],
      maintainer,
    )
    expect(updated.code, updated.stderr).toBe(0)
    expect((await scoped(`/projects/21/variables/SITE_URL?${encodeURI('filter[environment_scope]=review/*')}`)).body).toMatchObject({value: 'https://review2.acme.example.com', protected: true})
    expect((await scoped('/projects/21/variables/SITE_URL?filter[environment_scope]=staging')).body).toMatchObject({value: 'https://staging.acme.example.com', protected: false})

    const ambiguous = await sb.runCounted(['ci-variables', 'delete', 'SITE_URL', '-p', 'acme/website', '--yes'], maintainer)
    expect(ambiguous.result.code).toBe(6)
    expect(ambiguous.result.stderr).toContain('name one with --environment-scope')
    const deleted = await sb.run(['ci-variables', 'delete', 'SITE_URL', '-p', 'acme/website', '--environment-scope', 'review/*', '--yes'], maintainer)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stderr).toContain('Deleted CI/CD variable "SITE_URL" (environment scope review/*) of project "acme/website"')
    expect((await scoped(`/projects/21/variables/SITE_URL?${encodeURI('filter[environment_scope]=review/*')}`)).status).toBe(404)
    expect((await scoped('/projects/21/variables/SITE_URL?filter[environment_scope]=production')).status).toBe(200)
  })

  it('delete asks, naming the variable, its scope and where it lives', async () => {
    const refused = await sb.runCounted(['ci-variables', 'delete', 'API_LOG_LEVEL', '-p', '20'], maintainer)
    expect(refused.result.code).toBe(2)
    expect(refused.result.stderr).toContain('refusing to delete CI/CD variable API_LOG_LEVEL of project 20 without confirmation')
    expect(refused.requests).toBe(0)
  })

  it('set creates, then updates, in the environment scope given (a group here)', async () => {
    const first = await sb.run(['ci-variables', 'set', 'DEPLOY_TARGET', 'eu-cluster', '-g', 'acme', '--environment-scope', 'production'], {as: 'owner'})
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain('Created CI/CD variable "DEPLOY_TARGET" (environment scope production) of group "acme"')
    const other = await sb.run(['ci-variables', 'set', 'DEPLOY_TARGET', 'test-cluster', '-g', 'acme', '--environment-scope', 'staging'], {as: 'owner'})
    expect(other.stderr).toContain('Created')
    const second = await sb.run(['ci-variables', 'set', 'DEPLOY_TARGET', 'us-cluster', '-g', 'acme', '--environment-scope', 'production'], {as: 'owner'})
    expect(second.stderr).toContain('Updated CI/CD variable "DEPLOY_TARGET" (environment scope production) of group "acme"')
    const all = (await sb.api<Variable[]>('GET', '/groups/10/variables?per_page=100', {as: 'owner'})).body.filter(v => v.key === 'DEPLOY_TARGET')
    expect(all.map(v => [v.environment_scope, v.value]).sort()).toEqual([
      ['production', 'us-cluster'],
      ['staging', 'test-cluster'],
    ])
  })

  it("create --from-file -p takes each record's environment_scope", async () => {
    const file = join(dir, 'scoped.yaml')
    writeFileSync(file, '- key: BULK_SCOPED\n  value: one\n  environment_scope: staging\n- key: BULK_SCOPED\n  value: two\n  environment_scope: production\n')
    const result = await sb.run(['ci-variables', 'create', '-p', '20', '--from-file', file, '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<BulkRow<Variable>[]>().map(r => [r.item, r.status])).toEqual([
      ['BULK_SCOPED (staging)', 'created'],
      ['BULK_SCOPED (production)', 'created'],
    ])
    expect((await scoped('/projects/20/variables/BULK_SCOPED?filter[environment_scope]=production')).body.value).toBe('two')
  })

  it('--environment-scope is for projects and groups; -p and -g do not go together (exit 2, nothing sent)', async () => {
    const file = join(dir, 'scoped-instance.yaml')
    writeFileSync(file, '- key: INSTANCE_SCOPED\n  value: v\n  environment_scope: staging\n')
    for (const [args, words] of [
      [['get', 'DEPLOY_REGION', '--environment-scope', 'production'], "--environment-scope applies to the variables of a project (-p) or group (-g); the instance's have no environments"],
      [['set', 'DEPLOY_REGION', 'x', '--environment-scope', 'production'], '--environment-scope applies to the variables of a project (-p) or group (-g)'],
      [['create', '--from-file', file], 'record 1: unknown field "environment_scope"'],
      [['create', '-p', '21', '--from-file', file, '--environment-scope', 'x'], '--environment-scope and --from-file do not go together'],
      [['list', '-p', '21', '-g', '10'], '--group'],
      [['get', 'SITE_URL', '-p', '21', '--environment-scope', ''], '--environment-scope'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['ci-variables', ...args], admin)
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toContain(words)
      expect(requests).toBe(0)
    }
  })

  it('get -p and list -g print the values; their --verbose traces hide them', async () => {
    const got = await sb.run(['ci-variables', 'get', 'CDN_TOKEN', '-p', '21', '--verbose', '--json'], maintainer)
    expect(got.code, got.stderr).toBe(0)
    expect(got.json<Variable>().value).toBe('Y2RuLXRva2VuLXNlZWRlZA==')
    expect(got.stderr).toContain('"value":"[REDACTED]"')
    expect(got.stderr).not.toContain('Y2RuLXRva2VuLXNlZWRlZA==')
    const listed = await sb.run(['ci-variables', 'list', '-g', 'acme', '--verbose', '--json'], {as: 'owner'})
    expect(listed.stdout).toContain('npm_c2VlZGVkLW5wbS10b2tlbg')
    expect(listed.stderr).not.toContain('npm_c2VlZGVkLW5wbS10b2tlbg')
  })

  it('a developer of the project is refused (403, exit 5)', async () => {
    const result = await sb.run(['ci-variables', 'list', '-p', 'acme/website'], {as: 'developer'})
    expect(result.code).toBe(5)
  })
})

describe("ci-variables: a masked value follows the platform's rule, on every path, before anything is sent", () => {
  const secret = 'sh0rt!'
  const refusals: Array<{name: string; args: string[]; stdin?: string; file?: string; words: string}> = [
    {name: 'create --value (instance)', args: ['create', 'MASK_A', '--value', secret, '--masked'], words: 'has 6 characters, fewer than 8 and holds "!"'},
    {
      name: 'update --value-file - (project)',
      args: ['update', 'API_LOG_LEVEL', '-p', '20', '--value-file', '-', '--masked'],
      stdin: 'two words-here\n',
      words: 'holds a space and ends with a line break (a file keeps its last one: write it with printf, not echo)',
    },
    {name: 'set VALUE (group)', args: ['set', 'MASK_C', 'with space ok', '-g', 'acme', '--masked'], words: 'holds a space'},
    {
      name: 'create --from-file (project)',
      args: ['create', '-p', '20', '--from-file', 'FILE'],
      file: 'key,value,masked\nMASK_D,fine-value-1,true\nMASK_E,tab\there-x,true\n',
      words: 'record 2: value cannot be masked',
    },
  ]
  for (const {name, args, stdin, file, words} of refusals) {
    it(name, async () => {
      let argv = args
      if (file !== undefined) {
        const path = join(dir, `masked-${name.length}.csv`)
        writeFileSync(path, file)
        argv = args.map(a => (a === 'FILE' ? path : a))
      }
      const {result, requests} = await sb.runCounted(['ci-variables', ...argv], {as: 'admin', stdin})
      expect(result.code, result.stderr).toBe(2)
      expect(requests).toBe(0)
      expect(result.stderr).toContain('cannot be masked: a masked value needs at least 8 characters, on one line without spaces, of A-Z a-z 0-9 + / = - _ @ : . ~ only')
      expect(result.stderr).toContain(words)
      expect(result.stderr).not.toContain(secret)
      expect(result.stderr).not.toContain('two words')
    })
  }

  it('a value the rule takes, every allowed character in it, is taken by the server too', async () => {
    const value = 'Ab0+/=-_@:.~xyz'
    const result = await sb.run(['ci-variables', 'create', 'MASK_OK', '-p', '20', '--value', value, '--masked', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect((await sb.api<Variable>('GET', '/projects/20/variables/MASK_OK', {as: 'maintainer'})).body).toMatchObject({value, masked: true})
  })

  it('a raw value may hold any character but white space, here and in the server, as on the platform', async () => {
    const value = 'pa$$w0rd!é#%'
    const result = await sb.run(['ci-variables', 'create', 'MASK_RAW', '-p', '20', '--value', value, '--masked', '--raw', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect((await sb.api<Variable>('GET', '/projects/20/variables/MASK_RAW', {as: 'maintainer'})).body).toMatchObject({value, masked: true, raw: true})
    // the server holds an expanded one to the narrower rule, and a raw one to no white space
    const expanded = await sb.api('PUT', '/projects/20/variables/MASK_RAW', {as: 'maintainer', body: {raw: false}})
    expect(expanded.status).toBe(400)
    const spaced = await sb.api('PUT', '/projects/20/variables/MASK_RAW', {as: 'maintainer', body: {value: 'with a space'}})
    expect(spaced.status).toBe(400)
    const refused = await sb.runCounted(['ci-variables', 'set', 'MASK_RAW', 'with a space', '-p', '20', '--masked', '--raw'], {as: 'maintainer'})
    expect(refused.result.stderr).toContain('cannot be masked: a masked raw value needs at least 8 characters, on one line without white space; this one holds a space')
    expect(refused.requests).toBe(0)
  })

  it('an unmasked value is not held to the rule', async () => {
    const result = await sb.run(['ci-variables', 'create', 'UNMASKED_SHORT', '--value', 'a b', '--no-masked'], admin)
    expect(result.code, result.stderr).toBe(0)
  })
})
