// The plan as a person reads it: grouped by scope, one line per change (+ create, ~ update with each
// field old → new, - delete), the secrets that cannot be compared, and a summary line that counts them
// and the requests made. Secrets show as "(sensitive)" only.
import {toldApart} from '../core/base/escape.js'
import {type Change, SENSITIVE} from './diff.js'
import {counts, type Plan} from './plan.js'
import {scopeName} from './section.js'
import {sectionOf} from './sections.js'

const SIGN = {create: '+', update: '~', delete: '-'} as const

const valueText = (v: unknown) => (v === SENSITIVE ? SENSITIVE : v === undefined ? '(none)' : JSON.stringify(v))

function changeLine(change: Change): string {
  const head = `  ${SIGN[change.action]} ${change.section} ${change.id}`
  if (change.action === 'delete') return head
  // in the file's words where they are not the API's (access levels): the section says
  const shown = sectionOf(change.target.kind, change.section)?.shown
  const value = (field: string, v: unknown) => valueText(shown && v !== SENSITIVE ? shown(field, v) : v)
  if (change.action === 'create') return `${head}: ${change.fields.map(f => `${f.field} ${value(f.field, f.after)}`).join(', ')}`
  return `${head}: ${change.fields.map(f => (f.sensitive ? `${f.field} ${SENSITIVE} differs` : `${f.field} ${value(f.field, f.before)} → ${value(f.field, f.after)}`)).join(', ')}`
}

export function summaryLine(plan: Plan): string {
  const count = counts(plan.changes)
  const scopes = `${plan.scopes} scope${plan.scopes === 1 ? '' : 's'} read in ${plan.requests} request${plan.requests === 1 ? '' : 's'}`
  return `Plan: ${count.create} to create, ${count.update} to update, ${count.delete} to delete, ${plan.unchanged} unchanged (${scopes}).`
}

/** the changes grouped by scope, and the secrets that could not be compared, as lines */
function changeLines(changes: readonly Change[], uncompared: Plan['uncompared']): string[] {
  const groups = new Map<string, string[]>()
  const add = (scope: string, line: string) => {
    if (!groups.has(scope)) groups.set(scope, [])
    groups.get(scope)!.push(line)
  }
  for (const change of changes) add(scopeName(change.target), changeLine(change))
  for (const blind of uncompared) {
    if (blind.reason === 'kept') {
      add(scopeName(blind.target), `  ? ${blind.section} ${blind.id}: not in the file, kept: ${blind.why}`)
      continue
    }
    const what = blind.reason === 'hidden' ? `${SENSITIVE} cannot compare (the server does not return it)` : 'differs, and cannot be changed (the API keeps what the record was created with)'
    add(scopeName(blind.target), `  ? ${blind.section} ${blind.id}: ${blind.fields.join(', ')} ${what}`)
  }
  return [...groups].flatMap(([scope, lines]) => [scope, ...lines])
}

// names and values come from the server and the file: each line is shown, never obeyed by the terminal,
// and two changes that would read the same (`bug` and `bug` + U+200B escaped, `bug\u200b` typed) read apart
const text = (lines: readonly string[]) => `${toldApart(lines).join('\n')}\n`

export function renderPlan(plan: Plan): string {
  const lines = changeLines(plan.changes, plan.uncompared)
  for (const problem of plan.problems) lines.push(`error: ${problem}`)
  if (plan.changes.length === 0 && plan.problems.length === 0) lines.push('No changes: the server matches the file.')
  lines.push(summaryLine(plan))
  return text(lines)
}

/** the changes of a saved plan, as `plan` showed them, and where they come from */
export function renderSaved(changes: readonly Change[], source: string): string {
  return text([...changeLines(changes, []), `${changes.length} change${changes.length === 1 ? '' : 's'} from ${source}.`])
}
