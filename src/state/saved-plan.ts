// A plan saved for a later `apply PLAN` (`plan --out`): the changes as data, with no secret value in
// it: each secret is saved as where to find it again ({env: NAME}, a file, or the place in the state
// file), and found again when the plan is applied.
import {dirname, normalize, resolve, sep} from 'node:path'
import {UsageError} from '../core/base/errors.js'
import type {IO} from '../core/base/io.js'
import {readWhole, unreadableReason, utf8Text} from '../core/base/read-whole.js'
import {shownHost} from '../core/base/redact.js'
import {reveal, secret} from '../core/base/secret.js'
import {assertFolderForFiles} from '../core/config/folder.js'
import {checkText, checkValue} from '../core/input/input.js'
import {FileLimitError, type FileLimits, fileLimits, parseData, readDataFile, readLimit} from '../core/input/parse-data.js'
import {type Change, SENSITIVE} from './diff.js'
import {parseStateText, type Where, wherePath} from './document.js'
import type {Plan} from './plan.js'
import {insideWorkingFolder, type ReferenceOptions, resolveReference} from './refs.js'
import {inputOf, type SecretSource, type Section, sameValue} from './section.js'
import {sectionOf} from './sections.js'

const FORMAT = 'forgectl-plan'

export interface SavedPlan {
  format: typeof FORMAT
  version: 1
  file: string
  /** the server the plan was made against: its records, IDs and state are that server's */
  host: string
  created_at: string
  changes: Change[]
}

/** the plan as saved: changes only, secrets as sources */
export function savedPlan(plan: Plan, now = new Date()): SavedPlan {
  return {format: FORMAT, version: 1, file: plan.file, host: plan.host, created_at: now.toISOString(), changes: plan.changes}
}

/**
 * Where `plan --out` may write, checked before any request: a new file, or a saved plan (tonight's
 * replacing last night's). Anything else is refused: `plan -f acme.yaml --out acme.yaml`, one slip,
 * wrote the plan over the state file it was made from.
 */
export async function checkPlanTarget(path: string, io: Pick<IO, 'stdin' | 'env'>): Promise<void> {
  const limits = fileLimits(io.env)
  if (path !== '-') assertFolderForFiles(dirname(resolve(path)))
  let text: string
  try {
    text = utf8Text(await readWhole(path, io.stdin, readLimit(limits)))
  } catch (error) {
    if (unreadableReason(error) === 'ENOENT') return
    throw new UsageError(`--out ${path}: cannot read what is there: ${unreadableReason(error)}`)
  }
  let data: unknown
  try {
    data = await parseData(text, {file: path, json: true, numbers: 'value', limits})
  } catch {
    data = undefined
  }
  if (!isObject(data) || data.format !== FORMAT) throw new UsageError(`--out ${path} exists and is not a saved plan: a plan replaces only a plan; choose another name`)
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * A saved plan read back: every change checked to name a known section and action, and the plan made
 * against `host`, the server it is about to be applied to (another server's records and IDs are not
 * this one's: its creates would land there unchecked, its IDs name other records).
 */
export async function readSavedPlan(path: string, host: string, io: Pick<IO, 'stdin' | 'env'>): Promise<SavedPlan> {
  const limits = fileLimits(io.env)
  let text: string
  try {
    text = utf8Text(await readWhole(path, io.stdin, readLimit(limits)))
  } catch (error) {
    throw new UsageError(`cannot read PLAN ${path}: ${unreadableReason(error)}`)
  }
  let data: unknown
  try {
    data = await parseData(text, {file: path, json: true, numbers: 'value', limits})
  } catch (error) {
    if (error instanceof FileLimitError) throw error
    throw await notAPlan(path, text, limits, `${path} is not a saved plan (not JSON): save one with forgectl plan -f FILE --out PLAN`)
  }
  if (!isObject(data) || data.format !== FORMAT || data.version !== 1 || !Array.isArray(data.changes)) {
    throw await notAPlan(path, text, limits, `${path} is not a saved plan of this version (format ${FORMAT}, version 1): plan again with --out`)
  }
  if (typeof data.host !== 'string') throw new UsageError(`${path} does not say which server it was planned against: plan again with --out`)
  // the file's host is anyone's text: shown as every host is, with nothing of a user or password
  if (data.host !== host) throw new UsageError(`${path} was planned against ${shownHost(data.host)}, not ${host}: plan again against this server`)
  for (const [index, change] of (data.changes as unknown[]).entries()) {
    const ok =
      isObject(change)
      && isObject(change.target)
      && ['instance', 'groups', 'projects'].includes(String(change.target.kind))
      && typeof change.target.path === 'string'
      && typeof change.section === 'string'
      && sectionOf(change.target.kind as 'instance', change.section) !== undefined
      && ['create', 'update', 'delete'].includes(String(change.action))
      // a section whose records the API cannot delete (an instance deploy key) has no delete to apply
      && (change.action !== 'delete' || sectionOf(change.target.kind as 'instance', change.section)?.remove !== undefined)
      && typeof change.id === 'string'
      && Array.isArray(change.fields)
    if (!ok) throw new UsageError(`${path}: change ${index + 1} is not a change forgectl can apply: plan again with --out`)
    const problem = misplacedSource(change as unknown as Change, data.file)
    if (problem) throw new UsageError(`${path}: change ${index + 1}: ${problem}; the plan was edited: plan again with --out`)
  }
  return data as unknown as SavedPlan
}

/**
 * A plain secret is found again in the state file the plan was made from, at its own record's field:
 * `{state:, at:}` is part of a file anyone who can write it may edit, and pointed at another data
 * file of the working folder (a .env read whole as one YAML string, a CI file's token) or at another
 * place, it sent that value as the field's. What the file holds there is checked as it is read
 * (secretValue: a state file, version 1).
 */
function misplacedSource(change: Change, file: unknown): string | undefined {
  for (const [field, source] of Object.entries((change.sources ?? {}) as Record<string, unknown>)) {
    if (!isObject(source) || !('state' in source)) continue
    const {state, at} = source
    if (typeof state !== 'string' || !Array.isArray(at)) return `the source of ${field} is not one forgectl writes`
    // the plan names its file as it was given (relative to where it was planned), a source by its whole path
    if (state !== '-' && (typeof file !== 'string' || file === '-' || (state !== resolve(file) && !state.endsWith(`${sep}${normalize(file)}`)))) {
      return `${state} is not the state file the plan was made from`
    }
    const section = change.target.kind === 'instance' ? at[1] : at[2]
    if (at[0] !== change.target.kind || section !== change.section || at.at(-1) !== field || at.length < (change.target.kind === 'instance' ? 4 : 5)) {
      return `${wherePath(at as Where)} is not the place of the ${change.section} ${change.id}'s ${field}`
    }
  }
  return undefined
}

/**
 * The refusal of a PLAN that is not one. A state file given where a plan goes (`apply acme.yaml`, the
 * easy slip) is named as one, with the command it meant, rather than told to save a plan under its
 * own name, which would write over it.
 */
async function notAPlan(path: string, text: string, limits: FileLimits, otherwise: string): Promise<UsageError> {
  const state = await parseStateText(text, path, limits).catch(() => undefined)
  if (isObject(state) && 'version' in state && !('format' in state)) return new UsageError(`${path} is a state file, not a saved plan: forgectl apply -f ${path}`)
  return new UsageError(otherwise)
}

/**
 * The values a saved change sends: its `after`, with each secret found again where the plan says.
 * A plan is a file anyone may edit, so what it sends passes the rules a state file's values pass (a
 * field the section has, a value its input takes), names the record the change names, and is what
 * the confirmation shows (`fields`): otherwise `+ labels a: color "red"` could send another record
 * or colour.
 */
export async function wantedFromSaved(change: Change, stateFiles: Map<string, Promise<unknown>>, references: ReferenceOptions): Promise<Record<string, unknown> | undefined> {
  if (!change.after) return undefined
  const section = sectionOf(change.target.kind, change.section)!
  const name = `${change.target.path || 'instance'} ${change.section} ${change.id}`
  const edited = (what: string) => new UsageError(`${name}: ${what}; the plan was edited: plan again with --out`)
  const wanted: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(change.after)) {
    const input = inputOf(section, field)
    if (!input) throw edited(`${field} is no field of ${change.section}`)
    wanted[field] = value === null || value === '' || value === SENSITIVE ? value : checkValue(input, value, `${name}: ${field}`)
  }
  for (const [field, source] of Object.entries(change.sources ?? {})) {
    const input = inputOf(section, field)
    if (!input) continue
    const where = `${name}: ${field}`
    const value = await secretValue(source, where, stateFiles, references)
    // a secret is never quoted in the refusal (the rule alone), and is held as a Secret from here on (core/base/secret.ts)
    wanted[field] = secret(typeof value === 'string' ? checkText(input, value, where, false) : checkValue(input, value, where))
  }
  for (const [field, value] of Object.entries(wanted)) {
    if (value === SENSITIVE) throw new UsageError(`${change.section} ${change.id}: the plan does not say where the secret ${field} comes from: plan again with --out`)
  }
  for (const shown of change.fields) {
    if (!Object.hasOwn(wanted, shown.field) || (!shown.sensitive && !sameValue(shown.after, reveal(wanted[shown.field])))) throw edited(`${shown.field} is not what the plan shows`)
    // shown as (sensitive), a value is a secret found again, or on an update one the server hides: `sensitive: true` edited in hid a plain value
    if (shown.sensitive && !Object.hasOwn(change.sources ?? {}, shown.field) && !(change.action === 'update' && change.before?.[shown.field] === SENSITIVE)) {
      throw edited(`${shown.field} is shown as ${SENSITIVE} but is no secret`)
    }
  }
  // and nothing is sent that it does not show: a field left out of `fields` would go unseen (`~ variables
  // X: protected false → true` sent another value). Unshown, a create sends only what its ID names; an
  // update, only what the server holds already (`before`, which movedSincePlan compares with the server),
  // a secret found again, or what it cannot compare (a value the server hides, a field fixed at creation)
  const shownFields = new Set(change.fields.map(shown => shown.field))
  for (const [field, value] of Object.entries(wanted)) {
    if (shownFields.has(field) || field === section.keyField || section.identityFields?.includes(field)) continue
    if (change.action === 'update' && (unshownKept(section, field, reveal(value), change.before) || Object.hasOwn(change.sources ?? {}, field))) continue
    throw edited(`${field} would be sent but is not shown`)
  }
  let identity: string | undefined
  try {
    identity = section.identity(Object.fromEntries(Object.entries(wanted).map(([field, value]) => [field, reveal(value)])))
  } catch {
    identity = undefined
  }
  if (identity !== change.id) throw edited(`its values name another record (${identity ?? 'none'})`)
  return wanted
}

/** an update's field the plan does not show, sent as the server already holds it (or as nobody can compare it) */
function unshownKept(section: Section, field: string, value: unknown, before: Readonly<Record<string, unknown>> | undefined): boolean {
  if (section.createOnly?.includes(field) || before?.[field] === SENSITIVE) return true
  return section.same ? section.same(field, value, before?.[field]) : sameValue(value, before?.[field])
}

async function secretValue(source: SecretSource, where: string, stateFiles: Map<string, Promise<unknown>>, references: ReferenceOptions): Promise<unknown> {
  if (!('state' in source)) {
    try {
      // the folder a {file:} is confined to is the plan's word for it, or the working folder: never `/`,
      // which a plan edited to drop its folder made the root of `{file: home/me/.ssh/id_rsa}`
      const folder = 'file' in source ? (source.folder ?? '.') : '.'
      if ('file' in source) await insideWorkingFolder(folder, references)
      return await resolveReference(source, folder, references)
    } catch (error) {
      throw new UsageError(`${where}: ${(error as Error).message}`)
    }
  }
  if (source.state === '-') throw new UsageError(`${where}: the plan was made from standard input, which cannot be read again: apply -f instead`)
  await insideWorkingFolder(source.state, references).catch(error => {
    throw new UsageError(`${where}: ${(error as Error).message}`)
  })
  if (!stateFiles.has(source.state))
    stateFiles.set(
      source.state,
      readDataFile(source.state, 'file', references.io).then(text => parseStateText(text, source.state, fileLimits(references.io.env))),
    )
  let value = await stateFiles.get(source.state)!
  if (!isObject(value) || value.version !== 1) throw new UsageError(`${where}: ${source.state} is not a state file (version: 1): plan again`)
  for (const step of source.at as Where) value = (value as Record<string | number, unknown> | undefined)?.[step]
  if (value === undefined || (typeof value === 'object' && value !== null)) {
    throw new UsageError(`${where}: ${source.state} no longer holds it at ${wherePath(source.at)}: plan again`)
  }
  return value
}
