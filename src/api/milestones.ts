// Group milestones (document 2, "Group milestone", "Group milestones"): /groups/:id/milestones, with
// the issues, merge requests and burndown events of each milestone.
import {UsageError} from '../core/errors.js'
import {done, thing, unchanged, type Note} from '../core/notes.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {isPositiveId, type Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export const MILESTONE_STATES = ['active', 'closed'] as const
export type MilestoneState = (typeof MILESTONE_STATES)[number]
export const STATE_EVENTS = ['close', 'activate'] as const
export type StateEvent = (typeof STATE_EVENTS)[number]

export interface Milestone {
  id: number
  iid: number
  group_id: number
  title: string
  description: string | null
  due_date: string | null
  start_date: string | null
  state: MilestoneState
  updated_at: string
  created_at: string
  /** true once the due date has passed */
  expired: boolean
  web_url: string
}
export const MILESTONE_FIELDS = fieldList<Milestone>()(['id', 'iid', 'group_id', 'title', 'description', 'due_date',
  'start_date', 'state', 'updated_at', 'created_at', 'expired', 'web_url'])

export const MILESTONE_COLUMNS = ['id', 'iid', 'title', 'state', 'start_date', 'due_date', 'expired'] as const

/** an issue or merge request of a milestone: the spec names no fields, these are the platform's usual ones */
export interface MilestoneWorkItem {
  id: number
  iid: number
  project_id: number
  title: string
  state: string
  web_url: string
  [field: string]: unknown
}

export const WORK_ITEM_COLUMNS = ['id', 'iid', 'project_id', 'title', 'state'] as const

/** Premium and Ultimate */
export interface BurndownEvent {
  created_at: string
  weight: number | null
  action: string
}

export const BURNDOWN_COLUMNS = ['created_at', 'weight', 'action'] as const

export interface MilestoneListFilters {
  /** ignored by the server when include_ancestors is true */
  iids?: Id[]
  state?: MilestoneState
  /** exact and case-sensitive */
  title?: string
  search?: string
  search_title?: string
  /** deprecated: the same as include_ancestors */
  include_parent_milestones?: boolean
  include_ancestors?: boolean
  include_descendants?: boolean
  updated_before?: string
  updated_after?: string
  containing_date?: string
  /** only together with end_date */
  start_date?: string
  end_date?: string
}

export interface NewMilestone {
  title: string
  description?: string
  due_date?: string
  start_date?: string
}

export interface MilestoneChanges {
  title?: string
  description?: string
  due_date?: string
  start_date?: string
  state_event?: StateEvent
}

const milestonesPath = (group: string) => apiPath`/groups/${group}/milestones`
const milestonePath = (group: string, id: Id) => `${milestonesPath(group)}${apiPath`/${id}`}`

export function listMilestones(group: string, filters: MilestoneListFilters = {}): ListSpec<Milestone> {
  return listSpec<Milestone>(milestonesPath(group), {...filters})
}

export function getMilestone(api: ApiClient, group: string, id: Id): Promise<Milestone> {
  return api.get<Milestone>(milestonePath(group, id))
}

export function createMilestone(api: ApiClient, group: string, milestone: NewMilestone): Promise<Milestone> {
  return api.post<Milestone>(milestonesPath(group), {...milestone})
}

export function updateMilestone(api: ApiClient, group: string, id: Id, changes: MilestoneChanges): Promise<Milestone> {
  return api.put<Milestone>(milestonePath(group, id), {...changes})
}

/** Developer role at least */
export function deleteMilestone(api: ApiClient, group: string, id: Id): Promise<void> {
  return api.delete(milestonePath(group, id))
}

/** issues of the group's own projects only: "not those of subgroups" */
export function listMilestoneIssues(group: string, id: Id): ListSpec<MilestoneWorkItem> {
  return listSpec<MilestoneWorkItem>(`${milestonePath(group, id)}/issues`)
}

export function listMilestoneMergeRequests(group: string, id: Id): ListSpec<MilestoneWorkItem> {
  return listSpec<MilestoneWorkItem>(`${milestonePath(group, id)}/merge_requests`)
}

export function listBurndownEvents(group: string, id: Id): ListSpec<BurndownEvent> {
  return listSpec<BurndownEvent>(`${milestonePath(group, id)}/burndown_events`)
}

export interface StateChange {
  milestone: Milestone
  event: StateEvent
  /** the milestone was already in the state the event leads to (the server keeps it so) */
  already: boolean
}

const TARGET_STATE: Record<StateEvent, MilestoneState> = {close: 'closed', activate: 'active'}

/**
 * PUT with state_event close (active → closed) or activate (closed → active). The server answers 200
 * either way, so the milestone is read first (unless `readFirst` is false, as in a dry run) to tell the
 * user when nothing changed.
 */
export async function changeMilestoneState(api: ApiClient, group: string, id: Id, event: StateEvent, readFirst: boolean): Promise<StateChange> {
  const before = readFirst ? await getMilestone(api, group, id) : undefined
  const milestone = await updateMilestone(api, group, id, {state_event: event})
  return {milestone, event, already: before?.state === TARGET_STATE[event]}
}

export function stateChangeMessage({milestone, event, already}: StateChange): Note {
  const name = `${thing('milestone', milestone.title)} (ID ${milestone.id})`
  if (already) return unchanged(`${name} was already ${TARGET_STATE[event]}`)
  return done(event === 'close' ? 'Closed' : 'Activated', name)
}

/** `--iids 1,2 --iids 5` → ['1', '2', '5']: IIDs are positive whole numbers, kept as typed */
export function milestoneIids(values: string[] | undefined): string[] | undefined {
  return values?.map(value => {
    if (!isPositiveId(value)) throw new UsageError(`--iids takes milestone IIDs (positive whole numbers), got "${value}"`)
    return value
  })
}

/** "start_date <= due_date" when both are given (the server refuses the other order) */
export function checkDateOrder(flags: {'start-date'?: string; 'due-date'?: string}): void {
  const {'start-date': start, 'due-date': due} = flags
  if (start !== undefined && due !== undefined && start > due) throw new UsageError(`--start-date ${start} is after --due-date ${due}`)
}

/** "start_date and end_date (datetimes, valid only together)": a window that ends before it starts finds nothing */
export function checkWindow(flags: {'start-date'?: string; 'end-date'?: string}): void {
  const {'start-date': start, 'end-date': end} = flags
  if (start !== undefined && end !== undefined && Date.parse(start) > Date.parse(end)) throw new UsageError(`--start-date ${start} is after --end-date ${end}`)
}
