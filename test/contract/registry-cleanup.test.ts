// Contract: the virtual registry cleanup policy, as the platform serves it (issue 34).
// Sources (gitlabhq/gitlabhq): ee/lib/api/virtual_registries/cleanup/policies.rb,
// ee/app/models/virtual_registries/cleanup/policy.rb, ee/lib/api/entities/virtual_registries/cleanup/policy.rb.
import {describe, expect, it} from 'vitest'
import type {CleanupPolicy} from '../../src/api/registry-cleanup.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const
const path = (group: string) => `/groups/${encodeURIComponent(group)}/-/virtual_registries/cleanup/policy`

describe('who may (policies.rb: admin_virtual_registry, the Owner, on every route)', () => {
  it('reading is refused below Owner (403), and a group one cannot see is 404', async () => {
    for (const as of ['developer', 'maintainer'] as const) expect((await sb.api('GET', path('acme'), {as})).status, as).toBe(403)
    expect((await sb.api('GET', path('acme'), {as: 'outsider'})).status).toBe(404)
  })
})

describe('create and its model checks (ee/app/models/virtual_registries/cleanup/policy.rb): validation errors are 400', () => {
  it('answers 201 with the entity fields, notify_on_success and notify_on_failure included', async () => {
    const made = await sb.api<CleanupPolicy>('POST', path('acme'), {...owner, body: {cadence: 14, notify_on_failure: true}})
    expect(made.status).toBe(201)
    expect(Object.keys(made.body)).toEqual([
      'group_id',
      'next_run_at',
      'last_run_at',
      'last_run_deleted_size',
      'last_run_deleted_entries_count',
      'keep_n_days_after_download',
      'status',
      'cadence',
      'enabled',
      'failure_message',
      'last_run_detailed_metrics',
      'notify_on_success',
      'notify_on_failure',
      'created_at',
      'updated_at',
    ])
    expect(made.body).toMatchObject({cadence: 14, notify_on_failure: true, notify_on_success: false})
  })

  it('a second identical create is 400 {group: ["has already been taken"]}, not a 409', async () => {
    const again = await sb.api('POST', path('acme'), {...owner, body: {cadence: 14}})
    expect({status: again.status, body: again.body}).toEqual({status: 400, body: {message: {group: ['has already been taken']}}})
  })

  it('a subgroup is 400 {group: ["must be a top level Group"]} (TopLevelGroupValidator)', async () => {
    const sub = await sb.api('POST', path('acme/platform'), {...owner, body: {}})
    expect({status: sub.status, body: sub.body}).toEqual({status: 400, body: {message: {group: ['must be a top level Group']}}})
  })

  it('cadence and keep_n_days_after_download take only their declared values', async () => {
    const cadence = await sb.api('PATCH', path('acme'), {...owner, body: {cadence: 2}})
    expect({status: cadence.status, body: cadence.body}).toEqual({status: 400, body: {error: 'cadence does not have a valid value'}})
    const keep = await sb.api('PATCH', path('acme'), {...owner, body: {keep_n_days_after_download: 366}})
    expect({status: keep.status, body: keep.body}).toEqual({status: 400, body: {error: 'keep_n_days_after_download does not have a valid value'}})
  })
})

describe('update, reads and delete (policies.rb)', () => {
  it('PATCH needs at least one of the five settings, named in the order the API declares them', async () => {
    const none = await sb.api('PATCH', path('acme'), {...owner, body: {}})
    expect({status: none.status, body: none.body}).toEqual({
      status: 400,
      body: {error: 'enabled, keep_n_days_after_download, cadence, notify_on_success, notify_on_failure are missing, at least one parameter must be provided'},
    })
  })

  it('a group without a policy (a subgroup included) is the generic "404 Not found" (find_by_group_id!)', async () => {
    for (const group of ['acme/platform', 'acme']) {
      if (group === 'acme') expect((await sb.api('DELETE', path('acme'), owner)).status).toBe(204)
      for (const method of ['GET', 'DELETE']) {
        const answer = await sb.api(method, path(group), owner)
        expect({status: answer.status, body: answer.body}, `${method} ${group}`).toEqual({status: 404, body: {message: '404 Not found'}})
      }
    }
  })
})
