// Repository storage moves (document 2, "Repository storage moves (administrator)"): group moves one by
// one, and bulk moves of every project, snippet or group repository on a storage.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {choice, declare, renamed, text, type Values} from '../core/input/input.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import type {PollState} from '../core/transfer/poll.js'
import {fieldList} from './record-fields.js'

export const MOVE_STATES = ['initial', 'scheduled', 'started', 'replicated', 'failed', 'finished', 'cleanup failed'] as const
export type MoveState = (typeof MOVE_STATES)[number]

export interface GroupStorageMove {
  id: ApiId
  created_at: string
  state: MoveState
  source_storage_name: string
  destination_storage_name: string
  /** what the job wrote when it failed (lib/api/entities/basic_repository_storage_move.rb); null otherwise, absent on older servers */
  error_message?: string | null
  group: {id: ApiId; web_url: string; name: string}
}
export const MOVE_FIELDS = fieldList<GroupStorageMove>()(['id', 'created_at', 'state', 'source_storage_name', 'destination_storage_name', 'error_message', 'group'])

export const MOVE_COLUMNS = ['id', 'state', 'source_storage_name', 'destination_storage_name', 'group.name', 'created_at'] as const

export const MOVE_TYPES = ['project', 'snippet', 'group'] as const
export type MoveType = (typeof MOVE_TYPES)[number]

const DESTINATION = text({description: 'storage to move to (default: chosen by storage weights)'})

/** POST /groups/:group_id/repository_storage_moves: "destination_storage_name (optional; chosen by storage weights if absent)" */
export const GROUP_MOVE = declare({destination_storage_name: DESTINATION})
export type GroupMoveInput = Values<typeof GROUP_MOVE>

/**
 * A bulk schedule: which endpoint (`type`, a part of the path) and its body {source_storage_name,
 * destination_storage_name}; the source is required, the destination chosen by weights when absent.
 */
export const BULK_MOVE = declare({
  type: choice(MOVE_TYPES, {required: true, description: 'which repositories to move'}),
  source_storage_name: text({required: true, description: 'storage to move the repositories off'}),
  destination_storage_name: renamed(DESTINATION, {description: 'storage to move them to (default: chosen by storage weights)'}),
})
export type BulkMoveInput = Values<typeof BULK_MOVE>

/** the answer of a bulk schedule: "message object with text 202 Accepted" */
export interface ScheduleResult {
  message: string
}

/** with a group: /groups/:group_id/repository_storage_moves; without: the instance-wide list */
const movesPath = (group?: string) => (group === undefined ? '/group_repository_storage_moves' : apiPath`/groups/${group}/repository_storage_moves`)

export function listGroupMoves(group?: string): ListSpec<GroupStorageMove> {
  return listSpec<GroupStorageMove>(movesPath(group))
}

export function getGroupMove(api: ApiClient, id: Id, group?: string): Promise<GroupStorageMove> {
  return api.get<GroupStorageMove>(`${movesPath(group)}${apiPath`/${id}`}`)
}

/** destination absent: "chosen by storage weights" */
export function createGroupMove(api: ApiClient, group: string, input: GroupMoveInput): Promise<GroupStorageMove> {
  return api.post<GroupStorageMove>(movesPath(group), {...input})
}

/** POST /project_repository_storage_moves, /snippet_… or /group_…: every repository on the source storage */
export function scheduleMoves(api: ApiClient, {type, ...body}: BulkMoveInput): Promise<ScheduleResult> {
  return api.post<ScheduleResult>(`/${type}_repository_storage_moves`, {...body})
}

/**
 * One poll of a move for the shared waiter. `finished` is the end of a good move; `failed` (the job
 * failed before the copy was across) and `cleanup failed` (moved, source copy not deleted) need an
 * administrator, so a wait ends non-zero on them, with the job's own error_message where the server
 * sends one. `replicated` still goes on to delete the source copy.
 */
export async function pollGroupMove(api: ApiClient, id: Id, group?: string): Promise<PollState<GroupStorageMove>> {
  const move = await getGroupMove(api, id, group)
  if (move.state === 'finished') return {state: 'done', value: move}
  const because = move.error_message ? ` (${move.error_message})` : ''
  if (move.state === 'failed') return {state: 'failed', message: `state failed: the copy to ${move.destination_storage_name} did not complete${because}`}
  if (move.state === 'cleanup failed') {
    return {state: 'failed', message: `state cleanup failed: moved to ${move.destination_storage_name}, but the copy on ${move.source_storage_name} could not be deleted${because}`}
  }
  return {state: 'running', status: move.state}
}
