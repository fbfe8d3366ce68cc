// Group milestones (document 2, "Group milestone", "Group milestones"): /groups/:id/milestones, with
// the issues, merge requests and burndown events of each milestone; and project milestones, which the
// platform serves with the same record (project_id in place of group_id) and the same calls at
// /projects/:id/milestones. One set of declarations and calls, parametrised by the scope.

import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import {type Id, isPositiveId} from '../core/base/id.js'
import type {ApiClient} from '../core/http/request.js'
import {boolean, choice, date, dateTime, declare, inputLabel, list, optional, RuleBroken, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

export const MILESTONE_STATES = ['active', 'closed'] as const
export type MilestoneState = (typeof MILESTONE_STATES)[number]
export const STATE_EVENTS = ['close', 'activate'] as const
export type StateEvent = (typeof STATE_EVENTS)[number]

export interface Milestone {
  id: ApiId
  iid: ApiId
  /** a group milestone's group */
  group_id?: ApiId
  /** a project milestone's project */
  project_id?: ApiId
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
export const MILESTONE_FIELDS = fieldList<Milestone>()([
  'id',
  'iid',
  'group_id',
  'project_id',
  'title',
  'description',
  'due_date',
  'start_date',
  'state',
  'updated_at',
  'created_at',
  'expired',
  'web_url',
])

export const MILESTONE_COLUMNS = ['id', 'iid', 'title', 'state', 'start_date', 'due_date', 'expired'] as const

/** an issue or merge request of a milestone: the spec names no fields, these are the platform's usual ones */
export interface MilestoneWorkItem {
  id: ApiId
  iid: ApiId
  project_id: ApiId
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

/** IIDs typed on the command line stay text, like IDs (src/core/base/id.ts) */
function iidList(options: {description: string}) {
  const plain = list({...options, helpValue: 'IID'})
  return {
    ...plain,
    hint: 'milestone IIDs (positive whole numbers)',
    parse: (value: string) =>
      plain.parse(value).map(item => {
        if (!isPositiveId(item)) throw new RuleBroken('must be milestone IIDs (positive whole numbers)')
        return item
      }),
  }
}

/** GET /groups/:id/milestones and /projects/:id/milestones: the filters (GROUP_ONLY_FILTERS: groups only) */
export const MILESTONE_FILTERS = declare({
  // ignored by the server when include_ancestors is true
  iids: iidList({description: 'only these milestone IIDs (repeatable or comma list; ignored with --include-ancestors)'}),
  // lib/api/milestone_responses.rb takes all too (its default)
  state: choice([...MILESTONE_STATES, 'all'] as const, {description: 'active or closed milestones only, or all (API default: all)'}),
  title: text({description: 'only the milestone with exactly this title (case-sensitive)'}),
  search: text({description: 'text to find in titles or descriptions (case-insensitive)', empty: 'value'}),
  search_title: text({description: 'words to find in titles, all of them (separated by spaces or +)', empty: 'value'}),
  include_parent_milestones: boolean({description: 'deprecated: use --include-ancestors'}),
  include_ancestors: boolean({description: 'include milestones of ancestor groups'}),
  include_descendants: boolean({description: 'include milestones of descendant groups (release 16.7)'}),
  updated_before: dateTime({description: 'only milestones updated before this time'}),
  updated_after: dateTime({description: 'only milestones updated after this time'}),
  containing_date: dateTime({description: 'only milestones whose start date <= this <= due date'}),
  // "start_date and end_date (datetimes, valid only together)"
  start_date: dateTime({description: 'start of a window (with --end-date): milestones due on or after it'}),
  end_date: dateTime({description: 'end of a window (with --start-date): milestones starting on or before it'}),
})
export type MilestoneListFilters = Values<typeof MILESTONE_FILTERS>

/** the filters a project's milestone list does not take ("List project milestones" names the others) */
export const GROUP_ONLY_FILTERS = ['search_title', 'include_descendants', 'containing_date', 'start_date', 'end_date'] as const satisfies ReadonlyArray<keyof typeof MILESTONE_FILTERS>

/** POST .../milestones: the title is required and new among the group's and its projects' milestones */
export const NEW_MILESTONE = declare({
  title: text({required: true, description: 'milestone title'}),
  description: text({file: true, empty: 'value', description: 'milestone description'}),
  due_date: date({description: 'due date'}),
  start_date: date({description: 'start date'}),
})
export type NewMilestone = Values<typeof NEW_MILESTONE>

/** PUT .../milestones/:milestone_id: a description or a date given as "" is removed */
export const MILESTONE_CHANGES = declare({
  title: optional(NEW_MILESTONE.title, {description: 'new title'}),
  description: optional(NEW_MILESTONE.description, {description: 'new description', empty: 'clears'}),
  due_date: optional(NEW_MILESTONE.due_date, {description: 'new due date', empty: 'clears'}),
  start_date: optional(NEW_MILESTONE.start_date, {description: 'new start date', empty: 'clears'}),
  state_event: choice(STATE_EVENTS, {description: 'close or activate the milestone'}),
})
export type MilestoneChanges = Values<typeof MILESTONE_CHANGES>

const milestones = collection<{parent: Scope; item: Milestone; filters: MilestoneListFilters; create: NewMilestone; update: MilestoneChanges}>(scope => `${scopePath(scope)}/milestones`)
const milestonePath = milestones.member

export const listMilestones = milestones.list
export const getMilestone = milestones.get
export const createMilestone = milestones.create
export const updateMilestone = milestones.update
/** Developer role at least */
export const deleteMilestone = milestones.remove

/** a group milestone's: issues of the group's own projects only, "not those of subgroups" */
export function listMilestoneIssues(scope: Scope, id: Id): ListSpec<MilestoneWorkItem> {
  return listSpec<MilestoneWorkItem>(`${milestonePath(scope, id)}/issues`)
}

export function listMilestoneMergeRequests(scope: Scope, id: Id): ListSpec<MilestoneWorkItem> {
  return listSpec<MilestoneWorkItem>(`${milestonePath(scope, id)}/merge_requests`)
}

export function listBurndownEvents(scope: Scope, id: Id): ListSpec<BurndownEvent> {
  return listSpec<BurndownEvent>(`${milestonePath(scope, id)}/burndown_events`)
}

export interface StateChange {
  milestone: Milestone
  event: StateEvent
  /** the milestone was already in the state the event leads to (the server keeps it so) */
  already: boolean
}

export const TARGET_STATE: Record<StateEvent, MilestoneState> = {close: 'closed', activate: 'active'}

/**
 * PUT with state_event close (active → closed) or activate (closed → active). The server answers 200
 * either way, so the milestone is read first (unless `readFirst` is false, as in a dry run) to tell the
 * user when nothing changed.
 */
export async function changeMilestoneState(api: ApiClient, scope: Scope, id: Id, event: StateEvent, readFirst: boolean): Promise<StateChange> {
  const before = readFirst ? await getMilestone(api, scope, id) : undefined
  const milestone = await updateMilestone(api, scope, id, {state_event: event})
  return {milestone, event, already: before?.state === TARGET_STATE[event]}
}

/** "start_date <= due_date" when both are given (the server refuses the other order); "" removes a date */
export function checkDateOrder({start_date: start, due_date: due}: Pick<NewMilestone, 'start_date' | 'due_date'>): void {
  if (start && due && start > due) throw new UsageError(`${inputLabel(NEW_MILESTONE.start_date)} ${start} is after ${inputLabel(NEW_MILESTONE.due_date)} ${due}`)
}

/** "start_date and end_date (datetimes, valid only together)": a window that ends before it starts finds nothing */
export function checkWindow({start_date: start, end_date: end}: MilestoneListFilters): void {
  const [startLabel, endLabel] = [inputLabel(MILESTONE_FILTERS.start_date), inputLabel(MILESTONE_FILTERS.end_date)]
  if ((start === undefined) !== (end === undefined)) throw new UsageError(`${startLabel} and ${endLabel} go together: ${start === undefined ? startLabel : endLabel} is missing`)
  if (start !== undefined && end !== undefined && Date.parse(start) > Date.parse(end)) throw new UsageError(`${startLabel} ${start} is after ${endLabel} ${end}`)
}
