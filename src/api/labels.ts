// Labels of projects and groups (document 2, "Labels"): /projects/:id/labels, /groups/:id/labels.

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, declare, nullableInteger, optional, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {collection} from './collection.js'
import {color} from './label-color.js'
import {fieldList} from './record-fields.js'

export interface Label {
  id: ApiId
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
export const LABEL_FIELDS = fieldList<Label>()([
  'id',
  'name',
  'color',
  'text_color',
  'description',
  'description_html',
  'open_issues_count',
  'closed_issues_count',
  'open_merge_requests_count',
  'subscribed',
  'priority',
  'is_project_label',
  'archived',
])

export const LABEL_COLUMNS = ['id', 'name', 'color', 'description', 'priority', 'subscribed'] as const

/** the label a command acts on, in the path of .../labels/:label_id */
export const LABEL = declare({label: text({arg: true, required: true, description: 'label ID or title'})})

/** GET .../labels/:label_id: where to look for the label */
export const LABEL_READ = declare({
  include_ancestor_groups: boolean({description: 'include labels of ancestor groups (API default: true)'}),
  include_descendant_groups: boolean({description: 'group only: include labels of descendant groups'}),
  only_group_labels: boolean({description: 'group only: leave out project labels (API default: true)'}),
})
export type LabelReadOptions = Values<typeof LABEL_READ>

/** GET .../labels: the filters */
export const LABEL_FILTERS = declare({
  with_counts: boolean({description: 'fill in issue and merge request counts'}),
  ...LABEL_READ,
  search: text({description: 'keyword to filter labels by', empty: 'value'}),
  archived: boolean({description: 'only archived (or, with --no-archived, unarchived) labels; needs the labels_archive feature'}),
})
export type LabelListFilters = Values<typeof LABEL_FILTERS>

const LABEL_NAME = text({arg: true, description: 'label name', required: true})

/** POST .../labels: name and color required (the name is NAME, or the `name` field of a file record) */
export const NEW_LABEL = declare({
  name: LABEL_NAME,
  color: color({required: true}),
  description: text({description: 'label description', empty: 'value'}),
  priority: nullableInteger({min: 0, description: 'project labels only: priority, 0 or more (null for none)'}),
  archived: boolean({description: 'create it archived (labels_archive feature)'}),
})
export type NewLabel = Values<typeof NEW_LABEL>

/** PUT .../labels/:label_id: every field optional, at least one given (the platform's rule; the spec's prose is stricter for project labels) */
export const LABEL_CHANGES = declare({
  new_name: optional(LABEL_NAME, {description: 'new name'}),
  color: optional(NEW_LABEL.color, {description: 'new label colour'}),
  description: text({description: 'new description', empty: 'clears'}),
  priority: nullableInteger({min: 0, description: 'project labels only: priority, 0 or more (null to remove)'}),
  archived: boolean({description: 'archive or (--no-archived) unarchive (labels_archive feature)'}),
})
export type LabelChanges = Values<typeof LABEL_CHANGES>

/** a subscription change: `changed` is false when the server answered 304 (already in that state) */
export interface SubscriptionResult {
  changed: boolean
  label: Label
}

const labels = collection<{parent: Scope; item: Label; key: string; filters: LabelListFilters; create: NewLabel; update: LabelChanges}>(scope => `${scopePath(scope)}/labels`)
const labelPath = labels.member

export const listLabels = labels.list

/** `label` is the label's ID or its title */
export function getLabel(api: ApiClient, scope: Scope, label: string, options: LabelReadOptions = {}): Promise<Label> {
  return api.get<Label>(labelPath(scope, label), {...options})
}

export const createLabel = labels.create

export const updateLabel = labels.update

export const deleteLabel = labels.remove

/**
 * The server answers 304 with no body when the caller is already (un)subscribed; the label is then
 * read back so that the caller always gets the record.
 */
export async function setSubscription(api: ApiClient, scope: Scope, label: string, subscribe: boolean): Promise<SubscriptionResult> {
  const response = await api.request<Label | undefined>({
    method: 'POST',
    path: `${labelPath(scope, label)}/${subscribe ? 'subscribe' : 'unsubscribe'}`,
    accept: [304],
  })
  if (response.status === 304 || response.data === undefined) return {changed: false, label: await getLabel(api, scope, label)}
  return {changed: true, label: response.data}
}

/** a project label becomes a new label of the project's group; the same-named labels of the group's projects are merged into it */
export function promoteLabel(api: ApiClient, project: string, label: string): Promise<Label> {
  return api.put<Label>(apiPath`/projects/${project}/labels/${label}/promote`)
}
