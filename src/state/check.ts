// A state file checked whole before any request (STATE.md): its shape, every section and field name,
// and every value through the same input declarations as the matching command's flags (src/api), with
// `{env: NAME}` and `{file: PATH}` read on the way. The first refusal is one line naming the file and
// the place inside it, exit 2.
import {resolve} from 'node:path'
import {letSignalsIn} from '../core/base/let-signals-in.js'
import {secret} from '../core/base/secret.js'
import {didYouMean} from '../core/input/did-you-mean.js'
import {type AnyInput, checkText, checkValue, InputError, RuleBroken} from '../core/input/input.js'
import {StateFileError, type StateText, type Where, wherePath} from './document.js'
import {keyProblem} from './glob.js'
import {anchored, asReference, type ReferenceOptions, resolveReference} from './refs.js'
import {type DesiredRecord, inputOf, type ScopeKind, type SecretSource, type Section} from './section.js'
import {sectionNames, sectionOf} from './sections.js'

/** one entry of the file: the instance, or a key under groups: or projects: (a path or a glob) */
export interface CheckedEntry {
  kind: ScopeKind
  key: string
  where: Where
  /** `skip:` as the entry says it; undefined when it does not, so that a later entry leaves an earlier skip as it was */
  skip?: boolean
  /** `prune: true` (every section of the entry) or the sections named */
  prune?: true | string[]
  /** `replace: [labels]`: these sections drop what earlier entries said for the scope instead of merging with it */
  replace?: string[]
  sections: Map<string, Map<string, DesiredRecord>>
}

export interface StateModel {
  /** undefined for export's selection from the command line */
  file: string | undefined
  folder: string
  entries: CheckedEntry[]
}

const TOP = ['version', 'instance', 'groups', 'projects']

const isMapping = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** the file's text, how far its references may reach (refs.ts), its whole path (a plain secret's source, once for every record), and the sections planned */
type CheckText = StateText & {references: ReferenceOptions; path: string; sections?: readonly string[]}

/**
 * `sections` (--sections): only those are checked, and only their references read; the file's other
 * sections are left out of the model whole, as if not written (their names are still checked), and so
 * is their place in `prune:`, which would otherwise delete every record of a section the model lacks.
 */
export async function checkState(state: StateText, references: ReferenceOptions, sections?: readonly string[]): Promise<StateModel> {
  const text: CheckText = {...state, references, path: state.file === '-' ? '-' : resolve(state.file), ...(sections === undefined ? {} : {sections})}
  const {file, data} = text
  const fail = (where: Where, rule: string): never => {
    throw new StateFileError(file, where, rule)
  }
  if (!isMapping(data)) fail([], 'must be a mapping with version: 1 and instance:, groups: or projects:')
  const top = data as Record<string, unknown>
  for (const key of Object.keys(top)) if (!TOP.includes(key)) fail([key], `unknown top-level key (keys: ${TOP.join(', ')})${didYouMean(key, TOP)}`)
  if (top.version !== 1) fail(['version'], top.version === undefined ? 'missing: the file starts with version: 1' : 'must be 1 (the only version of the format)')
  const entries: CheckedEntry[] = []
  if (top.instance !== undefined && top.instance !== null) entries.push(await checkEntry(text, 'instance', '', ['instance'], top.instance))
  for (const kind of ['groups', 'projects'] as const) {
    const scopes = top[kind]
    if (scopes === undefined || scopes === null) continue
    if (!isMapping(scopes)) fail([kind], `must be a mapping of ${kind === 'groups' ? 'group' : 'project'} paths or globs to what they hold`)
    for (const [key, value] of Object.entries(scopes as Record<string, unknown>)) {
      // 100,000 projects take seconds to check: a signal is heard between them
      await letSignalsIn()
      const problem = keyProblem(key)
      if (problem) fail([kind, key], problem)
      entries.push(await checkEntry(text, kind, key, [kind, key], value))
    }
  }
  return {file, folder: text.folder, entries}
}

async function checkEntry(text: CheckText, kind: ScopeKind, key: string, where: Where, value: unknown): Promise<CheckedEntry> {
  const fail = (at: Where, rule: string): never => {
    throw new StateFileError(text.file, at, rule)
  }
  const entry: CheckedEntry = {kind, key, where, sections: new Map()}
  if (value === null) return entry
  if (!isMapping(value)) fail(where, 'must be a mapping of sections')
  for (const [name, content] of Object.entries(value as Record<string, unknown>)) {
    const at = [...where, name]
    if (name === 'skip' && kind !== 'instance') {
      if (typeof content !== 'boolean') fail(at, 'must be true or false')
      entry.skip = content as boolean
      continue
    }
    if (name === 'prune') {
      const prune = checkPrune(kind, content, at, fail)
      entry.prune = prune === true || text.sections === undefined ? prune : prune.filter(section => text.sections!.includes(section))
      continue
    }
    if (name === 'replace' && kind !== 'instance') {
      entry.replace = checkReplace(kind, content, at, fail)
      continue
    }
    const section = sectionOf(kind, name)
    if (!section) {
      const words = [...sectionNames(kind), 'prune', ...(kind === 'instance' ? [] : ['skip', 'replace'])]
      fail(at, `unknown section (here: ${words.join(', ')})${didYouMean(name, words)}`)
    }
    if (text.sections !== undefined && !text.sections.includes(name)) continue
    entry.sections.set(name, await checkSection(text, kind, section!, at, content))
  }
  return entry
}

function checkPrune(kind: ScopeKind, content: unknown, at: Where, fail: (at: Where, rule: string) => never): true | string[] {
  if (content === true) return true
  if (content === false) return []
  if (!Array.isArray(content)) fail(at, 'must be true or a list of sections ([labels, hooks])')
  return (content as unknown[]).map((name, index) => {
    const section = namedSection(kind, name, [...at, index], fail)
    if (!section.remove) fail([...at, index], `the API cannot delete ${kind === 'instance' ? 'instance ' : ''}${section.name}: it cannot be pruned`)
    return section.name
  })
}

/** a section a list of `prune:` or `replace:` names: one of this kind of scope */
function namedSection(kind: ScopeKind, name: unknown, at: Where, fail: (at: Where, rule: string) => never): Section {
  const section = typeof name === 'string' ? sectionOf(kind, name) : undefined
  if (section) return section
  const hint = typeof name === 'string' ? didYouMean(name, sectionNames(kind)) : ''
  return fail(at, `unknown section${typeof name === 'string' ? ` "${name}"` : ''} (here: ${sectionNames(kind).join(', ')})${hint}`)
}

/** `replace:` names sections of this kind of scope */
function checkReplace(kind: ScopeKind, content: unknown, at: Where, fail: (at: Where, rule: string) => never): string[] {
  if (!Array.isArray(content)) fail(at, 'must be a list of sections ([labels, variables])')
  return (content as unknown[]).map((name, index) => namedSection(kind, name, [...at, index], fail).name)
}

async function checkSection(text: CheckText, kind: ScopeKind, section: Section, where: Where, content: unknown): Promise<Map<string, DesiredRecord>> {
  const records = new Map<string, DesiredRecord>()
  if (content === null) return records
  const add = (record: DesiredRecord) => {
    const earlier = records.get(record.id)
    if (earlier) throw new StateFileError(text.file, record.where, `the same record as ${wherePath(earlier.where)} (${record.id})`)
    records.set(record.id, record)
  }
  if (section.shape === 'map') {
    if (!isMapping(content)) throw new StateFileError(text.file, where, `must be a mapping by ${section.keyField}`)
    for (const [key, value] of Object.entries(content as Record<string, unknown>)) {
      // one key in several environment scopes: a list of records under it, each of its own scope (STATE.md)
      if (section.several && Array.isArray(value)) {
        for (const [index, item] of value.entries()) add({...(await checkRecord(text, kind, section, [...where, key, index], item, key)), listed: true})
        continue
      }
      add(await checkRecord(text, kind, section, [...where, key], value, key))
    }
  } else if (section.shape === 'record') {
    if (!isMapping(content)) throw new StateFileError(text.file, where, 'must be a mapping of fields ({field: value, …})')
    add(await checkRecord(text, kind, section, where, content))
  } else {
    if (!Array.isArray(content)) throw new StateFileError(text.file, where, 'must be a list of records')
    for (const [index, value] of (content as unknown[]).entries()) add(await checkRecord(text, kind, section, [...where, index], value))
  }
  return records
}

/**
 * where a refused field's message names it, spelled out only when refused: the place of each of the
 * 300,000 fields of a large file was most of its check
 */
const PLACE = '\u0000place'

/** a field no record may leave out, whatever it merges with: a variable's value (the API's PUT needs it too) */
const ALWAYS: Readonly<Record<string, readonly string[]>> = {variables: ['value']}

async function checkRecord(text: CheckText, kind: ScopeKind, section: Section, where: Where, raw: unknown, mapKey?: string): Promise<DesiredRecord> {
  const fail = (at: Where, rule: string): never => {
    throw new StateFileError(text.file, at, rule)
  }
  const record = section.shorthand?.(raw) ?? raw
  if (!isMapping(record)) fail(where, section.shape === 'map' ? 'must be a mapping of fields' : 'must be a mapping of fields ({field: value, …})')
  const given = Object.entries(record as Record<string, unknown>)
  if (section.keyField && mapKey !== undefined) {
    if (Object.hasOwn(record as object, section.keyField)) fail([...where, section.keyField], `the ${section.keyField} is the record's key; leave it out`)
    given.push([section.keyField, mapKey])
  }
  const fields: Record<string, unknown> = {}
  const sources: Record<string, SecretSource> = {}
  const byReference: string[] = []
  /** the values no refusal may quote: given by reference, or of an input declared secret */
  const unquoted: string[] = []
  for (const [field, value] of given) {
    // the field's place, built only where it is kept or told (most fields of a large file are neither)
    const at = (): Where => (field === section.keyField ? where : [...where, field])
    const input = inputOf(section, field)
    if (!input) {
      const fieldNames = Object.keys(section.inputs).filter(name => name !== section.keyField)
      fail(at(), `unknown field (fields: ${fieldNames.join(', ')})${didYouMean(field, fieldNames)}`)
    }
    const {reference, bad} = asReference(value)
    if (bad) fail(at(), bad)
    let plain = value
    if (reference) {
      try {
        plain = await resolveReference(reference, text.folder, text.references)
      } catch (error) {
        fail(at(), (error as Error).message)
      }
      byReference.push(field)
      sources[field] = anchored(reference, text.folder)
    } else if (input!.secret) {
      sources[field] = {state: text.path, at: at()}
    }
    const hidden = reference !== undefined || input!.secret === true
    if (hidden && typeof plain === 'string') unquoted.push(plain)
    try {
      fields[field] = checkField(input!, plain, PLACE, hidden)
    } catch (error) {
      if (!(error instanceof InputError) || !error.where.startsWith(PLACE)) throw error
      throw new InputError(`${text.file}: ${wherePath(at())}${error.where.slice(PLACE.length)}`, hidden ? untold(error.rule, unquoted) : error.rule)
    }
  }
  for (const field of ALWAYS[section.name] ?? []) if (fields[field] === undefined) fail(where, `missing ${field}`)
  // the record's own rules see the values; what they say of a secret is told without it
  const broken = section.recordRule?.(fields, kind)
  if (broken) fail(broken.field ? [...where, broken.field] : where, untold(broken.rule, unquoted))
  // the values as the server will keep them, whichever way the file spelled them (every record passes here)
  if (section.stored) {
    const stored = section.stored(fields)
    for (const field of Object.keys(fields)) if (!(field in stored)) delete fields[field]
    Object.assign(fields, stored)
  }
  let id = ''
  try {
    id = section.identity(fields)
  } catch (error) {
    fail(where, untold((error as Error).message, unquoted))
  }
  // the identity is printed in every plan line: a field it shows cannot be a secret (a hook's URL and a
  // key are shown by fingerprint, and may be)
  for (const field of byReference) {
    const value = fields[field]
    if ((field === section.keyField || section.identityFields?.includes(field)) && typeof value === 'string' && value !== '' && id.includes(value)) {
      fail([...where, field], 'names the record, and every plan line shows it: it cannot be a secret reference; write it in the file')
    }
  }
  // a secret is a type from here on (core/base/secret.ts): every printed form of the record shows its marker
  for (const field of Object.keys(fields)) if (byReference.includes(field) || section.secret(field, fields, false)) fields[field] = secret(fields[field])
  return {id, fields, sources, byReference, where, ...(mapKey === undefined ? {} : {key: mapKey})}
}

/**
 * A rule's words about a secret value, told without it: a quoted part (a key's type word, a near
 * choice) and the value itself become "…", and no "did you mean" hints at what it is.
 */
function untold(rule: string, values: readonly string[]): string {
  // from the first quote to the last: a value holding `"` ended a shorter quoted part early, and its rest was shown
  let told = rule.replace(/; did you mean [^;]*\?$/, '').replace(/"[\s\S]*"/, '"…"')
  // the value, and each of its words, which a rule may repeat alone and unquoted
  for (const value of values) for (const part of [value, ...value.split(/\s+/).filter(word => word.length >= 4)]) if (part.trim() !== '') told = told.replaceAll(part, '…')
  return told
}

/** one value through its input's rule; null is the input's own null (a label's priority, a level) or "" where "" clears; a hidden value is never quoted */
function checkField(input: AnyInput, value: unknown, where: string, hidden: boolean): unknown {
  if (value === null) {
    try {
      const parsed = input.parse('null')
      if (parsed === null) return null
    } catch (error) {
      if (!(error instanceof RuleBroken)) throw error
    }
    if (input.empty === 'clears') return ''
    throw new InputError(where, 'must not be null')
  }
  if (typeof value === 'object' && !Array.isArray(value)) throw new InputError(where, 'must be a value, not a mapping')
  return hidden && typeof value === 'string' ? checkText(input, value, where, false) : checkValue(input, value, where)
}
