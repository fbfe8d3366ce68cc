// What `plan`, `apply` and `export` share: the state file flag, the concurrency of their requests,
// and the plan read from a file (src/state does the work; these commands only name it).
import type {Command} from '@oclif/core/command'
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/base/errors.js'
import {ApiCommand} from '../core/command/api-command.js'
import {ApiClient} from '../core/http/request.js'
import type {Shard} from '../core/input/shard.js'
import {DEFAULT_CONCURRENCY} from '../core/lists/pagination.js'
import {checkState} from '../state/check.js'
import {readStateDocument} from '../state/document.js'
import {makePlan, type Plan} from '../state/plan.js'
import type {ReferenceOptions} from '../state/refs.js'
import {checkSectionNames, STATE_SECRET_FIELDS} from '../state/sections.js'

const FILE_DESCRIPTION = 'state file, YAML or JSON (- for standard input); see "Many projects as code" in the README'
export const stateFileFlag = {
  required: Flags.string({char: 'f', description: FILE_DESCRIPTION, helpValue: 'FILE', required: true}),
  optional: Flags.string({char: 'f', description: FILE_DESCRIPTION, helpValue: 'FILE'}),
}

/** how far a state file's `{file: PATH}` may reach (state/refs.ts): its own folder unless this is given */
export const filesOutsideFlag = Flags.boolean({
  description:
    "let {file: PATH} references read outside the state file's folder (an absolute path, .., a symbolic link leading out), and a saved PLAN find its secrets outside the working folder; without it a state file reads only files beside it",
})

export const concurrencyFlag = Flags.integer({description: `requests at once: lists read, and changes made by apply (default ${DEFAULT_CONCURRENCY})`, min: 1, max: 32})

/** `--sections` of plan and apply: only these are planned, and only their references must resolve */
export const sectionsFlag = Flags.string({
  description: "only these sections, comma-separated (labels,protected_branches): the file's other sections are left as the server has them, and their {env:}/{file:} references are not read",
  helpValue: 'a,b',
})

/** the names --sections gives, checked (exit 2 before any request), or undefined for every section */
export function plannedSections(flag: string | undefined): string[] | undefined {
  if (flag === undefined) return undefined
  const names = flag
    .split(',')
    .map(name => name.trim())
    .filter(name => name !== '')
  if (names.length === 0) throw new UsageError('--sections: name at least one section (labels,variables)')
  checkSectionNames(names)
  return names
}

export interface PlanOptions {
  concurrency?: number
  shard?: Shard
  /** how references are read: the run's environment and stdin (api.io) are added */
  references?: Omit<ReferenceOptions, 'io'>
  /** --sections: the others of the file are neither checked past their names nor planned */
  sections?: readonly string[]
}

/** the file read and checked whole (exit 2 on the first refusal, before any request), then planned */
export async function planFromFile(api: ApiClient, file: string, {concurrency = DEFAULT_CONCURRENCY, shard, references = {}, sections}: PlanOptions = {}): Promise<Plan> {
  const model = await checkState(await readStateDocument(file, api.io), {...references, io: api.io}, sections)
  return makePlan(api, model, concurrency, shard)
}

/** a plan's data, as --json prints it: every change with scope, section, identity, action, before and after */
export function planData(plan: Plan): Record<string, unknown> {
  const count = {create: 0, update: 0, delete: 0}
  for (const change of plan.changes) count[change.action]++
  return {
    file: plan.file,
    changes: plan.changes.map(({sources: _sources, ...change}) => change),
    uncompared: plan.uncompared,
    problems: plan.problems,
    summary: {...count, unchanged: plan.unchanged, scopes: plan.scopes, requests: plan.requests},
  }
}

/**
 * The base of the three: every field a section declares secret (a variable's value, a hook's token
 * and URL) is hidden in the traces of --verbose and --dry-run, whichever request carries it.
 */
export abstract class StateCommand<T extends typeof Command> extends ApiCommand<T> {
  private readerCache?: ApiClient

  protected override get secretFields(): string[] {
    return STATE_SECRET_FIELDS
  }

  /**
   * What plan and export print (through the printer: --json, -o yaml, --jq) already holds its secrets
   * as Secrets and references (src/core/base/secret.ts, state/export.ts): printed as built, not with every
   * `value` field blanked, which would make an exported document's plain variables unreadable to plan.
   */
  protected override hideSecrets(): undefined {
    return undefined
  }

  /**
   * The client of the reads. A plan only reads, so --dry-run does not stop it; apply --dry-run reads
   * and plans for real, and only its writes are shown instead of sent (`this.api`).
   */
  protected get reader(): ApiClient {
    if (!this.shared['dry-run']) return this.api
    this.noteWithheldToken()
    this.readerCache ??= new ApiClient(this.connection, this.io, {verbose: this.shared.verbose, secretFields: this.secretFields})
    return this.readerCache
  }
}
