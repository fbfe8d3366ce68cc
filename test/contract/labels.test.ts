// Contract: the sandbox's labels and the labels of ancestor groups, as the platform has them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/labels.rb, lib/api/helpers/label_helpers.rb, app/models/label.rb,
// app/models/project_label.rb, app/services/labels/promote_service.rb.
import {describe, expect, it} from 'vitest'
import type {Label} from '../../src/api/labels.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const

describe('labels a scope inherits from its ancestor groups', () => {
  it("a project's list and single reads include the ancestors' labels by default (include_ancestor_groups, lib/api/labels.rb)", async () => {
    const seen = await sb.api<Label[]>('GET', '/projects/20/labels', owner)
    expect(seen.body.find(l => l.name === 'priority::high')).toMatchObject({is_project_label: false, priority: null})
    const own = await sb.api<Label[]>('GET', '/projects/20/labels?include_ancestor_groups=false', owner)
    expect(own.body.map(l => l.name)).not.toContain('priority::high')
    expect((await sb.api('GET', '/projects/20/labels/priority::high', owner)).status).toBe(200)
  })

  it('create refuses a name an ancestor group has: 409 "Label already exists" (create_label, label_helpers.rb)', async () => {
    for (const path of ['/projects/20/labels', '/groups/acme%2Fplatform/labels']) {
      const answer = await sb.api('POST', path, {...owner, body: {name: 'priority::high', color: '#123456'}})
      expect({status: answer.status, body: answer.body}, path).toEqual({status: 409, body: {message: 'Label already exists'}})
    }
  })

  it("update, delete and promote look among the scope's own labels only: an inherited one is a 404 (include_ancestor_groups: false)", async () => {
    const notFound = {status: 404, body: {message: '404 Label Not Found'}}
    const put = await sb.api('PUT', '/projects/20/labels/priority::high', {...owner, body: {color: '#000000'}})
    expect({status: put.status, body: put.body}).toEqual(notFound)
    const del = await sb.api('DELETE', '/projects/20/labels/priority::high', owner)
    expect({status: del.status, body: del.body}).toEqual(notFound)
    const promote = await sb.api('PUT', '/projects/20/labels/priority::high/promote', owner)
    expect({status: promote.status, body: promote.body}).toEqual(notFound)
    expect((await sb.api('GET', '/groups/acme/labels/priority::high', owner)).status).toBe(200)
  })

  it("a rename meets the model's validations: 400, taken in the project, or a label of the project's group (project_label.rb)", async () => {
    for (const name of ['rename-a', 'rename-b']) expect((await sb.api('POST', '/projects/21/labels', {...owner, body: {name, color: '#abcdef'}})).status).toBe(201)
    const taken = await sb.api('PUT', '/projects/21/labels/rename-a', {...owner, body: {new_name: 'rename-b'}})
    expect({status: taken.status, body: taken.body}).toEqual({status: 400, body: {message: {title: ['has already been taken']}}})
    const atGroup = await sb.api('PUT', '/projects/21/labels/rename-a', {...owner, body: {new_name: 'priority::high'}})
    expect({status: atGroup.status, body: atGroup.body}).toEqual({status: 400, body: {message: {title: ['already exists at group level for Acme. Please choose another one.']}}})
  })
})

describe('promotion (app/services/labels/promote_service.rb)', () => {
  it("makes a new group label and merges into it the same-named labels of the group's projects, which are deleted", async () => {
    const tool = (await sb.api<Label>('POST', '/projects/22/labels', {...owner, body: {name: 'shared', color: '#112233'}})).body
    const docs = (await sb.api<Label>('POST', '/projects/24/labels', {...owner, body: {name: 'shared', color: '#445566'}})).body
    await sb.api('POST', `/projects/24/labels/${docs.id}/subscribe`, owner)
    const promoted = await sb.api<Label>('PUT', '/projects/22/labels/shared/promote', owner)
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({name: 'shared', color: '#112233', subscribed: true})
    expect(promoted.body).not.toHaveProperty('is_project_label')
    expect(promoted.body.id).not.toBe(tool.id)
    const group = await sb.api<Label[]>('GET', '/groups/opensource/labels', owner)
    expect(group.body.filter(l => l.name === 'shared').map(l => l.id)).toEqual([promoted.body.id])
    for (const project of [22, 24]) {
      const own = await sb.api<Label[]>('GET', `/projects/${project}/labels?include_ancestor_groups=false`, owner)
      expect(
        own.body.map(l => l.name),
        String(project),
      ).not.toContain('shared')
    }
  })

  it("keeps each project's priority: the group label shows, in each project, the priority that project's label had (update_priorities)", async () => {
    await sb.api('POST', '/projects/22/labels', {...owner, body: {name: 'ranked', color: '#101010', priority: 3}})
    await sb.api('POST', '/projects/24/labels', {...owner, body: {name: 'ranked', color: '#202020', priority: 7}})
    expect((await sb.api('PUT', '/projects/22/labels/ranked/promote', owner)).status).toBe(200)
    const seen = async (project: number) => (await sb.api<Label>('GET', `/projects/${project}/labels/ranked`, owner)).body
    expect(await seen(22)).toMatchObject({priority: 3, is_project_label: false})
    expect(await seen(24)).toMatchObject({priority: 7, is_project_label: false})
  })

  it('a project whose label had no priority sees the group label without one', async () => {
    await sb.api('POST', '/projects/22/labels', {...owner, body: {name: 'unranked', color: '#303030', priority: 1}})
    await sb.api('POST', '/projects/24/labels', {...owner, body: {name: 'unranked', color: '#404040'}})
    expect((await sb.api('PUT', '/projects/24/labels/unranked/promote', owner)).status).toBe(200)
    expect((await sb.api<Label>('GET', '/projects/24/labels/unranked', owner)).body.priority).toBeNull()
    expect((await sb.api<Label>('GET', '/projects/22/labels/unranked', owner)).body.priority).toBe(1)
  })
})
