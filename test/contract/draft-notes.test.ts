// Contract: the sandbox's draft notes as the platform keeps them (issue 34). Sources (gitlabhq/gitlabhq):
// lib/api/draft_notes.rb, app/services/draft_notes/create_service.rb, app/models/draft_note.rb,
// app/models/concerns/diff_positionable_note.rb, lib/api/entities/draft_note.rb, lib/api/api.rb,
// spec/requests/api/draft_notes_spec.rb.
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const drafts = '/projects/20/merge_requests/1/draft_notes'
/** the seeded thread of merge request !1 */
const THREAD = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567'
const SHAS = {base_sha: '5d6e9a1b2c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f', start_sha: '5d6e9a1b2c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f', head_sha: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b'}
const ON_LINE = {...SHAS, position_type: 'text', new_path: 'src/limits.rb', old_path: 'src/limits.rb', new_line: 7}

type Draft = {id: number; note: string; position: Record<string, unknown>; discussion_id: string | null; resolve_discussion: boolean; commit_id: string | null}
const create = (body: Record<string, unknown>, as: SeedRole = 'developer') => sb.api<Draft & {message?: unknown; error?: string}>('POST', drafts, {as, body})
const update = (id: number, body: Record<string, unknown>) => sb.api<Draft & {message?: unknown; error?: string}>('PUT', `${drafts}/${id}`, {body})

describe('draft notes', () => {
  it("the list is the caller's drafts whole, without pagination (draft_notes.rb presents them unpaginated)", async () => {
    for (let i = 0; i < 3; i++) await create({note: `many ${i}`})
    const list = await sb.api<Draft[]>('GET', `${drafts}?per_page=1`)
    expect(list.status).toBe(200)
    expect(list.body.length).toBeGreaterThanOrEqual(5)
    expect(list.headers.get('x-total')).toBeNull()
    expect(list.headers.get('x-next-page')).toBeNull()
  })

  it("another author's draft, or none, is ActiveRecord's not found: 404 Not found (draft_notes.rb get_draft_note uses find; api.rb)", async () => {
    const [theirs] = (await sb.api<Draft[]>('GET', drafts, {as: 'maintainer'})).body
    for (const [method, path] of [
      ['GET', `${drafts}/${theirs!.id}`],
      ['DELETE', `${drafts}/${theirs!.id}`],
      ['PUT', `${drafts}/${theirs!.id}/publish`],
      ['GET', `${drafts}/999999`],
    ] as const) {
      const answer = await sb.api(method, path)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body).toEqual({message: '404 Not found'})
    }
  })

  it('a draft off the diff answers its position as {} (the entity writes position.to_h of nil)', async () => {
    const {status, body} = await create({note: 'general remark'})
    expect(status).toBe(201)
    expect(body.position).toEqual({})
    expect(body).toMatchObject({resolve_discussion: false, discussion_id: null, commit_id: null})
  })

  it("a reply to a thread that is not there, and a resolve without a thread, are the service's base errors (create_service.rb, draft_notes_spec.rb)", async () => {
    const lost = await create({note: 'x', in_reply_to_discussion_id: 'f'.repeat(40)})
    expect(lost.status).toBe(400)
    expect(lost.body).toEqual({message: {base: ['Thread to reply to cannot be found']}})
    const resolve = await create({note: 'x', resolve_discussion: true})
    expect(resolve.status).toBe(400)
    expect(resolve.body).toEqual({message: {base: ['User is not allowed to resolve thread']}})
  })

  it("a second draft of one author in one thread is refused: the model's uniqueness of author_id within discussion (draft_note.rb)", async () => {
    const first = await create({note: 'my reply', in_reply_to_discussion_id: THREAD}, 'owner')
    expect(first.status).toBe(201)
    const second = await create({note: 'my reply', in_reply_to_discussion_id: THREAD}, 'owner')
    expect(second.status).toBe(400)
    expect(second.body).toEqual({message: {author_id: ['has already been taken']}})
    // two drafts off any thread are no conflict
    expect((await create({note: 'same'}, 'owner')).status).toBe(201)
    expect((await create({note: 'same'}, 'owner')).status).toBe(201)
  })

  it("commit_id 'undefined' is taken as no commit (draft_notes.rb draft_note_params)", async () => {
    expect((await create({note: 'x', commit_id: 'undefined'})).body.commit_id).toBeNull()
  })

  it('an update needs the note: absent is 400 Missing params to modify, blank is Grape\'s "note is empty" (draft_notes.rb)', async () => {
    const {body: draft} = await create({note: 'to change'})
    const nothing = await update(draft.id, {})
    expect(nothing.status).toBe(400)
    expect(nothing.body).toEqual({message: '400 Bad request - Missing params to modify'})
    const onlyPosition = await update(draft.id, {position: ON_LINE})
    expect(onlyPosition.body).toEqual({message: '400 Bad request - Missing params to modify'})
    expect((await update(draft.id, {note: '  '})).body).toEqual({error: 'note is empty'})
  })

  it('an update sets the position to what it sends: a note alone takes the draft off the diff (update! with params[:position]; diff_positionable_note.rb)', async () => {
    const {body: draft} = await create({note: 'on a line', position: ON_LINE})
    expect(draft.position).toMatchObject({new_path: 'src/limits.rb', new_line: 7})
    const moved = await update(draft.id, {note: 'elsewhere', position: {...ON_LINE, new_line: 9}})
    expect(moved.body.position).toMatchObject({new_line: 9})
    const textOnly = await update(draft.id, {note: 'reworded'})
    expect(textOnly.status).toBe(200)
    expect(textOnly.body.note).toBe('reworded')
    expect(textOnly.body.position).toEqual({})
  })
})
