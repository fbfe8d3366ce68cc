// Contract: project and group iterations, as the platform lists them (issue 34).
// Sources (gitlabhq/gitlabhq): ee/lib/api/iterations.rb, ee/lib/api/helpers/iterations_helper.rb,
// ee/lib/api/entities/iteration.rb.
import {describe, expect, it} from 'vitest'
import type {Iteration} from '../../src/api/iterations.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const list = async (query: string) => sb.api<Iteration[] & {error?: string}>('GET', `/groups/acme/iterations${query}`)
const ids = async (query: string) => (await list(query)).body.map(i => i.id).sort()

describe('list parameters (ee/lib/api/iterations.rb, list_params)', () => {
  it('state defaults to all; opened is upcoming and current; anything outside the list is 400', async () => {
    expect(await ids('')).toEqual(await ids('?state=all'))
    expect(await ids('?state=opened')).toEqual([...(await ids('?state=upcoming')), ...(await ids('?state=current'))].sort())
    const bad = await list('?state=active')
    expect({status: bad.status, body: bad.body}).toEqual({status: 400, body: {error: 'state does not have a valid value'}})
  })

  it('the deprecated state=started is read as current (adjust_deprecated_state, ee/lib/api/helpers/iterations_helper.rb)', async () => {
    const started = await list('?state=started')
    expect(started.status).toBe(200)
    expect(started.body.map(i => i.id).sort()).toEqual(await ids('?state=current'))
    expect(started.body.length).toBeGreaterThan(0)
  })

  it('include_ancestors defaults to true and include_descendants to false', async () => {
    const subgroup = async (query: string) => (await sb.api<Iteration[]>('GET', `/groups/acme%2Fplatform/iterations${query}`)).body.map(i => i.id).sort()
    expect(await subgroup('')).toEqual(await subgroup('?include_ancestors=true'))
    expect(await ids('')).toEqual(await ids('?include_descendants=false'))
    expect((await ids('?include_descendants=true')).length).toBeGreaterThan((await ids('')).length)
  })

  it('in takes title and cadence_title only (default title)', async () => {
    expect(await ids('?search=acme%20sprints')).toEqual([])
    expect((await ids('?search=acme%20sprints&in=cadence_title')).length).toBeGreaterThan(0)
    expect((await list('?search=x&in=description')).status).toBe(400)
  })
})

describe('the record (ee/lib/api/entities/iteration.rb)', () => {
  it('has id, iid, sequence, group_id, title, description, state (a number), created_at, updated_at, start_date, due_date and web_url', async () => {
    const [first] = (await list('?per_page=1')).body
    expect(Object.keys(first!)).toEqual(['id', 'iid', 'sequence', 'group_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'due_date', 'start_date', 'web_url'])
    expect(typeof first!.state).toBe('number')
  })
})
