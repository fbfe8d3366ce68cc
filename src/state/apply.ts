// Applying a plan: each change made at bounded concurrency, one failure never stopping the changes
// that do not depend on it, each reported as done or failed; a Ctrl-C reports what was done and what
// was not, and a rerun plans only the rest. A saved plan is refused when the server no longer looks as
// it did at planning time for a record the plan changes.

import {CliError, UsageError} from '../core/base/errors.js'
import {sameId} from '../core/base/exact-number.js'
import {reveal, revealFields} from '../core/base/secret.js'
import type {ApiClient} from '../core/http/request.js'
import {type BulkResult, runBulk} from '../core/lists/bulk.js'
import {type Change, SENSITIVE} from './diff.js'
import {readOf, readSections} from './plan.js'
import {type ApplyContext, type CurrentRecord, type ReadContext, sameValue, scopeName, serverSecret} from './section.js'
import {sectionOf} from './sections.js'

export const DEFAULT_MAX_DELETES = 10

const SIGN = {create: '+', update: '~', delete: '-'} as const

/** how a report names a change: `+ project acme/website labels bug` */
export const changeName = (change: Change): string => `${SIGN[change.action]} ${scopeName(change.target)} ${change.section} ${change.id}`

/** more deletes than allowed: refused before anything is sent */
export function checkDeletes(changes: readonly Change[], maxDeletes: number): void {
  const deletes = changes.filter(change => change.action === 'delete').length
  if (deletes > maxDeletes) {
    throw new UsageError(`the plan deletes ${deletes} records, more than --max-deletes ${maxDeletes}: check the globs and prune lists, or pass --max-deletes ${deletes}`)
  }
}

/** every change, `width` at a time; `wanted` gives the values a create or update sends */
export async function runChanges(api: ApiClient, changes: readonly Change[], wanted: (change: Change) => Record<string, unknown> | undefined, width: number): Promise<Array<BulkResult<unknown>>> {
  const shared = new Map<string, unknown>()
  // what each change made in steps would leave if stopped now (a tag unprotected): the one place every such change passes
  const left = new Map<Change, string>()
  const results = await runBulk(changes, changeName, change => runChange({api, shared, midway: what => left.set(change, what)}, change, wanted(change) ?? {}), width)
  return results.map((result, index) => {
    const what = left.get(changes[index]!)
    return result.status === 'interrupted' && what !== undefined ? {...result, error: what} : result
  })
}

function runChange(context: ApplyContext, change: Change, wanted: Record<string, unknown>): Promise<unknown> {
  const section = sectionOf(change.target.kind, change.section)!
  // the record as this run's plan read it travels with the change, so that an update needs no second read
  const current: CurrentRecord = {id: change.id, ref: change.ref ?? change.id, fields: change.before ?? {}, server: readOf(change)?.server}
  if (change.action === 'create') return section.create(context, change.target, wanted)
  if (change.action === 'delete') {
    if (!section.remove) throw new CliError(`${changeName(change)}: the API cannot delete ${change.section} records`)
    return section.remove(context, change.target, current)
  }
  const changed = Object.fromEntries(change.fields.map(({field}) => [field, wanted[field]]))
  return section.update(context, change.target, current, changed, wanted)
}

/**
 * What prune keeps (a section's `kept`: the token's own user, a group's last owner) no saved plan
 * deletes, nor demotes: plan never writes such a change, but a saved plan is a file anyone may edit, and
 * its change would be sent as written. Judged over the server as it is now, with the plan's own changes.
 */
function keptFromChanges(
  changes: readonly Change[],
  pairKey: (change: Change) => string,
  now: ReadonlyMap<string, ReadonlyMap<string, CurrentRecord>>,
  wanted: (change: Change) => Record<string, unknown> | undefined,
): void {
  const byPair = new Map<string, Change[]>()
  for (const change of changes) {
    const pair = byPair.get(pairKey(change))
    if (pair) pair.push(change)
    else byPair.set(pairKey(change), [change])
  }
  for (const change of changes) {
    const section = sectionOf(change.target.kind, change.section)
    const server = now.get(pairKey(change))?.get(change.id)
    if (change.action === 'create' || !section?.kept || !server) continue
    const pair = byPair.get(pairKey(change))!
    const current = [...now.get(pairKey(change))!.values()]
    const doomed = pair.flatMap(other => (other.action === 'delete' ? current.filter(record => record.id === other.id) : []))
    const desired = new Map(pair.filter(other => other.action !== 'delete').map(other => [other.id, {id: other.id, fields: other.after ?? {}, sources: {}, byReference: [], where: []}]))
    const why = section.kept(server, {doomed, desired, current}, change.action === 'update' ? revealFields(wanted(change) ?? change.after ?? {}) : undefined)
    const what = change.action === 'delete' ? 'deletes' : 'changes'
    if (why !== undefined)
      throw new UsageError(
        `nothing was changed: the plan ${what} ${scopeName(change.target)} ${change.section} ${change.id}, which ${change.action === 'delete' ? 'prune keeps' : 'plan keeps as it is'} (${why}): the plan was edited, or the server changed since; plan again with --out`,
      )
  }
}

/** what moved on the server since the plan was made, one phrase per record; empty when nothing did */
export async function movedSincePlan(
  context: ReadContext,
  changes: readonly Change[],
  width: number,
  wanted: (change: Change) => Record<string, unknown> | undefined = () => undefined,
): Promise<string[]> {
  const pairs = new Map<string, {target: Change['target']; section: string}>()
  const pairKey = (change: Change) => `${change.target.kind}\0${change.target.path}\0${change.section}`
  for (const change of changes) pairs.set(pairKey(change), {target: change.target, section: change.section})
  const keys = [...pairs.keys()]
  const read = await readSections(context, [...pairs.values()], width)
  const now = new Map(keys.map((key, index) => [key, new Map(read[index]!.map(record => [record.id, record]))]))
  keptFromChanges(changes, pairKey, now, wanted)
  const moved: string[] = []
  for (const change of changes) {
    const server = now.get(pairKey(change))!.get(change.id)
    const name = `${scopeName(change.target)} ${change.section} ${change.id}`
    if (change.action === 'create') {
      if (server) moved.push(`${name} now exists`)
      continue
    }
    if (!server) {
      moved.push(`${name} is no longer there`)
      continue
    }
    if (change.ref === undefined || !sameId(server.ref, change.ref)) {
      moved.push(`${name} was replaced`)
      continue
    }
    // the fields are named, not their values: a value may have become secret since. One the plan says
    // is secret is so still (the server hides it, or the plan finds it again): a `before` edited to
    // (sensitive) would otherwise be compared with nothing, and let an unshown value through (saved-plan.ts)
    const section = sectionOf(change.target.kind, change.section)!
    const onServer = serverSecret(section, server.fields)
    const hidden = (field: string) => onServer(field) || Object.hasOwn(change.sources ?? {}, field)
    const fields = Object.entries(change.before ?? {}).filter(([field, value]) => (value === SENSITIVE ? !hidden(field) : !sameValue(value, reveal(server.fields[field]))))
    if (fields.length > 0) moved.push(`${name}: ${fields.map(([field]) => field).join(', ')} changed`)
  }
  return moved
}
