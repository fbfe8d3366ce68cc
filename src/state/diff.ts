// The diff engine: what the file wants of one section of one scope against what the server has. A
// record the server lacks is a create, a field that differs an update (each field old → new), a
// record the file does not list a delete where `prune` asks, and the rest nothing. Secret values are
// never in a change as data: they show as "(sensitive)", and a value the server does not return is
// "cannot compare" rather than a change, so that a second apply sends nothing.
import type {ApiId} from '../core/base/exact-number.js'
import {isSecret, revealFields} from '../core/base/secret.js'
import {type CurrentRecord, type DesiredRecord, type SecretSource, type Section, sameValue, scopeName, serverSecret, type Target} from './section.js'

export const SENSITIVE = '(sensitive)'

export type Action = 'create' | 'update' | 'delete'

export interface FieldChange {
  field: string
  before?: unknown
  after?: unknown
  sensitive: boolean
}

/** one change, as data: what --json prints and a saved plan keeps (never a secret value) */
export interface Change {
  target: Target
  section: string
  id: string
  action: Action
  /** what the calls address the server's record by (its ID, name or key) */
  ref?: string | ApiId
  /** the server's record as compared, secrets replaced */
  before?: Record<string, unknown>
  /** the file's record, secrets replaced */
  after?: Record<string, unknown>
  /** the fields an update changes; on a create, every field sent */
  fields: FieldChange[]
  /** where each secret of `after` is found again at apply time */
  sources?: Record<string, SecretSource>
}

/**
 * What the plan cannot act on, said rather than hidden: a secret it cannot compare (a hook's token, a
 * hidden variable's value; `reason` hidden), a field that differs and that the API cannot change
 * once the record exists (an instance deploy key's title, a key's expiry; `reason` fixed), or a record
 * the file leaves out that prune keeps (a group's last owner; `reason` kept, `why` the section's words).
 */
export interface Uncompared {
  target: Target
  section: string
  id: string
  fields: string[]
  reason: 'hidden' | 'fixed' | 'kept'
  why?: string
}

export interface SectionDiff {
  changes: Change[]
  /** what the server has, each with the full values to send (in memory only, never printed) */
  wanted: Map<Change, Record<string, unknown>>
  /** the server's record of each update, as read (in memory only, never printed or saved) */
  read: Map<Change, CurrentRecord>
  unchanged: number
  uncompared: Uncompared[]
  /** records that cannot be created as written (a required field missing) */
  problems: string[]
}

const compared = (section: Section, field: string) =>
  field !== section.keyField && (!section.identityFields?.includes(field) || section.identityInPart?.includes(field) === true) && !section.createOnly?.includes(field)

/** the record with its secrets replaced: what may be shown and saved */
function shown(record: Record<string, unknown>, secret: (field: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([field, value]) => [field, secret(field) ? SENSITIVE : value]))
}

export function diffSection(section: Section, target: Target, desired: ReadonlyMap<string, DesiredRecord> | undefined, current: readonly CurrentRecord[], prune: boolean): SectionDiff {
  const result: SectionDiff = {changes: [], wanted: new Map(), read: new Map(), unchanged: 0, uncompared: [], problems: []}
  const byId = new Map(current.map(record => [record.id, record]))
  const place = `${scopeName(target)} ${section.name} `
  // what prune would delete here: what a section's `kept` weighs, for a delete and for an update alike
  const doomed = prune && section.remove ? current.filter(server => !desired?.has(server.id) && !server.inherited) : []
  for (const record of desired?.values() ?? []) {
    // the values themselves, for comparing and for the section's rules; the record's own stay Secrets (core/base/secret.ts)
    const values = revealFields(record.fields)
    const secret = (field: string) => isSecret(record.fields[field]) || section.secret(field, values, record.byReference.includes(field))
    const sources = Object.fromEntries(Object.entries(record.sources).filter(([field]) => secret(field)))
    const server = byId.get(record.id)
    if (server?.inherited) {
      // the platform refuses a record of that name here (a label an ancestor group has: 409), and changes
      // the ancestor's only in its own scope: the file may repeat it as it is, nothing more
      const differs = Object.entries(values).filter(
        ([field, value]) => compared(section, field) && !(section.same ? section.same(field, value, server.fields[field]) : sameValue(value, server.fields[field])),
      )
      if (differs.length === 0) result.unchanged++
      else result.problems.push(`${place}${record.id}: inherited from an ancestor group, where it has other ${differs.map(([field]) => field).join(', ')}; it can be changed only there`)
      continue
    }
    if (!server && section.absentMatches?.(values)) {
      result.unchanged++
      continue
    }
    if (!server) {
      const lacking = Object.values(section.inputs).filter(input => input.required && record.fields[input.api] === undefined)
      if (lacking.length > 0) {
        result.problems.push(`${place}${record.id}: not on the server, and it cannot be created without ${lacking.map(input => input.api).join(', ')}`)
        continue
      }
      const after = shown(record.fields, secret)
      const fields = Object.entries(record.fields)
        .filter(([field]) => field !== section.keyField && !section.identityFields?.includes(field))
        .map(([field, value]) => ({field, after: secret(field) ? SENSITIVE : value, sensitive: secret(field)}))
      const change: Change = {target, section: section.name, id: record.id, action: 'create', after, fields, sources}
      result.changes.push(change)
      result.wanted.set(change, record.fields)
      continue
    }
    // what the section says the server may not return (a hook's token, a hidden variable's value): absent, it cannot be compared
    const serverValues = revealFields(server.fields)
    const serverHides = (field: string) => section.secret(field, values, record.byReference.includes(field)) || section.secret(field, serverValues, false)
    const secretEither = (field: string) => secret(field) || isSecret(server.fields[field]) || serverHides(field)
    const fields: FieldChange[] = []
    const blind: string[] = []
    const fixed: string[] = []
    for (const [field, value] of Object.entries(values)) {
      if (section.uncomparable?.(field, value, serverValues[field])) {
        blind.push(field)
        continue
      }
      if (section.createOnly?.includes(field) && serverValues[field] !== undefined && !sameValue(value, serverValues[field])) fixed.push(field)
      if (!compared(section, field)) continue
      const hidden = secretEither(field)
      if (serverHides(field) && serverValues[field] === undefined) {
        blind.push(field)
        continue
      }
      const same = section.same ? section.same(field, value, serverValues[field]) : sameValue(value, serverValues[field])
      if (!same) fields.push({field, before: hidden ? SENSITIVE : serverValues[field], after: hidden ? SENSITIVE : value, sensitive: hidden})
    }
    if (blind.length > 0) result.uncompared.push({target, section: section.name, id: record.id, fields: blind, reason: 'hidden'})
    if (fixed.length > 0) result.uncompared.push({target, section: section.name, id: record.id, fields: fixed, reason: 'fixed'})
    if (fields.length === 0) {
      result.unchanged++
      continue
    }
    const refused = section.kept?.(server, {doomed, desired, current}, values)
    if (refused !== undefined) {
      result.problems.push(`${place}${record.id}: ${refused}`)
      continue
    }
    const change: Change = {
      target,
      section: section.name,
      id: record.id,
      action: 'update',
      ref: server.ref,
      before: shown(server.fields, secretEither),
      after: shown(record.fields, secret),
      fields,
      sources,
    }
    result.changes.push(change)
    result.wanted.set(change, record.fields)
    result.read.set(change, server)
  }
  // what the API cannot delete (a scope's own settings) is never pruned, whatever `prune: true` covers
  if (prune && section.remove) {
    for (const server of doomed) {
      const why = section.kept?.(server, {doomed, desired, current})
      if (why !== undefined) {
        result.uncompared.push({target, section: section.name, id: server.id, fields: [], reason: 'kept', why})
        continue
      }
      const secret = serverSecret(section, server.fields)
      result.changes.push({target, section: section.name, id: server.id, action: 'delete', ref: server.ref, before: shown(server.fields, secret), fields: []})
    }
  }
  return result
}
