// Draft notes of a merge request (document 2, "Draft note", "Draft notes"):
// /projects/:id/merge_requests/:merge_request_iid/draft_notes. Drafts are visible only to their author
// until published. Every verb needs the project and the merge request, so the flags live here too.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {requiredProjectFlag, textFrom} from '../core/flags.js'
import {one} from '../core/one-record.js'
import {collect, followPages, listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {matches} from '../core/validate.js'
import {isPositiveId, type Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

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
  id: number
  author_id: number
  merge_request_id: number
  resolve_discussion: boolean
  discussion_id: string | null
  note: string
  commit_id: string | null
  line_code: string | null
  /** fields null when absent (a note that is not on the diff) */
  position: DraftNotePosition
}
export const DRAFT_NOTE_FIELDS = fieldList<DraftNote>()(['id', 'author_id', 'merge_request_id', 'resolve_discussion',
  'discussion_id', 'note', 'commit_id', 'line_code', 'position'])

export const DRAFT_NOTE_COLUMNS = ['id', 'note', 'position.new_path', 'position.new_line', 'resolve_discussion'] as const

export interface PositionInput {
  base_sha: string
  head_sha: string
  start_sha: string
  position_type: PositionType
  new_path?: string
  old_path?: string
  new_line?: number
  old_line?: number
  line_range?: LineRange
  width?: number
  height?: number
  x?: number
  y?: number
}

export interface NewDraftNote {
  note: string
  commit_id?: string
  in_reply_to_discussion_id?: string
  resolve_discussion?: boolean
  /** without it a regular discussion note is made */
  position?: PositionInput
}

export interface DraftNoteChanges {
  note?: string
  position?: PositionInput
}

/** a merge request of a project, by its IID */
export interface MergeRequestRef {
  project: string
  mr: Id
}

const draftsPath = ({project, mr}: MergeRequestRef) => apiPath`/projects/${project}/merge_requests/${mr}/draft_notes`
const draftPath = (ref: MergeRequestRef, id: Id) => `${draftsPath(ref)}${apiPath`/${id}`}`

/** the caller's own drafts: other authors' drafts never appear */
export function listDraftNotes(ref: MergeRequestRef): ListSpec<DraftNote> {
  return listSpec<DraftNote>(draftsPath(ref))
}

/** the spec shows this answer "as an array" (of one); the platform sends the object: both give the record */
export function getDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id): Promise<DraftNote> {
  return api.get<DraftNote | DraftNote[]>(draftPath(ref, id)).then(one<DraftNote>('draft note'))
}

export function createDraftNote(api: ApiClient, ref: MergeRequestRef, draft: NewDraftNote): Promise<DraftNote> {
  return api.post<DraftNote | DraftNote[]>(draftsPath(ref), {...draft}).then(one<DraftNote>('draft note'))
}

export function updateDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id, changes: DraftNoteChanges): Promise<DraftNote> {
  return api.put<DraftNote | DraftNote[]>(draftPath(ref, id), {...changes}).then(one<DraftNote>('draft note'))
}

export function deleteDraftNote(api: ApiClient, ref: MergeRequestRef, id: Id): Promise<void> {
  return api.delete(draftPath(ref, id))
}

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
  const after = new Set((await collect(followPages(api, listDraftNotes(ref), {all: true}))).map(d => d.id))
  return before.filter(d => !after.has(d.id)).length
}

// ---- flags shared by the draft-notes commands ---------------------------------------------------------

const POSITION = 'POSITION'

/** the merge request IID: checked before sending, like the ID arguments */
const mrFlag = Flags.custom<string>({
  helpValue: 'IID',
  parse: async input => {
    if (!isPositiveId(input)) throw new UsageError(`--mr must be a positive whole number (the merge request IID), got "${input}"`)
    return input
  },
})

export const mergeRequestFlags = {
  ...requiredProjectFlag,
  mr: mrFlag({description: 'merge request IID (its number within the project)', required: true}),
}

const shaFlag = (description: string) => Flags.string({
  description, helpGroup: POSITION, parse: async (value, _ctx, opts) => matches(value, /^[0-9a-f]{7,64}$/i, opts.name, 'must be a commit SHA (hexadecimal)'),
})

const coordinateFlag = (description: string) => Flags.custom<number>({
  description, helpGroup: POSITION,
  parse: async (input, _ctx, opts) => {
    const n = Number(input)
    if (input.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`--${opts.name} must be a number of 0 or more, got "${input}"`)
    return n
  },
})()

const lineRangeFlag = Flags.custom<LineRange>({
  helpValue: 'JSON',
  parse: async input => {
    let value: unknown
    try {
      value = JSON.parse(input)
    } catch {
      value = undefined
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new UsageError('--position-line-range must be a JSON object such as {"start":{"line_code":"…","type":"new","new_line":10},"end":{…}}')
    }
    return value as LineRange
  },
})

/** `position[...]` inputs: nested fields keep their prefix (`position[base_sha]` → `--position-base-sha`) */
export const positionFlags = {
  'position-base-sha': shaFlag('position[base_sha]: SHA of the merge request\'s base commit'),
  'position-head-sha': shaFlag('position[head_sha]: SHA of the merge request\'s head commit'),
  'position-start-sha': shaFlag('position[start_sha]: SHA of the commit the merge request\'s target branch was at'),
  'position-position-type': Flags.string({
    description: 'position[position_type]: what the note sits on (file since release 16.4)', options: [...POSITION_TYPES],
    aliases: ['position-type'], helpGroup: POSITION,
  }),
  'position-new-path': Flags.string({description: 'position[new_path]: file path after the change (text notes)', helpGroup: POSITION}),
  'position-old-path': Flags.string({description: 'position[old_path]: file path before the change (text notes)', helpGroup: POSITION}),
  'position-new-line': Flags.integer({description: 'position[new_line]: line number after the change (text notes)', min: 1, helpGroup: POSITION}),
  'position-old-line': Flags.integer({description: 'position[old_line]: line number before the change (text notes)', min: 1, helpGroup: POSITION}),
  'position-line-range': lineRangeFlag({description: 'position[line_range]: a JSON object with start and end, for a multi-line text note', helpGroup: POSITION}),
  'position-width': Flags.integer({description: 'position[width]: image width (image notes)', min: 1, helpGroup: POSITION}),
  'position-height': Flags.integer({description: 'position[height]: image height (image notes)', min: 1, helpGroup: POSITION}),
  'position-x': coordinateFlag('position[x]: X coordinate on the image (image notes)'),
  'position-y': coordinateFlag('position[y]: Y coordinate on the image (image notes)'),
}

type PositionFlagName = keyof typeof positionFlags
export type PositionFlagValues = Partial<{
  [K in PositionFlagName]: K extends 'position-new-line' | 'position-old-line' | 'position-width' | 'position-height' | 'position-x' | 'position-y'
    ? number : K extends 'position-line-range' ? LineRange : string
}>

const REQUIRED_IN_POSITION: PositionFlagName[] = ['position-base-sha', 'position-head-sha', 'position-start-sha', 'position-position-type']
const TEXT_ONLY: PositionFlagName[] = ['position-new-line', 'position-old-line', 'position-line-range']
const IMAGE_ONLY: PositionFlagName[] = ['position-width', 'position-height', 'position-x', 'position-y']

const flagList = (names: string[]) => names.map(n => `--${n}`).join(', ')

/**
 * The position hash from the flags, or undefined when none was given. The spec's rules: base, head and
 * start SHA and the type are required once a position is given; new and old path when it is text;
 * line numbers and ranges are for text notes, width, height, x and y for image notes.
 */
export function positionFrom(flags: PositionFlagValues): PositionInput | undefined {
  const given = (Object.keys(positionFlags) as PositionFlagName[]).filter(name => flags[name] !== undefined)
  if (given.length === 0) return undefined
  const missing = REQUIRED_IN_POSITION.filter(name => flags[name] === undefined)
  if (missing.length > 0) throw new UsageError(`a position needs ${flagList(REQUIRED_IN_POSITION)}; missing: ${flagList(missing)}`)
  const type = flags['position-position-type'] as PositionType
  const missingPaths = (['position-new-path', 'position-old-path'] as const).filter(name => flags[name] === undefined)
  if (type === 'text' && missingPaths.length > 0) throw new UsageError(`a text position needs --position-new-path and --position-old-path; missing: ${flagList(missingPaths)}`)
  for (const [kind, names] of [['text', TEXT_ONLY], ['image', IMAGE_ONLY]] as const) {
    const misplaced = type === kind ? [] : given.filter(name => names.includes(name))
    if (misplaced.length > 0) throw new UsageError(`${flagList(misplaced)}: for ${kind} positions only, and this one is ${type}`)
  }
  return {
    base_sha: flags['position-base-sha']!, head_sha: flags['position-head-sha']!, start_sha: flags['position-start-sha']!, position_type: type,
    new_path: flags['position-new-path'], old_path: flags['position-old-path'], new_line: flags['position-new-line'], old_line: flags['position-old-line'],
    line_range: flags['position-line-range'], width: flags['position-width'], height: flags['position-height'], x: flags['position-x'], y: flags['position-y'],
  }
}

/** the note text of `--note` or `--note-file`; an empty text would only be refused by the server */
export async function noteText(flags: Record<string, unknown>): Promise<string | undefined> {
  const text = await textFrom(flags, 'note')
  if (text !== undefined && text.trim() === '') throw new UsageError('the note is empty')
  return text
}
