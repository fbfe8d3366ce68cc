// `forgectl export`: the server's current state of the scopes and sections asked for, as a state
// file (STATE.md). Secrets are written as `{env: SUGGESTED_NAME}`, never as values; what a section
// cannot express (a feature flag gated for single actors) is left out and named.
import {UsageError} from '../core/base/errors.js'
import {revealFields} from '../core/base/secret.js'
import type {ApiClient} from '../core/http/request.js'
import type {CheckedEntry} from './check.js'
import {keyProblem} from './glob.js'
import {readSections} from './plan.js'
import {readContext} from './read-all.js'
import {asReference} from './refs.js'
import type {CurrentRecord, ScopeKind, Section, Target} from './section.js'
import {checkSectionNames, SECTIONS, sectionOf} from './sections.js'
import {selectScopes} from './select.js'

export interface ExportRequest {
  projects: readonly string[]
  groups: readonly string[]
  instance: boolean
  /** section names; every section of each scope when undefined */
  sections?: readonly string[]
  concurrency: number
}

export interface Exported {
  document: Record<string, unknown>
  /** records left out, with why */
  leftOut: string[]
}

/** the sections asked for that a scope of this kind has */
function sectionsFor(kind: ScopeKind, asked: readonly string[] | undefined): string[] {
  return SECTIONS[kind].map(section => section.name).filter(name => asked === undefined || asked.includes(name))
}

export function checkExportRequest(request: ExportRequest): void {
  checkSectionNames(request.sections ?? [])
  for (const [flag, keys] of [
    ['--project', request.projects],
    ['--group', request.groups],
  ] as const) {
    for (const key of keys) {
      const problem = keyProblem(key)
      if (problem) throw new UsageError(`${flag} "${key}": ${problem}`)
    }
  }
  if (request.projects.length === 0 && request.groups.length === 0 && !request.instance) throw new UsageError('nothing to export: give -p PROJECT, -g GROUP (paths or globs) or --instance')
}

export async function exportState(api: ApiClient, request: ExportRequest): Promise<Exported> {
  const entry = (kind: ScopeKind, key: string): CheckedEntry => ({kind, key, where: ['--' + (kind === 'groups' ? 'group' : 'project'), key], sections: new Map()})
  const entries = [...(request.instance ? [entry('instance', '')] : []), ...request.groups.map(key => entry('groups', key)), ...request.projects.map(key => entry('projects', key))]
  const context = readContext(api, request.concurrency)
  const scopes = await selectScopes({file: undefined, folder: '.', entries}, context, ({kind, key}) => `${kind === 'groups' ? '-g' : '-p'} ${key}`)
  const reads = scopes.flatMap(scope => sectionsFor(scope.target.kind, request.sections).map(section => ({target: scope.target, section})))
  const current = await readSections(context, reads, request.concurrency)
  const document: Record<string, unknown> = {version: 1}
  const leftOut: string[] = []
  const names = new SuggestedNames()
  reads.forEach(({target, section: name}, index) => {
    const section = sectionOf(target.kind, name)!
    // what a scope inherits (an ancestor group's labels) is written in the ancestor's entry, not here
    const records = current[index]!.filter(record => !record.inherited)
    if (records.length === 0) return
    const items: unknown[] = []
    const byKey = new Map<string, Array<{value: unknown; record: CurrentRecord}>>()
    for (const record of records) {
      // the section decides what a secret becomes ({env: …}); it reads the values themselves
      const written = section.exported({...record, fields: revealFields(record.fields)}, target)
      if (!written) {
        leftOut.push(`${target.path || 'instance'} ${name} ${record.id}`)
        continue
      }
      if (written.key === undefined) items.push(written.value)
      else byKey.set(written.key, [...(byKey.get(written.key) ?? []), {value: written.value, record}])
    }
    // a key the server holds in several environment scopes is a list of records under it: nothing is left out
    const several = (values: Array<{value: unknown; record: CurrentRecord}>) => values.map(({value, record}) => withIdentity(section, value, record))
    const content: Record<string, unknown> | unknown[] = section.shape === 'map' ? {} : items
    for (const [key, values] of byKey) {
      const value = values.length === 1 ? values[0]!.value : several(values)
      // its own keys only: a label named constructor or toString is no key of an empty mapping
      setOwn(content as Record<string, unknown>, key, value)
      for (const one of values.length === 1 ? [value] : (value as unknown[])) names.note(one, target)
    }
    for (const item of items) names.note(item, target)
    // the scope's one record is its fields themselves, not a list of one
    scopeEntry(document, target)[name] = section.shape === 'record' ? items[0] : content
  })
  names.settle()
  return {document, leftOut}
}

/**
 * One of several records under one key (a variable in several environment scopes), as a mapping that
 * names what tells it from the others, `environment_scope: "*"` too: a plain value alone would not say it.
 */
function withIdentity(section: Section, value: unknown, record: CurrentRecord): Record<string, unknown> {
  const mapping: Record<string, unknown> = value !== null && typeof value === 'object' && !Array.isArray(value) && !asReference(value).reference ? {...(value as Record<string, unknown>)} : {value}
  // first, as the reader tells the records apart
  const identity = Object.fromEntries((section.identityFields ?? []).map(field => [field, mapping[field] ?? record.fields[field]]).filter(([, v]) => v !== undefined))
  return {...identity, ...mapping}
}

/**
 * The `{env: NAME}` a secret is exported as: STATE_, the scope, the section's name for it (a variable's
 * key, HOOK_URL_HOST) and an environment scope other than `*`, as one upper-case word
 * (STATE_ACME_WEBSITE_DEPLOY_TOKEN, STATE_INSTANCE_REGISTRY_PASSWORD). The fixed prefix keeps every
 * name off forgectl's own variables and the credentials of the run (refs.ts refuses both): a masked
 * variable that a project's maintainer named FORGECTL_TOKEN or CI_JOB_TOKEN must not make the next
 * export → apply send the administrator's token to that project. One name per secret: a masked TOKEN
 * of two projects is two secrets, and under one name apply would write the first's value over the
 * second's; two that still meet (acme/web-site and acme/web_site) are told apart by a count.
 */
export function suggestedName(name: string, target: Target, environmentScope?: string): string {
  const scope = target.kind === 'instance' ? 'INSTANCE' : target.path
  const words = ['STATE', scope, name, ...(environmentScope === undefined || environmentScope === '*' ? [] : [environmentScope])]
  return words
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
}

class SuggestedNames {
  private readonly references: Array<{reference: {env: string}; name: string}> = []

  /** the references of a written record (its value's, one level down) */
  note(value: unknown, target: Target): void {
    const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
    const environmentScope = typeof record?.environment_scope === 'string' ? record.environment_scope : undefined
    for (const field of [value, ...Object.values(record ?? {})]) {
      const {reference} = asReference(field)
      if (!reference || !('env' in reference)) continue
      this.references.push({reference: field as {env: string}, name: suggestedName(reference.env, target, environmentScope)})
    }
  }

  settle(): void {
    const taken = new Set<string>()
    for (const {reference, name} of this.references) {
      let candidate = name
      for (let count = 2; taken.has(candidate); count++) candidate = `${name}_${count}`
      taken.add(candidate)
      reference.env = candidate
    }
  }
}

/** a key as data: `__proto__` (a label may be named so) becomes a key, not the mapping's prototype */
function setOwn(mapping: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(mapping, key, {value, enumerable: true, writable: true, configurable: true})
}

function scopeEntry(document: Record<string, unknown>, target: Target): Record<string, unknown> {
  if (target.kind === 'instance') return (document.instance ??= {}) as Record<string, unknown>
  const scopes = (document[target.kind] ??= {}) as Record<string, Record<string, unknown>>
  if (!Object.hasOwn(scopes, target.path)) setOwn(scopes, target.path, {})
  return scopes[target.path]!
}
