import {describe, expect, it} from 'vitest'
import type {Feature} from '../../src/api/features.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}

const counted = (args: string[], options: SandboxRunOptions = admin) => sb.runCounted(args, options)

const features = async () => (await sb.api<Feature[]>('GET', '/features?per_page=100', {as: 'admin'})).body
const feature = async (name: string) => (await features()).find(f => f.name === name)

async function set(args: string[]): Promise<Feature> {
  const result = await sb.run(['features', ...args, '--json'], admin)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Feature>()
}

describe('features list and definitions', () => {
  it('lists the features with their gates, as the API does', async () => {
    const result = await sb.run(['features', 'list', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/features', {as: 'admin'})).body)
    expect(result.json<Feature[]>().map(f => f.state)).toContain('conditional')
  })

  it('lists the definitions, which carry milestone and log_state_changes', async () => {
    const result = await sb.run(['features', 'definitions', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/features/definitions', {as: 'admin'})).body)
    expect(result.json<Array<Record<string, unknown>>>()[0]).toHaveProperty('milestone')
    expect(result.json<Array<Record<string, unknown>>>()[0]).toHaveProperty('log_state_changes')
    const table = await sb.run(['features', 'definitions', '-o', 'table'], admin)
    expect(table.stdout.split('\n')[0]).toMatch(/^name\s+type\s+group\s+milestone\s+default_enabled\s*$/)
  })

  it('is for administrators only: 403 (exit 5) for an owner', async () => {
    const result = await sb.run(['features', 'list'], {as: 'owner'})
    expect(result.code).toBe(5)
    const write = await sb.run(['features', 'enable', 'labels_archive'], {as: 'owner'})
    expect(write.code).toBe(5)
  })
})

describe('features get', () => {
  it('shows one flag as GET /features lists it', async () => {
    for (const name of ['ci_job_token_allowlist_autopopulation', 'new_merge_request_dashboard']) {
      const result = await sb.run(['features', 'get', name, '--json'], admin)
      expect(result.code, result.stderr).toBe(0)
      expect(result.json()).toEqual(await feature(name))
    }
  })

  it('finds a flag among more than a page of them (the platform answers /features whole; a server that pages it is followed by findInList)', async () => {
    // sorted by name, these come after every seeded flag: past the first 100
    const names = Array.from({length: 105}, (_, i) => `zz_paged_flag_${String(i).padStart(3, '0')}`)
    for (const name of names) expect((await sb.api('POST', `/features/${name}`, {as: 'admin', body: {value: true, force: true}})).status).toBe(201)
    const pages = () => sb.sandbox.requests.filter(r => r.path === '/features').map(r => new URLSearchParams(r.query).get('page') ?? '1')
    const before = pages().length
    const last = await sb.run(['features', 'get', names.at(-1)!, '--json'], admin)
    expect(last.code, last.stderr).toBe(0)
    expect(last.json<Feature>()).toMatchObject({name: names.at(-1), state: 'on'})
    expect(pages().slice(before)).toEqual(['1'])
    for (const name of names) await sb.api('DELETE', `/features/${name}`, {as: 'admin'})
  })

  it('a table shows the record, a field a line', async () => {
    const result = await sb.run(['features', 'get', 'ci_job_token_allowlist_autopopulation', '-o', 'table'], admin)
    expect(result.stdout.split('\n').map(line => line.split(/\s+/)[0])).toEqual(['name', 'state', 'gates', 'definition', ''])
  })

  it('a flag with no gate is not found: exit 3, in words, after one search', async () => {
    const result = await sb.run(['features', 'get', 'never_set_anywhere'], admin)
    expect(result.code).toBe(3)
    expect(result.stderr).toBe('Error: feature flag "never_set_anywhere" has no gate on this instance: GET /features does not list it (features definitions lists the flags the server knows)\n')
    expect(result.stdout).toBe('')
  })

  it('is for administrators (403, exit 5) and refuses an empty NAME before sending', async () => {
    const forbidden = await sb.run(['features', 'get', 'labels_archive'], {as: 'owner'})
    expect(forbidden.code).toBe(5)
    const {result, requests} = await counted(['features', 'get', ''])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: NAME "": must not be empty\n')
    expect(requests).toBe(0)
  })
})

describe('features set, enable, disable', () => {
  it('true turns a flag on, false turns it off (boolean gate)', async () => {
    const on = await set(['set', 'labels_archive', 'true'])
    expect(on).toMatchObject({name: 'labels_archive', state: 'on', gates: [{key: 'boolean', value: true}]})
    expect(on.definition?.name).toBe('labels_archive')
    expect(await feature('labels_archive')).toEqual(on)
    const off = await set(['set', 'labels_archive', 'false'])
    expect(off).toMatchObject({state: 'off', gates: [{key: 'boolean', value: false}]})
  })

  it('a flag turned on through the API changes what the instance does (labels_archive adds archived to labels)', async () => {
    const label = async () => (await sb.api<Array<Record<string, unknown>>>('GET', '/projects/20/labels')).body[0]!
    await set(['enable', 'labels_archive'])
    expect(await label()).toHaveProperty('archived')
    await set(['disable', 'labels_archive'])
    expect(await label()).not.toHaveProperty('archived')
  })

  it('enable and disable are shorthands for set NAME true|false', async () => {
    const on = await set(['enable', 'vulnerabilities_pdf_export'])
    expect(on.state).toBe('on')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/features/vulnerabilities_pdf_export'})
    const off = await set(['disable', 'vulnerabilities_pdf_export'])
    expect(off.state).toBe('off')
  })

  it('an integer makes the flag conditional: boolean false plus percentage_of_time by default', async () => {
    const result = await set(['set', 'sidekiq_throttle_exports', '30'])
    expect(result.state).toBe('conditional')
    expect(result.gates).toEqual([
      {key: 'boolean', value: false},
      {key: 'percentage_of_time', value: 30},
    ])
    const actors = await set(['set', 'maven_virtual_registry', '25', '--key', 'percentage_of_actors'])
    expect(actors.gates).toEqual([
      {key: 'boolean', value: false},
      {key: 'percentage_of_actors', value: 25},
    ])
  })

  it('enables for several kinds of actors in one call (gate targets, not scopes; comma lists and repeats)', async () => {
    const result = await set([
      'set',
      'labels_archive',
      'true',
      '--user',
      'alice,bob',
      '--user',
      'erin',
      '--group',
      'acme',
      '--namespace',
      'opensource',
      '--project',
      'acme/website',
      '--repository',
      'acme/platform/api',
      '--feature-group',
      'beta_testers',
    ])
    expect(result.state).toBe('conditional')
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/features/labels_archive'})
    // seeded IDs: alice 2, bob 3, erin 6; acme 10, opensource 12; acme/website 21, acme/platform/api 20
    expect(result.gates.find(g => g.key === 'actors')?.value).toEqual(['Group:10', 'Namespace:12', 'Project:21', 'Repository:20', 'User:2', 'User:3', 'User:6'])
    expect(result.gates.find(g => g.key === 'groups')?.value).toEqual(['beta_testers'])
    const fewer = await set(['disable', 'labels_archive', '--user', 'bob'])
    expect(fewer.gates.find(g => g.key === 'actors')?.value).not.toContain('User:3')
  })

  it('--dry-run shows the targets sent as comma lists', async () => {
    const {result, requests} = await counted(['features', 'set', 'labels_archive', 'true', '--user', 'alice', '--user', 'bob', '--group', 'acme', '--dry-run'])
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/features/labels_archive`)
    expect(result.stderr).toContain('"value":true,"user":"alice,bob","group":"acme"')
  })

  it("the help's example sets a flag without a definition (the platform creates it; --force is accepted too)", async () => {
    const example = await set(['set', 'new_navigation', '25', '--key', 'percentage_of_actors'])
    expect(example).toMatchObject({name: 'new_navigation', state: 'conditional', definition: null})
    expect(example.gates).toContainEqual({key: 'percentage_of_actors', value: 25})
    const forced = await set(['set', 'brand_new_flag', 'true', '--force'])
    expect(forced).toMatchObject({name: 'brand_new_flag', state: 'on', definition: null})
  })

  it('an unknown actor is a 400 (exit 6)', async () => {
    const result = await sb.run(['features', 'enable', 'labels_archive', '--user', 'nobody-here'], admin)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('nobody-here')
  })

  it('validates NAME, VALUE, --key and targets locally, sending nothing (exit 2)', async () => {
    for (const [args, message] of [
      [['set', 'labels_archive', 'yes'], 'Error: VALUE "yes": must be true, false or a percentage from 0 to 100\n'],
      [['set', 'labels_archive', '101'], 'Error: VALUE "101": must be true, false or a percentage from 0 to 100\n'],
      [['set', 'labels_archive', '-5'], 'Error: VALUE "-5": must be true, false or a percentage from 0 to 100\n'],
      [['set', 'labels_archive', '10', '--key', 'percentage_of_users'], 'Error: --key "percentage_of_users": must be one of percentage_of_actors, percentage_of_time\n'],
      [['set', 'labels_archive', '10', '--user', 'alice'], 'Error: gate targets (--user, --group, --project, ...) take VALUE true or false, not a percentage\n'],
      [['enable', 'labels_archive', '--user', 'alice,,bob'], 'Error: --user "": must not be empty\n'],
      [['set', '', 'true'], 'Error: NAME "": must not be empty\n'],
      [['enable', ''], 'Error: NAME "": must not be empty\n'],
      [['set', 'labels_archive', ''], 'Error: VALUE "": must not be empty\n'],
      [['set'], 'Error: missing NAME (feature flag name) and VALUE (true, false, or a percentage 0-100)\nUsage: forgectl features set NAME VALUE [FLAGS]\n'],
      [['disable'], 'Error: missing NAME (feature flag name)\nUsage: forgectl features disable NAME [FLAGS]\n'],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['features', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
  })

  it('a repeatable flag before the arguments takes one value: set --user alice NAME true', async () => {
    const result = await set(['set', '--user', 'alice', 'labels_archive', 'true'])
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/features/labels_archive'})
    expect(result.gates.find(g => g.key === 'actors')?.value).toContain('User:2')
    const both = await set(['disable', '--user', 'alice', '--group', 'acme', 'labels_archive'])
    expect(both.gates.find(g => g.key === 'actors')?.value ?? []).not.toContain('User:2')
  })

  it('--key with true or false is left out, as the platform ignores it, and says so', async () => {
    const {result, requests} = await counted(['features', 'set', 'labels_archive', 'true', '--key', 'percentage_of_time', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('Warning: --key percentage_of_time applies to a percentage VALUE only; it was left out.')
    expect(result.stderr).toContain('DRY RUN {"value":true}\n')
  })
})

describe('features delete', () => {
  it('refuses without a terminal and without --yes', async () => {
    const {result, requests} = await counted(['features', 'delete', 'labels_archive'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
  })

  it('refuses an empty NAME, which would name no flag, sending nothing', async () => {
    const {result, requests} = await counted(['features', 'delete', '', '--yes'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: NAME "": must not be empty\n')
    expect(requests).toBe(0)
  })

  it('removes the gates, and answers the same whether or not the flag had any', async () => {
    await set(['enable', 'new_merge_request_dashboard'])
    const first = await sb.run(['features', 'delete', 'new_merge_request_dashboard', '--yes'], admin)
    expect(first.code).toBe(0)
    expect(first.stdout).toBe('')
    expect(await feature('new_merge_request_dashboard')).toBeUndefined()
    const again = await sb.run(['features', 'delete', 'new_merge_request_dashboard', '--yes'], admin)
    expect(again.code).toBe(0)
    expect(again.stderr).toBe(first.stderr)
    const direct = await sb.api('DELETE', '/features/never_set_anywhere', {as: 'admin'})
    expect(direct.status).toBe(204)
  })
})
