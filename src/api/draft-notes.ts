// Draft notes of a merge request (document 2, "Draft note", "Draft notes"):
// /projects/:id/merge_requests/:merge_request_iid/draft_notes. Drafts are visible only to their author
// until published. Every verb names the merge request (MERGE_REQUEST) besides the project.

import {one} from '../core/answer/one-record.js'
import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, declare, id, inputLabel, integer, RuleBroken, text, type Values} from '../core/input/input.js'
import {collect, followPages} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'
import {sha} from './sha.js'

export const POSITION_TYPES = ['text', 'image', 'file'] as const
export type PositionType = (typeof POSITION_TYPES)[number]

/** `{"start": {"line_code": ..., "type": "new", "new_line": 12}, "end": {...}}` for multi-line notes */
export type LineRange = Record<string, unknown>

export interface DraftNotePosition {
  base_sha: string | null
  start_sha: string | null
  head_sha: string | null
  old_path: string | null
  new_path: string | null
  position_type: PositionType | null
  old_line: number | null
  new_line: number | null
  line_range: LineRange | null
  /** image notes only */
  width?: number | null
  height?: number | null
  x?: number | null
  y?: number | null
}

export interface DraftNote {
  id: ApiId
  author_id: ApiId
  merge_request_id: ApiId
  resolve_discussion: boolean
  discussion_id: string | null
  note: string
  commit_id: string | null
  line_code: string | null
  /** {} for a note that is not on the diff (the platform writes a missing position as an empty hash) */
  position: Partial<DraftNotePosition>
}
export const DRAFT_NOTE_FIELDS = fieldList<DraftNote>()(['id', 'author_id', 'merge_request_id', 'resolve_discussion', 'discussion_id', 'note', 'commit_id', 'line_code', 'position'])

export const DRAFT_NOTE_COLUMNS = ['id', 'note', 'position.new_path', 'position.new_line', 'resolve_discussion'] as const

/** the merge request IID: in the path of every draft-notes request */
export const MERGE_REQUEST = declare({
  merge_request_iid: id({flag: 'mr', required: true, helpValue: 'IID', description: 'merge request IID (its number within the project)'}),
})

/** POST .../draft_notes: the note is required; a position (POSITION) puts it on the diff */
export const NEW_DRAFT_NOTE = declare({
  ...MERGE_REQUEST,
  note: text({required: true, file: true, description: 'the text of the note'}),
  commit_id: text({helpValue: 'SHA', description: 'SHA of a commit to attach the note to'}),
  in_reply_to_discussion_id: text({helpValue: 'ID', description: 'ID of the discussion (thread) this draft answers'}),
  resolve_discussion: boolean({description: 'resolve the discussion when the draft is published'}),
})

/**
 * PUT .../draft_notes/:draft_note_id: the note always (lib/api/draft_notes.rb refuses an update without
 * it, "Missing params to modify"), and a position when it moves
 */
export const DRAFT_NOTE_CHANGES = declare({
  ...MERGE_REQUEST,
  note: text({required: true, file: true, description: 'the new text of the note (needed by every update)'}),
})

/** a coordinate on an image: the spec's floats, 0 or more */
const coordinate = (flag: string, description: string) =>
  custom<number>({
    flag,
    description,
    helpValue: 'N',
    hint: 'a number, 0 or more',
    parse: value => {
      const n = Number(value)
      if (!Number.isFinite(n) || n < 0) throw new RuleBroken('must be a number, 0 or more')
      return n
    },
  })

/** `{"start": {"line_code": ..., "type": "new", "new_line": 12}, "end": {...}}` */
const LINE_RANGE_EXAMPLE = '{"start":{"line_code":"…","type":"new","new_line":10},"end":{…}}'

/**
 * The `position[...]` hash, keyed by its fields; each flag keeps the prefix (`position[base_sha]` →
 * `--position-base-sha`). The rules across fields are in positionOf.
 */
export const POSITION = declare({
  base_sha: sha({flag: 'position-base-sha', description: "position[base_sha]: SHA of the merge request's base commit"}),
  head_sha: sha({flag: 'position-head-sha', description: "position[head_sha]: SHA of the merge request's head commit"}),
  start_sha: sha({flag: 'position-start-sha', description: "position[start_sha]: SHA of the commit the merge request's target branch was at"}),
  position_type: choice(POSITION_TYPES, {flag: 'position-position-type', description: 'position[position_type]: what the note sits on (file since release 16.4)'}),
  new_path: text({flag: 'position-new-path', helpValue: 'PATH', description: 'position[new_path]: file path after the change (text notes)'}),
  old_path: text({flag: 'position-old-path', helpValue: 'PATH', description: 'position[old_path]: file path before the change (text notes)'}),
  new_line: integer({flag: 'position-new-line', min: 1, description: 'position[new_line]: line number after the change (text notes)'}),
  old_line: integer({flag: 'position-old-line', min: 1, description: 'position[old_line]: line number before the change (text notes)'}),
  line_range: custom<LineRange>({
    flag: 'position-line-range',
    helpValue: 'JSON',
    hint: `a JSON object such as ${LINE_RANGE_EXAMPLE}`,
    description: 'position[line_range]: a JSON object with start and end, for a multi-line text note',
    parse: value => {
      let parsed: unknown
      try {
        parsed = JSON.parse(value)
      } catch {
        parsed = undefined
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new RuleBroken(`must be a JSON object such as ${LINE_RANGE_EXAMPLE}`)
      return parsed as LineRange
    },
  }),
  width: integer({flag: 'position-width', min: 1, description: 'position[width]: image width (image notes)'}),
  height: integer({flag: 'position-height', min: 1, description: 'position[height]: image height (image notes)'}),
  x: coordinate('position-x', 'position[x]: X coordinate on the image (image notes)'),
  y: coordinate('position-y', 'position[y]: Y coordinate on the image (image notes)'),
})
export type PositionValues = Values<typeof POSITION>
export type PositionInput = PositionValues & Required<Pick<PositionValues, 'base_sha' | 'head_sha' | 'start_sha' | 'position_type'>>

export type NewDraftNote = Omit<Values<typeof NEW_DRAFT_NOTE>, 'merge_request_iid'> & {
  /** without it a regular discussion note is made */
  position?: PositionInput
}

export type DraftNoteChanges = Omit<Values<typeof DRAFT_NOTE_CHANGES>, 'merge_request_iid'> & {position?: PositionInput}

/** a merge request of a project, by its IID */
export type MergeRequestRef = {project: string} & Values<typeof MERGE_REQUEST>

const drafts = collection<{parent: MergeRequestRef; item: DraftNote}>(({project, merge_request_iid}) => apiPath`/projects/${project}/merge_requests/${merge_request_iid}/draft_notes`)
const draftsPath = drafts.path
const draftPath = drafts.member

/** the caller's own drafts: other authors' drafts never appear */
export const listDraftNotes = (ref: MergeRequestRef) => drafts.list(ref)

/** the spec shows this answer "as an array" (of one); the platform sends the object: both give the record */
export function getDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id): Promise<DraftNote> {
  return api.get<DraftNote | DraftNote[]>(draftPath(ref, id)).then(one<DraftNote>('draft note'))
}

export function createDraftNote(api: ApiClient, ref: MergeRequestRef, draft: NewDraftNote): Promise<DraftNote> {
  return api.post<DraftNote | DraftNote[]>(draftsPath(ref), {...draft}).then(one<DraftNote>('draft note'))
}

/**
 * The platform sets the draft's position to the one the update sends, and clears it when none is sent
 * (lib/api/draft_notes.rb): a change of text alone would take the draft off the diff. So without a new
 * position the draft is read first (a lookup, sent under --dry-run too) and its own position sent back.
 */
export async function updateDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id, changes: DraftNoteChanges): Promise<DraftNote> {
  const position = changes.position ?? positionKept((await api.request<DraftNote | DraftNote[]>({method: 'GET', path: draftPath(ref, id), lookup: true})).data)
  return api.put<DraftNote | DraftNote[]>(draftPath(ref, id), {...changes, position}).then(one<DraftNote>('draft note'))
}

/** the position a draft has, as an update sends it (its fields that are set), or undefined when it is off the diff */
function positionKept(answer: DraftNote | DraftNote[]): PositionInput | undefined {
  const {position} = one<DraftNote>('draft note')(answer)
  if (!position?.position_type) return undefined
  const kept = Object.entries(position).filter(([field, value]) => value !== null && value !== undefined && field in POSITION)
  return Object.fromEntries(kept) as PositionInput
}

export const deleteDraftNote = drafts.remove

/** 204: the draft becomes a note of the merge request and leaves the drafts */
export function publishDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id): Promise<void> {
  return api.request<void>({method: 'PUT', path: `${draftPath(ref, id)}/publish`, expect: 'none'}).then(() => undefined)
}

/** 204: "publishes all of the caller's draft notes" on the merge request */
export function publishAllDraftNotes(api: ApiClient, ref: MergeRequestRef): Promise<void> {
  return api.request<void>({method: 'POST', path: `${draftsPath(ref)}/bulk_publish`, expect: 'none'}).then(() => undefined)
}

/**
 * bulk_publish answers 204 without saying how many: the caller's drafts are listed before and after,
 * and those that left are the ones published.
 */
export async function publishAllAndCount(api: ApiClient, ref: MergeRequestRef): Promise<number> {
  const before = await collect(followPages(api, listDraftNotes(ref), {all: true}))
  await publishAllDraftNotes(api, ref)
  // compared as text: an ID beyond 2^53 is an ExactNumber, a new object in each answer
  const after = new Set((await collect(followPages(api, listDraftNotes(ref), {all: true}))).map(d => String(d.id)))
  return before.filter(d => !after.has(String(d.id))).length
}

const REQUIRED_IN_POSITION = ['base_sha', 'head_sha', 'start_sha', 'position_type'] as const
const TEXT_PATHS = ['new_path', 'old_path'] as const
const FOR_TYPE = {text: ['new_line', 'old_line', 'line_range'], image: ['width', 'height', 'x', 'y']} as const

const labels = (fields: readonly string[]) => fields.map(field => inputLabel(POSITION[field as keyof typeof POSITION])).join(', ')

/**
 * The position hash, or undefined when none was given. The spec's rules: base, head and start SHA
 * and the type are required once a position is given; new and old path when it is text; line
 * numbers and ranges are for text notes, width, height, x and y for image notes.
 */
export function positionOf(values: PositionValues): PositionInput | undefined {
  const given = (Object.keys(POSITION) as Array<keyof PositionValues>).filter(field => values[field] !== undefined)
  if (given.length === 0) return undefined
  const missing = REQUIRED_IN_POSITION.filter(field => values[field] === undefined)
  if (missing.length > 0) throw new UsageError(`a position needs ${labels(REQUIRED_IN_POSITION)}; missing: ${labels(missing)}`)
  const position = values as PositionInput
  const missingPaths = TEXT_PATHS.filter(field => values[field] === undefined)
  if (position.position_type === 'text' && missingPaths.length > 0) throw new UsageError(`a text position needs ${labels(TEXT_PATHS).replace(', ', ' and ')}; missing: ${labels(missingPaths)}`)
  for (const [kind, fields] of Object.entries(FOR_TYPE)) {
    const misplaced = position.position_type === kind ? [] : given.filter(field => (fields as readonly string[]).includes(field))
    if (misplaced.length > 0) throw new UsageError(`${labels(misplaced)}: for ${kind} positions only, and this one is ${position.position_type}`)
  }
  return position
}
