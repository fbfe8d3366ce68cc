// Labels of projects and groups (document 2, "Labels"): /projects/:id/labels, /groups/:id/labels.
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {validColor} from '../core/color.js'
import {fieldList} from '../core/record-fields.js'
import {recordBoolean, recordString, type FileRecord} from '../core/records-file.js'
import {scopePath, type Scope} from '../core/scope.js'
import {intInRange} from '../core/validate.js'

export interface Label {
  id: number
  name: string
  /** hex with leading # */
  color: string
  text_color: string
  description: string | null
  description_html: string
  open_issues_count: number
  closed_issues_count: number
  open_merge_requests_count: number
  subscribed: boolean
  /** project labels only */
  priority?: number | null
  /** project labels only */
  is_project_label?: boolean
  /** only with the `labels_archive` feature flag */
  archived?: boolean
}
export const LABEL_FIELDS = fieldList<Label>()(['id', 'name', 'color', 'text_color', 'description', 'description_html', 'open_issues_count',
  'closed_issues_count', 'open_merge_requests_count', 'subscribed', 'priority', 'is_project_label', 'archived'])

export const LABEL_COLUMNS = ['id', 'name', 'color', 'description', 'priority', 'subscribed'] as const

export interface LabelListFilters {
  with_counts?: boolean
  include_ancestor_groups?: boolean
  /** group labels only */
  include_descendant_groups?: boolean
  /** group labels only */
  only_group_labels?: boolean
  search?: string
  archived?: boolean
}

export type LabelReadOptions = Pick<LabelListFilters, 'include_ancestor_groups' | 'include_descendant_groups' | 'only_group_labels'>

export interface NewLabel {
  name: string
  color: string
  description?: string
  archived?: boolean
  /** project labels only; null removes the priority */
  priority?: number | null
}

export interface LabelChanges {
  new_name?: string
  color?: string
  description?: string
  archived?: boolean
  priority?: number | null
}

/** a subscription change: `changed` is false when the server answered 304 (already in that state) */
export interface SubscriptionResult {
  changed: boolean
  label: Label
}

const labelsPath = (scope: Scope) => `${scopePath(scope)}/labels`
const labelPath = (scope: Scope, label: string) => `${labelsPath(scope)}${apiPath`/${label}`}`

export function listLabels(scope: Scope, filters: LabelListFilters = {}): ListSpec<Label> {
  return listSpec<Label>(labelsPath(scope), {...filters})
}

/** `label` is the label's ID or its title */
export function getLabel(api: ApiClient, scope: Scope, label: string, options: LabelReadOptions = {}): Promise<Label> {
  return api.get<Label>(labelPath(scope, label), {...options})
}

export function createLabel(api: ApiClient, scope: Scope, label: NewLabel): Promise<Label> {
  return api.post<Label>(labelsPath(scope), {...label})
}

export function updateLabel(api: ApiClient, scope: Scope, label: string, changes: LabelChanges): Promise<Label> {
  return api.put<Label>(labelPath(scope, label), {...changes})
}

export function deleteLabel(api: ApiClient, scope: Scope, label: string): Promise<void> {
  return api.delete(labelPath(scope, label))
}

/**
 * The server answers 304 with no body when the caller is already (un)subscribed; the label is then
 * read back so that the caller always gets the record.
 */
export async function setSubscription(api: ApiClient, scope: Scope, label: string, subscribe: boolean): Promise<SubscriptionResult> {
  const response = await api.request<Label | undefined>({
    method: 'POST', path: `${labelPath(scope, label)}/${subscribe ? 'subscribe' : 'unsubscribe'}`, accept: [304],
  })
  if (response.status === 304 || response.data === undefined) return {changed: false, label: await getLabel(api, scope, label)}
  return {changed: true, label: response.data}
}

/** a project label becomes a label of the project's group, keeping its ID */
export function promoteLabel(api: ApiClient, project: string, label: string): Promise<Label> {
  return api.put<Label>(apiPath`/projects/${project}/labels/${label}/promote`)
}

/** a label from a `--from-file` record (fields named as the API names them), checked like the flags */
export function labelFromRecord(record: FileRecord, scope: Scope): NewLabel {
  const priority = recordString(record, 'priority')
  if (priority !== undefined && scope.kind === 'groups') throw new Error('priority applies to project labels only')
  return {
    name: recordString(record, 'name', true)!,
    color: validColor(recordString(record, 'color', true)!),
    description: recordString(record, 'description'),
    archived: recordBoolean(record, 'archived'),
    priority: priority === undefined ? undefined : priority === 'null' ? null : intInRange(priority, 0, Number.MAX_SAFE_INTEGER, 'priority'),
  }
}
