// Project iterations (document 2, "Iteration", "Project iterations"): GET /projects/:id/iterations
// returns the iterations of the project's ancestor groups (project-level iterations no longer exist);
// GET /groups/:id/iterations, which the platform serves with the same record and filters, those of a
// group (and, by default, of its ancestors).

import type {ApiId} from '../core/base/exact-number.js'
import {boolean, choice, dateTime, declare, list, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import type {FieldWords} from '../core/output/words.js'
import {fieldList} from './record-fields.js'

/** filter values; `opened` means upcoming and current */
export const ITERATION_STATES = ['opened', 'upcoming', 'current', 'closed', 'all'] as const
export const ITERATION_SEARCH_FIELDS = ['title', 'cadence_title'] as const

export interface Iteration {
  id: ApiId
  iid: ApiId
  /** its place in its cadence (ee/lib/api/entities/iteration.rb) */
  sequence: number
  group_id: ApiId
  /** null for iterations auto-scheduled by a cadence */
  title: string | null
  description: string | null
  /** the platform's numbering (the spec does not show it): 1 upcoming, 2 current, 3 closed */
  state: number
  created_at: string
  updated_at: string
  due_date: string
  start_date: string
  web_url: string
}
export const ITERATION_FIELDS = fieldList<Iteration>()(['id', 'iid', 'sequence', 'group_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'due_date', 'start_date', 'web_url'])

/** what tables show for `state`: the platform's numbering, the same words as the --state filter */
export const ITERATION_WORDS = {state: {1: 'upcoming', 2: 'current', 3: 'closed'}} as const satisfies FieldWords

export const ITERATION_COLUMNS = ['id', 'iid', 'title', 'state', 'start_date', 'due_date'] as const

/** GET /projects/:id/iterations and /groups/:id/iterations: the filters */
export const ITERATION_FILTERS = declare({
  state: choice(ITERATION_STATES, {description: 'which iterations (API default: all)'}),
  search: text({description: 'text to find (in titles unless --in says otherwise)', empty: 'value'}),
  // default [title] (release 16.2)
  in: list({description: 'where --search looks: title, cadence_title (repeatable or comma list; release 16.2)', options: ITERATION_SEARCH_FIELDS}),
  include_ancestors: boolean({description: 'include iterations of ancestor groups (API default: true)'}),
  include_descendants: boolean({description: 'include iterations of descendant groups (API default: false)'}),
  updated_before: dateTime({description: 'only iterations updated before this time'}),
  updated_after: dateTime({description: 'only iterations updated after this time'}),
})
export type IterationListFilters = Values<typeof ITERATION_FILTERS>

export function listIterations(scope: Scope, filters: IterationListFilters = {}): ListSpec<Iteration> {
  return listSpec<Iteration>(`${scopePath(scope)}/iterations`, {...filters})
}
