// Contract: keyset pagination and the cap on offset pagination, where the platform has them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/helpers/pagination_strategies.rb, lib/gitlab/pagination/keyset.rb,
// lib/gitlab/pagination/keyset/request_context.rb, keyset/pager.rb, lib/gitlab/pagination/cursor_based_keyset.rb,
// keyset/cursor_pager.rb, app/models/user.rb and app/models/group.rb (supported_keyset_orderings).
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedProjects: 5})

/** every page of a keyset list, following Link rel="next", and the headers each carried */
async function keysetWalk(path: string, as: 'admin' | 'developer' = 'admin'): Promise<{ids: number[]; pages: Headers[]}> {
  const ids: number[] = []
  const pages: Headers[] = []
  let next: string | undefined = path
  while (next !== undefined && pages.length < 50) {
    const answer: {status: number; body: Array<{id: number}>; headers: Headers} = await sb.api<Array<{id: number}>>('GET', next, {as})
    expect(answer.status, next).toBe(200)
    ids.push(...answer.body.map(r => r.id))
    pages.push(answer.headers)
    const link = answer.headers.get('link')?.match(/<([^>]*)>; rel="next"/)?.[1]
    next = link === undefined ? undefined : `${new URL(link).pathname.replace(/^\/api\/v4/, '')}${new URL(link).search}`
  }
  return {ids, pages}
}

describe('keyset pagination', () => {
  it('projects: order_by id, next page by id_after in a Link rel="next", no totals nor page numbers (keyset.rb, request_context.rb)', async () => {
    const offset = (await sb.api<Array<{id: number}>>('GET', '/projects?order_by=id&sort=asc&per_page=100', {as: 'admin'})).body.map(p => p.id)
    const {ids, pages} = await keysetWalk('/projects?pagination=keyset&order_by=id&sort=asc&per_page=2')
    expect(ids).toEqual(offset)
    expect(pages[0]!.get('link')).toMatch(/[?&]id_after=\d+/)
    for (const headers of pages) for (const name of ['x-total', 'x-total-pages', 'x-page', 'x-next-page']) expect(headers.get(name)).toBeNull()
    // newest first by default: id_before
    const desc = await sb.api('GET', '/projects?pagination=keyset&per_page=2', {as: 'admin'})
    expect(desc.headers.get('link')).toMatch(/[?&]id_before=\d+/)
    const byName = await sb.api('GET', '/projects?pagination=keyset&order_by=name', {as: 'admin'})
    expect({status: byName.status, body: byName.body}).toEqual({status: 405, body: {message: 'Keyset pagination is not yet available for this type of request'}})
  })

  it('users and groups: a cursor, a next link only while more follow, in the orderings the models support (cursor_based_keyset.rb)', async () => {
    const users = (await sb.api<Array<{id: number}>>('GET', '/users?per_page=100', {as: 'admin'})).body.map(u => u.id)
    const walked = await keysetWalk('/users?pagination=keyset&per_page=3')
    expect(walked.ids).toEqual(users)
    expect(walked.pages[0]!.get('link')).toMatch(/[?&]cursor=/)
    expect(walked.pages.at(-1)!.get('link')).toBeNull()
    expect((await sb.api('GET', '/users?pagination=keyset&order_by=username&sort=asc', {as: 'admin'})).status).toBe(200)
    const groups = (await sb.api<Array<{id: number}>>('GET', '/groups?per_page=100', {as: 'admin'})).body.map(g => g.id)
    expect((await keysetWalk('/groups?pagination=keyset&per_page=2')).ids).toEqual(groups)
    const byPath = await sb.api('GET', '/groups?pagination=keyset&order_by=path', {as: 'admin'})
    expect(byPath.status).toBe(405)
  })
})

describe('offset pagination capped (pagination_strategies.rb, offset_pagination_limit 50,000 by default)', () => {
  it('refuses a user or group page past the offset limit with 405, pointing to keyset; projects are not capped', async () => {
    const users = await sb.api('GET', '/users?page=501&per_page=100', {as: 'admin'})
    expect({status: users.status, body: users.body}).toEqual({
      status: 405,
      body: {message: 'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type User. Remaining records can be retrieved using keyset pagination.'},
    })
    expect((await sb.api('GET', '/groups?page=501&per_page=100', {as: 'admin'})).status).toBe(405)
    expect((await sb.api('GET', '/users?page=500&per_page=100', {as: 'admin'})).status).toBe(200)
    expect((await sb.api('GET', '/projects?page=501&per_page=100', {as: 'admin'})).status).toBe(200)
  })
})
