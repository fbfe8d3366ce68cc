// Contract: the sandbox's system hooks as the platform keeps them (issue 34). Sources (gitlabhq/gitlabhq):
// lib/api/system_hooks.rb, app/models/hooks/system_hook.rb, app/models/hooks/web_hook.rb.
import {describe, expect, it} from 'vitest'
import type {SystemHook} from '../../src/api/hooks.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin = {as: 'admin'} as const
const create = (body: Record<string, unknown>) => sb.api<SystemHook>('POST', '/hooks', {...admin, body})
const update = (id: unknown, body: Record<string, unknown>) => sb.api<SystemHook>('PUT', `/hooks/${id}`, {...admin, body})

describe('system hooks', () => {
  it("a new hook takes the system hook's defaults: push events off, repository update events on (system_hook.rb)", async () => {
    const {status, body} = await create({url: 'https://defaults.example.com/'})
    expect(status).toBe(201)
    expect(body).toMatchObject({push_events: false, tag_push_events: false, merge_requests_events: false, repository_update_events: true, enable_ssl_verification: true})
  })

  it('takes url_variables on create and update, and answers their keys only (lib/api/system_hooks.rb, url_variables)', async () => {
    const {body} = await create({url: 'https://vars.example.com/{tenant}', url_variables: [{key: 'tenant', value: 'acme'}]})
    expect(body.url_variables).toEqual([{key: 'tenant'}])
    const changed = await update(body.id, {url_variables: [{key: 'region', value: 'eu'}]})
    expect(changed.body.url_variables).toEqual([{key: 'region'}])
  })

  it('a new URL clears the URL variables and the token unless the same request gives them (reset_url_variables, reset_token in web_hook.rb)', async () => {
    const {body} = await create({url: 'https://reset.example.com/{tenant}', token: 'secret-one-23', url_variables: [{key: 'tenant', value: 'acme'}]})
    const moved = await update(body.id, {url: 'https://reset.example.com/elsewhere'})
    expect(moved.body.url_variables).toEqual([])
    const store = sb.sandbox.store.slice<Map<number, {token: string | null}>>('hooks', () => new Map())
    expect(store.get(Number(body.id))?.token).toBeNull()
    const again = await update(body.id, {url: 'https://reset.example.com/{tenant}', token: 'secret-two-45', url_variables: [{key: 'tenant', value: 'acme'}]})
    expect(again.body.url_variables).toEqual([{key: 'tenant'}])
    expect(store.get(Number(body.id))?.token).toBe('secret-two-45')
    // the same URL again takes nothing away
    expect((await update(body.id, {url: 'https://reset.example.com/{tenant}'})).body.url_variables).toEqual([{key: 'tenant'}])
  })

  it('the update takes name and description (hook_parameters of lib/api/system_hooks.rb)', async () => {
    const {body} = await create({url: 'https://named.example.com/', name: 'first'})
    expect((await update(body.id, {name: 'second', description: 'why'})).body).toMatchObject({name: 'second', description: 'why'})
  })
})
