// The plan as a person reads it: grouped by scope, one line per change (+ create, ~ update with each
// field old → new, - delete), the secrets that cannot be compared, and a summary line that counts them
// and the requests made. Secrets show as "(sensitive)" only.
import {visibleCell} from '../core/output/escape.js'
import {type Change, SENSITIVE} from './diff.js'
import {counts, type Plan} from './plan.js'
import {scopeName} from './section.js'

const SIGN = {create: '+', update: '~', delete: '-'} as const

const value = (v: unknown) => (v === SENSITIVE ? SENSITIVE : v === undefined ? '(none)' : JSON.stringify(v))

function changeLine(change: Change): string {
  const head = `  ${SIGN[change.action]} ${change.section} ${change.id}`
  if (change.action === 'delete') return head
  if (change.action === 'create') return `${head}: ${change.fields.map(f => `${f.field} ${value(f.after)}`).join(', ')}`
  return `${head}: ${change.fields.map(f => (f.sensitive ? `${f.field} ${SENSITIVE} differs` : `${f.field} ${value(f.before)} → ${value(f.after)}`)).join(', ')}`
}

export function summaryLine(plan: Plan): string {
  const count = counts(plan.changes)
  const scopes = `${plan.scopes} scope${plan.scopes === 1 ? '' : 's'} read in ${plan.requests} request${plan.requests === 1 ? '' : 's'}`
  return `Plan: ${count.create} to create, ${count.update} to update, ${count.delete} to delete, ${plan.unchanged} unchanged (${scopes}).`
}

export function renderPlan(plan: Plan): string {
  const lines: string[] = []
  const groups = new Map<string, string[]>()
  const add = (scope: string, line: string) => {
    if (!groups.has(scope)) groups.set(scope, [])
    groups.get(scope)!.push(line)
  }
  for (const change of plan.changes) add(scopeName(change.target), changeLine(change))
  for (const blind of plan.uncompared) add(scopeName(blind.target), `  ? ${blind.section} ${blind.id}: ${blind.fields.join(', ')} ${SENSITIVE} cannot compare (the server does not return it)`)
  for (const [scope, scopeLines] of groups) lines.push(scope, ...scopeLines)
  for (const problem of plan.problems) lines.push(`error: ${problem}`)
  if (plan.changes.length === 0 && plan.problems.length === 0) lines.push('No changes: the server matches the file.')
  lines.push(summaryLine(plan))
  // names and values come from the server and the file: each line shown, never obeyed by the terminal
  return `${lines.map(visibleCell).join('\n')}\n`
}
