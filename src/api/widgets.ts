// Widgets of a project (a throwaway topic: docs/ARCHITECTURE.md's "Add a topic" followed once, then removed).
import type {ApiId} from '../core/answer/exact-number.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {fieldList} from './record-fields.js'

export interface Widget {
  id: ApiId
  name: string
}
export const WIDGET_FIELDS = fieldList<Widget>()(['id', 'name'])
export const WIDGET_COLUMNS = ['id', 'name'] as const

export function listWidgets(scope: Scope): ListSpec<Widget> {
  return listSpec<Widget>(`${scopePath(scope)}/widgets`, {})
}
