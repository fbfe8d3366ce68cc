// Where a command acts: a project or a group, by numeric ID or full path.
import {UsageError} from './errors.js'
import {missingInputs} from './input.js'
import {thing} from './notes.js'

export type Scope = {kind: 'projects' | 'groups'; id: string}

/** `/projects/group%2Fsub%2Fproject`: a full path is one encoded segment, as the API requires */
export function scopePath(scope: Scope): string {
  return `/${scope.kind}/${encodeURIComponent(scope.id)}`
}

export function scopeOf(flags: {project?: string; group?: string}): Scope {
  if (flags.project !== undefined && flags.group !== undefined) throw new UsageError('give either --project or --group, not both')
  if (flags.project !== undefined) return {kind: 'projects', id: flags.project}
  if (flags.group !== undefined) return {kind: 'groups', id: flags.group}
  throw missingInputs([{label: '--project (-p) or --group (-g)', description: 'the project or group to act on: ID or full path'}])
}

/** flags that the API takes for one kind of scope only (`priority` for project labels) */
export function onlyFor(scope: Scope, kind: Scope['kind'], flags: Record<string, unknown>, names: string[]): void {
  if (scope.kind === kind) return
  const given = names.filter(name => flags[name] !== undefined)
  if (given.length > 0) {
    throw new UsageError(`${given.map(n => `--${n}`).join(', ')} applies to ${kind === 'projects' ? 'projects (-p)' : 'groups (-g)'} only`)
  }
}

/** `project "my-group/app"` or `group 10`, as notes and questions name a scope */
export function scopeThing(scope: Scope): string {
  return thing(scope.kind === 'projects' ? 'project' : 'group', scope.id)
}
