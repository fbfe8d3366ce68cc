import {describe, expect, it} from 'vitest'
import type {CleanupPolicy as Policy} from '../../src/api/registry-cleanup.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner: SandboxRunOptions = {as: 'owner'}
const policyPath = (group: string) => `/groups/${encodeURIComponent(group)}/-/virtual_registries/cleanup/policy`

const counted = (args: string[], options: SandboxRunOptions = owner) => sb.runCounted(args, options)

describe('registry-cleanup get', () => {
  it('shows the policy as the API does', async () => {
    const result = await sb.run(['registry-cleanup', 'get', '-g', 'opensource', '--json'], owner)
    expect(result.code).toBe(0)
    const api = await sb.api<Policy>('GET', policyPath('opensource'), {as: 'owner'})
    expect(result.json()).toEqual(api.body)
    expect(api.body.last_run_detailed_metrics.maven).toBeDefined()
  })

  it('a group without a policy is 404 (exit 3)', async () => {
    const result = await sb.run(['registry-cleanup', 'get', '-g', 'acme'], owner)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found')
  })
})

describe('registry-cleanup create, update, delete', () => {
  it('creates the policy of a top-level group; the metrics are empty before any run', async () => {
    const result = await sb.run(['registry-cleanup', 'create', '-g', 'acme', '--cadence', '14', '--keep-n-days-after-download', '90', '--enabled', '--json'], owner)
    expect(result.code).toBe(0)
    const policy = result.json<Policy>()
    expect(policy).toMatchObject({group_id: 10, cadence: 14, keep_n_days_after_download: 90, enabled: true, last_run_at: null, last_run_detailed_metrics: {}})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: policyPath('acme')})
    expect((await sb.api('GET', policyPath('acme'), {as: 'owner'})).body).toEqual(policy)
  })

  it('one policy per group: a second create is refused (400, exit 6)', async () => {
    const result = await sb.run(['registry-cleanup', 'create', '-g', 'acme'], owner)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: group has already been taken')
  })

  it('a subgroup cannot have a policy: 400 (exit 6)', async () => {
    const result = await sb.run(['registry-cleanup', 'create', '-g', 'acme/platform'], owner)
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('400 Bad Request: group must be a top level Group')
  })

  it('validates cadence and retention locally, sending nothing', async () => {
    for (const [args, message] of [
      [['create', '-g', 'opensource', '--cadence', '3'], 'Error: --cadence "3": must be one of 1, 7, 14, 30, 90 (days)\n'],
      [['create', '-g', 'opensource', '--cadence', ''], 'Error: --cadence "": must not be empty\n'],
      [['create', '-g', 'opensource', '--keep-n-days-after-download', '0'], 'Error: --keep-n-days-after-download "0": must be a whole number from 1 to 365\n'],
      [['update', '-g', 'opensource', '--keep-n-days-after-download', '366'], 'Error: --keep-n-days-after-download "366": must be a whole number from 1 to 365\n'],
      [['update', '-g', 'opensource', '--keep-n-days-after-download', 'ten'], 'Error: --keep-n-days-after-download "ten": must be a whole number from 1 to 365\n'],
      [['update', '-g', 'opensource'], 'Error: nothing to change: give at least one of --cadence, --enabled, --keep-n-days-after-download, --notify-on-success, --notify-on-failure\n'],
      [['get'], 'Error: missing --group (group ID or full path)\n'],
    ] as Array<[string[], string]>) {
      const {result, requests} = await counted(['registry-cleanup', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toBe(message)
      expect(requests).toBe(0)
    }
  })

  it('sends the notification switches as booleans, and the API keeps them', async () => {
    const args = ['registry-cleanup', 'update', '-g', 'acme', '--notify-on-failure', '--no-notify-on-success']
    const dry = await sb.run([...args, '--dry-run'], owner)
    expect(dry.stderr).toContain('"notify_on_success":false,"notify_on_failure":true')
    const result = await sb.run([...args, '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Policy>()).toMatchObject({notify_on_failure: true, notify_on_success: false})
    expect((await sb.api('GET', policyPath('acme'), {as: 'owner'})).body).toEqual(result.json())
  })

  it('sends cadence as the integer the API takes, and the edges of the retention range', async () => {
    const {result, requests} = await counted(['registry-cleanup', 'create', '-g', 'opensource', '--cadence', '1', '--keep-n-days-after-download', '365', '--no-enabled', '--dry-run'])
    expect(result.code, result.stderr).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('DRY RUN {"cadence":1,"enabled":false,"keep_n_days_after_download":365}\n')
  })

  it('updates with PATCH: pausing a policy clears its next run', async () => {
    const result = await sb.run(['registry-cleanup', 'update', '-g', 'acme', '--no-enabled', '--cadence', '90', '--json'], owner)
    expect(result.code).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'PATCH', path: policyPath('acme')})
    expect(result.json<Policy>()).toMatchObject({enabled: false, cadence: 90, keep_n_days_after_download: 90, next_run_at: null})
    expect((await sb.api('GET', policyPath('acme'), {as: 'owner'})).body).toEqual(result.json())
  })

  it('owners alone read and change it: 403 (exit 5) for a developer and a maintainer', async () => {
    const read = await sb.run(['registry-cleanup', 'get', '-g', 'acme', '--json'], {as: 'developer'})
    expect(read.code).toBe(5)
    expect(read.stdout).toBe('')
    const write = await sb.run(['registry-cleanup', 'update', '-g', 'acme', '--cadence', '1'], {as: 'maintainer'})
    expect(write.code).toBe(5)
  })

  it('deletes with --yes only (204), after which the group has none', async () => {
    const {result: refused, requests} = await counted(['registry-cleanup', 'delete', '-g', 'acme'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const deleted = await sb.run(['registry-cleanup', 'delete', '-g', 'acme', '--yes'], owner)
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe('')
    expect((await sb.api('GET', policyPath('acme'), {as: 'owner'})).status).toBe(404)
  })
})
