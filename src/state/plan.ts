// A plan: the file's scopes selected, every (scope, section) the file names read from the server at
// bounded concurrency, and each diffed (diff.ts). The plan is data: the text view is render.ts's, a
// saved plan saved-plan.ts's. The values to send, secrets included, stay in memory beside it.

import {CliError} from '../core/base/errors.js'
import {secret} from '../core/base/secret.js'
import type {ApiClient} from '../core/http/request.js'
import {targetIdentity} from '../core/input/scope.js'
import {inShard, type Shard} from '../core/input/shard.js'
import type {StateModel} from './check.js'
import {type Change, diffSection, type Uncompared} from './diff.js'
import {inPool} from './pool.js'
import {readContext} from './read-all.js'
import {type CurrentRecord, type ReadContext, scopeName, type Target} from './section.js'
import {sectionOf} from './sections.js'
import {selectScopes} from './select.js'

export interface Plan {
  /** the state file, as named */
  file: string
  /** the server planned against (its base URL): a saved plan is applied there only */
  host: string
  changes: Change[]
  unchanged: number
  uncompared: Uncompared[]
  problems: string[]
  /** scopes read */
  scopes: number
  /** requests the plan took */
  requests: number
}

/** the values each change sends, secrets included: never part of the plan's data */
const wantedValues = new WeakMap<Change, Record<string, unknown>>()

export function wantedOf(change: Change): Record<string, unknown> | undefined {
  return wantedValues.get(change)
}

export function setWanted(change: Change, values: Record<string, unknown>): void {
  wantedValues.set(change, values)
}

/** the server's record an update was planned against, as read: never part of the plan's data either */
const readRecords = new WeakMap<Change, CurrentRecord>()

/** the record as this run's plan read it; undefined for a saved plan's change (its apply reads again) */
export function readOf(change: Change): CurrentRecord | undefined {
  return readRecords.get(change)
}

/** a (scope, section) read: the unit of the plan's concurrency */
export interface SectionRead {
  target: Target
  section: string
}

/**
 * The server's records of each (scope, section), read `width` lists at a time. A list that names one
 * record twice is refused: which of the two a change would address cannot be told, and the other
 * would be passed over, neither updated nor pruned.
 */
export async function readSections(context: ReadContext, reads: readonly SectionRead[], width: number): Promise<CurrentRecord[][]> {
  return inPool(reads, width, async ({target, section}) => {
    const read = sectionOf(target.kind, section)!
    const records = await read.read(context, target)
    const seen = new Set<string>()
    for (const record of records) {
      if (seen.has(record.id)) throw new CliError(`the server lists ${section} ${record.id} of ${scopeName(target)} twice, so a change could not tell which it addresses: nothing was changed`)
      seen.add(record.id)
      // what the section holds secret (a masked variable's value) is a Secret from here on, as the file's are (core/base/secret.ts)
      const values = {...record.fields}
      for (const field of Object.keys(values)) if (read.secret(field, values, false)) record.fields[field] = secret(values[field])
    }
    return records
  })
}

/** what --shard splits a plan's scopes by (core/input/shard.ts, the split of every fan-out): kind and path */
export function shardKey(target: Target): string {
  return `${target.kind}:${targetIdentity(target.path)}`
}

export async function makePlan(api: ApiClient, model: StateModel, concurrency: number, shard?: Shard): Promise<Plan> {
  const context = readContext(api, concurrency)
  const selected = await selectScopes(model, context)
  const scopes = inShard(selected, scope => shardKey(scope.target), shard)
  const reads = scopes.flatMap(scope => [...new Set([...scope.sections.keys(), ...scope.prune])].map(section => ({scope, section})))
  const current = await readSections(
    context,
    reads.map(({scope, section}) => ({target: scope.target, section})),
    concurrency,
  )
  const plan: Plan = {file: model.file ?? '-', host: api.connection.host, changes: [], unchanged: 0, uncompared: [], problems: [], scopes: scopes.length, requests: 0}
  reads.forEach(({scope, section}, index) => {
    const diff = diffSection(sectionOf(scope.target.kind, section)!, scope.target, scope.sections.get(section), current[index]!, scope.prune.has(section))
    for (const change of diff.changes) {
      plan.changes.push(change)
      const wanted = diff.wanted.get(change)
      if (wanted) setWanted(change, wanted)
      const read = diff.read.get(change)
      if (read) readRecords.set(change, read)
    }
    plan.unchanged += diff.unchanged
    plan.uncompared.push(...diff.uncompared)
    plan.problems.push(...diff.problems)
  })
  plan.requests = api.sent
  return plan
}

export function counts(changes: readonly Change[]): Record<Change['action'], number> {
  const count = {create: 0, update: 0, delete: 0}
  for (const change of changes) count[change.action]++
  return count
}
