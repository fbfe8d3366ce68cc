// Contract: the sandbox's /features as the platform stores gates (issue 34). Each fact names the platform
// file it was read from (gitlabhq/gitlabhq); the gate storage itself is Flipper's (the flipper gem's
// adapters: setting the boolean gate clears the others, a percentage gate is set alone).
import {describe, expect, it} from 'vitest'
import type {Feature} from '../../src/api/features.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

const post = (name: string, body: Record<string, unknown>) => sb.api<Feature & {message?: string; error?: string}>('POST', `/features/${name}`, {as: 'admin', body})
const listed = async (name: string) => (await sb.api<Feature[]>('GET', '/features', {as: 'admin'})).body.find(f => f.name === name)

describe('POST /features/:name (lib/api/features.rb, app/services/admin/set_feature_flag_service.rb)', () => {
  it('answers 201, as a Grape POST does (spec/requests/api/features_spec.rb)', async () => {
    expect((await post('labels_archive', {value: 'true'})).status).toBe(201)
    await post('labels_archive', {value: 'false'})
  })

  it('takes 100 (or 100.0) as the boolean gate on, whatever key says, and lists the flag on with that gate alone', async () => {
    for (const body of [{value: '100'}, {value: '100', key: 'percentage_of_actors'}, {value: '100.0', key: 'percentage_of_time'}, {value: 100, key: 'percentage_of_actors'}]) {
      await post('vulnerabilities_pdf_export', {value: '30', key: 'percentage_of_actors'})
      const answer = await post('vulnerabilities_pdf_export', body)
      expect(answer.body, JSON.stringify(body)).toMatchObject({state: 'on', gates: [{key: 'boolean', value: true}]})
      expect(await listed('vulnerabilities_pdf_export')).toMatchObject({state: 'on', gates: [{key: 'boolean', value: true}]})
    }
  })

  it('takes 0 as off: every gate cleared, and the flag still listed as off until DELETE (Feature.remove in lib/feature.rb)', async () => {
    await post('vulnerabilities_pdf_export', {value: '40'})
    const answer = await post('vulnerabilities_pdf_export', {value: '0', key: 'percentage_of_actors'})
    expect(answer.body).toMatchObject({state: 'off', gates: [{key: 'boolean', value: false}]})
    expect(await listed('vulnerabilities_pdf_export')).toMatchObject({state: 'off', gates: [{key: 'boolean', value: false}]})
    expect((await sb.api('DELETE', '/features/vulnerabilities_pdf_export', {as: 'admin'})).status).toBe(204)
    expect(await listed('vulnerabilities_pdf_export')).toBeUndefined()
  })

  it('sets percentage_of_actors with key, a decimal percentage too, and leaves the other gates as they are', async () => {
    const actors = await post('maven_virtual_registry', {value: '25', key: 'percentage_of_actors'})
    expect(actors.body.gates).toEqual([
      {key: 'boolean', value: false},
      {key: 'percentage_of_actors', value: 25},
    ])
    const both = await post('maven_virtual_registry', {value: '12.5'})
    expect(both.body.gates).toEqual([
      {key: 'boolean', value: false},
      {key: 'percentage_of_actors', value: 25},
      {key: 'percentage_of_time', value: 12.5},
    ])
    // a percentage does not turn the boolean gate off: a flag on stays on (Flipper sets the integer gate alone)
    await post('maven_virtual_registry', {value: 'true'})
    expect((await post('maven_virtual_registry', {value: '30', key: 'percentage_of_actors'})).body).toMatchObject({state: 'on'})
    await sb.api('DELETE', '/features/maven_virtual_registry', {as: 'admin'})
  })

  it('refuses key beside a target (mutually_exclusive in lib/api/features.rb) and a percentage for targets (update_targets)', async () => {
    const both = await post('labels_archive', {value: '25', key: 'percentage_of_actors', user: 'alice'})
    expect(both).toMatchObject({status: 400, body: {error: 'key, user are mutually exclusive'}})
    const percentage = await post('labels_archive', {value: '25', user: 'alice'})
    expect(percentage.status).toBe(400)
    expect(percentage.body.message).toMatch(/^400 Bad request - Cannot set 'labels_archive' to "25" for /)
    // 100 and 0 are true and false for targets as well
    const hundred = await post('labels_archive', {value: '100', user: 'alice'})
    expect(hundred.body).toMatchObject({state: 'conditional'})
    expect(hundred.body.gates.find(g => g.key === 'actors')?.value).toHaveLength(1)
    await sb.api('DELETE', '/features/labels_archive', {as: 'admin'})
  })

  it('refuses a value that is neither a boolean nor a percentage, and a key it does not know, in the service words', async () => {
    expect((await post('labels_archive', {value: 'maybe'})).body).toEqual({message: `400 Bad request - Cannot set 'labels_archive' to "maybe"`})
    expect((await post('labels_archive', {value: '10', key: 'percentage_of_users'})).body).toEqual({message: `400 Bad request - Cannot set 'labels_archive' ("percentage_of_users") to "10"`})
  })

  it('creates a flag that has no YAML definition: CE validates no name, EE refuses only licensed feature names (ee/app/services/ee/admin/set_feature_flag_service.rb)', async () => {
    const answer = await post('new_navigation', {value: '25', key: 'percentage_of_actors'})
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({name: 'new_navigation', state: 'conditional', definition: null})
    await sb.api('DELETE', '/features/new_navigation', {as: 'admin'})
  })
})
