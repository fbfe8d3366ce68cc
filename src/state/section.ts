// What every section of a state file (labels, variables, protected branches, …) is made of: how its
// records are written in the file and checked (through the same input declarations as the matching
// command's flags, src/api), how the server's records are read and compared, and the calls that
// create, change and delete them. The diff engine (diff.ts) and the runs (plan.ts, apply.ts) know
// sections only through this shape; sections.ts lists them.
import type {ApiId} from '../core/base/exact-number.js'
import {isSecret, revealFields} from '../core/base/secret.js'
import type {ApiClient} from '../core/http/request.js'
import {declaredField} from '../core/input/fields.js'
import type {Inputs} from '../core/input/input.js'
import type {Where} from './document.js'
import type {Reference} from './refs.js'

export type ScopeKind = 'instance' | 'groups' | 'projects'

/** where a section's records live: the instance, or one group or project by full path */
export interface Target {
  kind: ScopeKind
  /** full path; '' for the instance */
  path: string
}

/** how a saved plan finds a secret again at apply time: a reference, or the state file's own text */
export type SecretSource = Reference | {state: string; at: Where}

/** a record as the file wants it */
export interface DesiredRecord {
  /** the identity, as the plan names the record */
  id: string
  /** checked values by API name, secret ones included (in memory only) */
  fields: Record<string, unknown>
  /** where each secret-capable value came from, for a saved plan */
  sources: Record<string, SecretSource>
  /** the fields given as {env}/{file} */
  byReference: string[]
  where: Where
  /** a map section's key in the file (a variable's key), which entries merge by */
  key?: string
  /** written as one of a list under its key (a variable in several environment scopes): replaced whole, never merged */
  listed?: boolean
}

/** a record as the server has it: `fields` in the file's terms, `ref` what its calls address it by */
export interface CurrentRecord {
  id: string
  ref: string | ApiId
  fields: Record<string, unknown>
  /** seen from an ancestor (a group's label in a project): compared, never created, changed, deleted or exported here */
  inherited?: boolean
  /**
   * the server's record as read, where an update needs more of it than the compared fields (the IDs of a
   * protection's rules): apply then sends its write without reading the record again. In memory only
   */
  server?: unknown
}

export interface ReadContext {
  api: ApiClient
  /** requests in flight at most, whatever reads them (scopes, sections, the pages of one list) */
  concurrency: number
  /** runs a request within that bound (readContext makes it) */
  limit?: <T>(work: () => Promise<T>) => Promise<T>
}

/** the calls of apply, shared by its changes (a deploy key joined by several projects) */
export interface ApplyContext {
  api: ApiClient
  shared: Map<string, unknown>
  /**
   * A change made in two steps (a tag's level: an unprotect, then a protect) says what a stop between
   * them leaves behind; apply adds it to the change's report if a signal ends the run there (apply.ts)
   */
  midway?: (left: string) => void
}

export interface Section {
  name: string
  kinds: readonly ScopeKind[]
  /**
   * `map`: records keyed by identity (`bug: {color: red}`); `list`: a list whose identity is computed;
   * `record`: the scope's one record, its fields written under the section's name (a project's settings)
   */
  shape: 'map' | 'list' | 'record'
  /** the field a map's key fills (name, title, key) */
  keyField?: string
  /**
   * a map's key may hold a list of records told apart by the identity fields (a variable's key in several
   * environment scopes, STATE.md): the file writes, and export writes, a list where the server has several
   */
  several?: boolean
  /** the create call's inputs: every field a record may hold */
  inputs: Inputs
  /** the fields that make the identity (besides keyField): never compared */
  identityFields?: readonly string[]
  /**
   * identity fields the identity shows only in part (a hook's URL without its credentials): two values
   * of one identity may still differ, so these are compared, and an update sends them
   */
  identityInPart?: readonly string[]
  /** fields sent on create only: never compared (an existing record cannot change them) */
  createOnly?: readonly string[]
  /** a value that is not a mapping, as a record (a variable's plain value); undefined: refused */
  shorthand?(value: unknown): Record<string, unknown> | undefined
  /**
   * a checked record as the platform stores it, where the file may spell one value several ways (a flag's
   * 100 % is its boolean gate on): what every plan compares and every apply sends
   */
  stored?(fields: Record<string, unknown>): Record<string, unknown>
  /** a checked record's further rule (a group label has no priority), or undefined */
  recordRule?(fields: Record<string, unknown>, kind: ScopeKind): {field?: string; rule: string} | undefined
  /** the identity of a checked record (list shape, or a map's key as the server spells it) */
  identity(fields: Record<string, unknown>): string
  /** is this value secret: never shown, never saved */
  secret(field: string, fields: Record<string, unknown>, byReference: boolean): boolean
  /** a record the server does not list is already as the file wants it (a feature flag set to false is no gate at all) */
  absentMatches?(fields: Record<string, unknown>): boolean
  /** a value as a plan line shows it, where the file's words are not the API's (an access level's role, not its number) */
  shown?(field: string, value: unknown): unknown
  /** the values are the same for the platform (a colour's case, null and "") */
  same?(field: string, wanted: unknown, current: unknown): boolean
  /** the server's value cannot be compared with the file's (a mirror URL's credentials, which the platform masks): the plan says so */
  uncomparable?(field: string, wanted: unknown, current: unknown): boolean
  read(context: ReadContext, target: Target): Promise<CurrentRecord[]>
  create(context: ApplyContext, target: Target, fields: Record<string, unknown>): Promise<unknown>
  /** `current.server`: the record as the plan read it, when this run planned it (not a saved plan) */
  update(context: ApplyContext, target: Target, current: CurrentRecord, changed: Record<string, unknown>, wanted: Record<string, unknown>): Promise<unknown>
  /**
   * Why `prune` leaves a record alone that the file does not list (a group's last owner, the token's own
   * user), or undefined: the plan says so instead of planning a delete. `doomed`: every record prune would
   * delete in this scope; `desired`: the file's records. With `wanted` (an update's values), why the
   * record cannot be changed so (the token's own user demoted): a problem of the plan, nothing applied.
   */
  kept?(
    record: CurrentRecord,
    scope: {doomed: readonly CurrentRecord[]; desired: ReadonlyMap<string, DesiredRecord> | undefined; current: readonly CurrentRecord[]},
    wanted?: Readonly<Record<string, unknown>>,
  ): string | undefined
  /** undefined: the API cannot delete these records, so `prune` is refused for the section */
  remove?: (context: ApplyContext, target: Target, current: CurrentRecord) => Promise<unknown>
  /** a server record as the file writes it: the map's key (or none for a list) and the value; secrets as `{env: …}` */
  exported(current: CurrentRecord, target: Target): {key?: string; value: unknown} | undefined
}

/**
 * Which fields of a record read from the server are secret: held as a Secret (a masked value, core/base/secret.ts)
 * or hidden by the section's own rule (a hook's token): what a plan prints as (sensitive) and apply
 * compares only by where it comes from. One rule for the diff's deletions and apply's check of a moved record.
 */
export function serverSecret(section: Section, fields: Readonly<Record<string, unknown>>): (field: string) => boolean {
  const values = revealFields(fields)
  return field => isSecret(fields[field]) || section.secret(field, values, false)
}

/** the input of a field the file or a saved plan names; own fields only (`constructor` is no field of any section) */
export function inputOf(section: Section, field: string): Inputs[string] | undefined {
  return declaredField(section.inputs, field)
}

/** values the platform treats as the same: null, absent and "" for text; numbers and their text */
export function sameValue(wanted: unknown, current: unknown): boolean {
  const blank = (value: unknown) => value === undefined || value === null || value === ''
  if (blank(wanted) && blank(current)) return true
  if (typeof wanted === 'number' || typeof current === 'number') return String(wanted) === String(current)
  return JSON.stringify(wanted) === JSON.stringify(current)
}

/** the fields of a record that are set (not undefined, not null unless kept), for export */
export function setFields(record: Record<string, unknown>, fields: readonly string[], keepNull = false): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const value = record[field]
    if (value === undefined || (value === null && !keepNull) || value === '') continue
    out[field] = value
  }
  return out
}

/** how a message names a scope: `instance`, `group acme`, `project acme/website` */
export function scopeName(target: Target): string {
  return target.kind === 'instance' ? 'instance' : `${target.kind === 'groups' ? 'group' : 'project'} ${target.path}`
}
