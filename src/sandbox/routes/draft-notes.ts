// Draft notes of merge requests (document 2, "Draft note", "Draft notes"). Drafts are visible only to
// their author until published; publishing turns them into notes of the merge request, which the
// platform's notes list (GET .../merge_requests/:iid/notes, outside this spec) shows. The platform's
// rules (lib/api/draft_notes.rb, app/services/draft_notes/create_service.rb, app/models/draft_note.rb,
// test/contract/draft-notes.test.ts): the list is not paginated, a draft that is not the caller's is a
// record not found, an update needs the note and sets the position to what it sends (none: cleared).
import {createHash, randomBytes} from 'node:crypto'
import {badRequest, badRequestMessage, created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalBoolean, optionalString, type Router} from '../router.js'
import {type SandboxUser, SEED_TIME, type Store} from '../store.js'
import {type MergeRequestRecord, workItems} from './milestones.js'

const POSITION_TYPES = ['text', 'image', 'file'] as const

interface Position {
  base_sha: string
  start_sha: string
  head_sha: string
  old_path: string | null
  new_path: string | null
  position_type: (typeof POSITION_TYPES)[number]
  old_line: number | null
  new_line: number | null
  line_range: Record<string, unknown> | null
  width: number | null
  height: number | null
  x: number | null
  y: number | null
}

interface DraftRecord {
  id: number
  author_id: number
  merge_request: MergeRequestRecord
  resolve_discussion: boolean
  discussion_id: string | null
  note: string
  commit_id: string | null
  position: Position | null
}

interface PublishedNote {
  id: number
  merge_request: MergeRequestRecord
  author_id: number
  body: string
  discussion_id: string
  position: Position | null
  resolved: boolean
  created_at: string
}

interface DraftNotesState {
  drafts: Map<number, DraftRecord>
  notes: PublishedNote[]
}

export default function register(r: Router, store: Store): void {
  const {mergeRequests} = workItems(store)
  const {drafts, notes} = store.slice<DraftNotesState>('draft-notes', () => seedDraftNotes(mergeRequests))

  /** anyone who can comment: any signed-in user on a public project, a member on a private one (404 otherwise) */
  const mergeRequestOf = (ctx: Ctx): {mr: MergeRequestRecord; user: SandboxUser} => {
    const user = store.requireUser(ctx.user)
    const project = store.projectFor(ctx.params.id!, user, 0)
    const mr = mergeRequests.find(m => m.project_id === project.id && String(m.iid) === ctx.params.merge_request_iid)
    if (!mr) throw notFound('Merge Request')
    return {mr, user}
  }
  const draftsOf = (mr: MergeRequestRecord, user: SandboxUser) => [...drafts.values()].filter(d => d.merge_request === mr && d.author_id === user.id).sort((a, b) => a.id - b.id)
  /**
   * another author's draft is as invisible as one that does not exist: the caller's drafts are searched
   * with `find`, whose RecordNotFound lib/api/api.rb answers as 404 Not found
   */
  const find = (ctx: Ctx) => {
    const {mr, user} = mergeRequestOf(ctx)
    if (!/^\d+$/.test(ctx.params.draft_note_id!)) throw badRequest('draft_note_id is invalid')
    const draft = draftsOf(mr, user).find(d => String(d.id) === ctx.params.draft_note_id)
    if (!draft) throw new HttpError(404, {message: '404 Not found'})
    return draft
  }

  /** DraftNotes::CreateService refuses with a base error of the draft it could not make */
  const baseError = (text: string) => invalid(400, {base: [text]})
  const replyTarget = (mr: MergeRequestRecord, discussionId: string | undefined): string | null => {
    if (discussionId === undefined || discussionId === '') return null
    if (!notes.some(n => n.merge_request === mr && n.discussion_id === discussionId)) throw baseError('Thread to reply to cannot be found')
    return discussionId
  }

  const publish = (draft: DraftRecord) => {
    drafts.delete(draft.id)
    const discussionId = draft.discussion_id ?? randomBytes(20).toString('hex')
    if (draft.resolve_discussion && draft.discussion_id) for (const n of notes) if (n.discussion_id === draft.discussion_id) n.resolved = true
    notes.push({
      id: store.nextId(),
      merge_request: draft.merge_request,
      author_id: draft.author_id,
      body: draft.note,
      discussion_id: discussionId,
      position: draft.position,
      resolved: draft.resolve_discussion,
      created_at: store.now(),
    })
  }

  const base = '/projects/:id/merge_requests/:merge_request_iid/draft_notes'

  // lib/api/draft_notes.rb presents the caller's drafts whole: no pagination, no headers
  r.get(base, ctx => {
    const {mr, user} = mergeRequestOf(ctx)
    return ok(draftsOf(mr, user).map(renderDraft))
  })

  // The spec shows this answer "as an array" (of one); the platform sends the draft note itself.
  r.get(`${base}/:draft_note_id`, ctx => ok(renderDraft(find(ctx))))

  r.post(base, ctx => {
    const {mr, user} = mergeRequestOf(ctx)
    if (ctx.input.note === undefined || ctx.input.note === null) throw badRequest('note is missing')
    const note = optionalString(ctx.input, 'note')!
    const position = readPosition(ctx.input)
    const discussion_id = replyTarget(mr, optionalString(ctx.input, 'in_reply_to_discussion_id'))
    const resolve_discussion = optionalBoolean(ctx.input, 'resolve_discussion') ?? false
    // can_resolve_discussion? asks the thread replied to: without one there is nothing to resolve
    if (resolve_discussion && discussion_id === null) throw baseError('User is not allowed to resolve thread')
    // the model: one draft per author in a thread (uniqueness of author_id within merge request and discussion)
    if (discussion_id !== null && draftsOf(mr, user).some(d => d.discussion_id === discussion_id)) throw invalid(400, {author_id: ['has already been taken']})
    const commit = optionalString(ctx.input, 'commit_id')
    const draft: DraftRecord = {
      id: store.nextId(),
      author_id: user.id,
      merge_request: mr,
      note,
      resolve_discussion,
      discussion_id,
      // the API's own guard against a client's JavaScript: the word 'undefined' is no commit
      commit_id: commit === undefined || commit === 'undefined' ? null : commit,
      position,
    }
    drafts.set(draft.id, draft)
    return created(renderDraft(draft))
  })

  // the note is required in all but name (an absent or blank one is refused), and the position is set to
  // what the request sends: a change of text alone takes the draft off the diff
  r.put(`${base}/:draft_note_id`, ctx => {
    // Grape's allow_blank: false first, then the endpoint's own check
    const note = optionalString(ctx.input, 'note')
    if (note !== undefined && note.trim() === '') throw badRequest('note is empty')
    if (note === undefined) throw badRequestMessage('Missing params to modify')
    const draft = find(ctx)
    draft.position = readPosition(ctx.input)
    draft.note = note
    return ok(renderDraft(draft))
  })

  r.delete(`${base}/:draft_note_id`, ctx => {
    drafts.delete(find(ctx).id)
    return noContent()
  })

  r.put(`${base}/:draft_note_id/publish`, ctx => {
    publish(find(ctx))
    return noContent()
  })

  // "publishes all of the caller's draft notes": other authors' drafts stay where they are
  r.post(`${base}/bulk_publish`, ctx => {
    const {mr, user} = mergeRequestOf(ctx)
    for (const draft of draftsOf(mr, user)) publish(draft)
    return noContent()
  })

  r.get('/projects/:id/merge_requests/:merge_request_iid/notes', ctx => {
    const {mr} = mergeRequestOf(ctx)
    return paginate(
      ctx,
      notes.filter(n => n.merge_request === mr),
      n => ({
        id: n.id,
        type: n.position ? 'DiffNote' : 'DiscussionNote',
        body: n.body,
        author: store.userBasic(store.users.get(n.author_id)!),
        created_at: n.created_at,
        updated_at: n.created_at,
        system: false,
        noteable_id: mr.id,
        noteable_type: 'MergeRequest',
        noteable_iid: mr.iid,
        discussion_id: n.discussion_id,
        resolvable: true,
        resolved: n.resolved,
        ...(n.position ? {position: renderPosition(n.position)} : {}),
      }),
    )
  })
}

/** Entities::DraftNote: a draft off the diff has no position, which the entity writes as {} (nil.to_h) */
function renderDraft(d: DraftRecord) {
  return {
    id: d.id,
    author_id: d.author_id,
    merge_request_id: d.merge_request.id,
    resolve_discussion: d.resolve_discussion,
    discussion_id: d.discussion_id,
    note: d.note,
    commit_id: d.commit_id,
    line_code: lineCode(d.position),
    position: d.position === null ? {} : renderPosition(d.position),
  }
}

/** the spec's position fields, null when absent; image notes carry their geometry too */
function renderPosition(p: Position | null) {
  return {
    base_sha: p?.base_sha ?? null,
    start_sha: p?.start_sha ?? null,
    head_sha: p?.head_sha ?? null,
    old_path: p?.old_path ?? null,
    new_path: p?.new_path ?? null,
    position_type: p?.position_type ?? null,
    old_line: p?.old_line ?? null,
    new_line: p?.new_line ?? null,
    line_range: p?.line_range ?? null,
    ...(p?.position_type === 'image' ? {width: p.width, height: p.height, x: p.x, y: p.y} : {}),
  }
}

/** the platform's line code: SHA-1 of the path, then the old and new line numbers */
function lineCode(p: Position | null): string | null {
  if (p?.position_type !== 'text' || (p.old_line === null && p.new_line === null)) return null
  return `${createHash('sha1')
    .update(p.new_path ?? p.old_path ?? '')
    .digest('hex')}_${p.old_line ?? ''}_${p.new_line ?? ''}`
}

/**
 * "position[base_sha], [head_sha], [start_sha] (required when position given); position[new_path],
 * [old_path] (required when position_type is text); position[position_type] (required: text, image, file)"
 */
function readPosition(input: Input): Position | null {
  const raw = input.position
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('position is invalid')
  const p = raw as Input
  const name = (field: string) => `position[${field}]`
  const text = (field: string, required = false): string | null => {
    const value = p[field]
    if (value === undefined || value === null || value === '') {
      if (required) throw badRequest(`${name(field)} is missing`)
      return null
    }
    if (typeof value !== 'string') throw badRequest(`${name(field)} is invalid`)
    return value
  }
  const number = (field: string, integer: boolean): number | null => {
    const value = p[field]
    if (value === undefined || value === null || value === '') return null
    const n = Number(value)
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) throw badRequest(`${name(field)} is invalid`)
    return n
  }
  const base_sha = text('base_sha', true)!
  const head_sha = text('head_sha', true)!
  const start_sha = text('start_sha', true)!
  const type = text('position_type', true)!
  if (!POSITION_TYPES.includes(type as Position['position_type'])) throw badRequest(`${name('position_type')} does not have a valid value`)
  const position_type = type as Position['position_type']
  const isText = position_type === 'text'
  const lineRange = p.line_range ?? null
  if (lineRange !== null && (typeof lineRange !== 'object' || Array.isArray(lineRange))) throw badRequest(`${name('line_range')} is invalid`)
  return {
    base_sha,
    head_sha,
    start_sha,
    position_type,
    new_path: text('new_path', isText),
    old_path: text('old_path', isText),
    new_line: number('new_line', true),
    old_line: number('old_line', true),
    line_range: lineRange as Record<string, unknown> | null,
    width: number('width', true),
    height: number('height', true),
    x: number('x', false),
    y: number('y', false),
  }
}

function seedDraftNotes(mergeRequests: MergeRequestRecord[]): DraftNotesState {
  const rateLimits = mergeRequests.find(m => m.id === 401)!
  const shas = {
    base_sha: '5d6e9a1b2c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f',
    start_sha: '5d6e9a1b2c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f',
    head_sha: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b',
  }
  const textAt = (path: string, line: number): Position => ({
    ...shas,
    position_type: 'text',
    old_path: path,
    new_path: path,
    new_line: line,
    old_line: null,
    line_range: null,
    width: null,
    height: null,
    x: null,
    y: null,
  })
  const draft = (id: number, author_id: number, note: string, position: Position | null = null): [number, DraftRecord] => [
    id,
    {id, author_id, merge_request: rateLimits, note, position, resolve_discussion: false, discussion_id: null, commit_id: null},
  ]
  return {
    drafts: new Map([
      // bob (Developer) and dave (Maintainer) review the same merge request
      draft(601, 3, 'Should this limit be configurable per token?', textAt('app/rate_limit.rb', 12)),
      draft(602, 3, 'Looks good overall; a few nits below.'),
      draft(603, 5, 'Blocking: the Retry-After header is missing on 429.', textAt('app/rate_limit.rb', 30)),
    ]),
    notes: [
      {
        id: 651,
        merge_request: rateLimits,
        author_id: 5,
        body: 'Please add tests for the 429 path.',
        discussion_id: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
        position: null,
        resolved: false,
        created_at: SEED_TIME,
      },
    ],
  }
}
