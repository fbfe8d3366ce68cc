import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {CliError, ExitCode, UsageError} from '../core/base/errors.js'
import {toldApart} from '../core/base/escape.js'
import {info} from '../core/base/notes.js'
import {shardFlag, yesFlag} from '../core/input/flags.js'
import {type BulkResult, bulkFailure} from '../core/lists/bulk.js'
import {DEFAULT_CONCURRENCY} from '../core/lists/pagination.js'
import {DATA_FORMATS} from '../core/output/formats.js'
import type {OutputSpec} from '../core/output/output-spec.js'
import {canPrompt} from '../core/terminal/terminal.js'
import {checkDeletes, DEFAULT_MAX_DELETES, movedSincePlan, runChanges} from '../state/apply.js'
import type {Change} from '../state/diff.js'
import {wantedOf} from '../state/plan.js'
import {readContext} from '../state/read-all.js'
import {renderPlan, renderSaved} from '../state/render.js'
import {readSavedPlan, wantedFromSaved} from '../state/saved-plan.js'
import {concurrencyFlag, filesOutsideFlag, planFromFile, plannedSections, StateCommand, sectionsFlag, stateFileFlag} from '../topics/state.js'

export default class Apply extends StateCommand<typeof Apply> {
  static summary = 'Make the server match a state file (or apply a saved plan)'
  static description =
    'Plans as `forgectl plan` does (or reads a plan saved with plan --out), shows the plan, asks for confirmation on a terminal (refuses without --yes elsewhere), then makes the changes several at a time (POST, PUT, PATCH or DELETE on each section endpoint) and reports each as done or failed: a failure does not stop the others, and the exit status is non-zero when anything failed. A plan that deletes more than --max-deletes records is refused before anything is sent. A saved plan is refused, naming what moved, when the server no longer looks as it did at planning time for a record the plan changes. Applying the same file again sends no write. With --json (or -o yaml, -o ndjson, --jq) stdout holds each change as `plan --json` shows it, with its outcome (done, failed and its error, not sent under --dry-run); the plan and the summary then go to stderr.'
  static examples = [
    '<%= config.bin %> apply -f acme.yaml',
    '<%= config.bin %> apply -f acme.yaml --yes --max-deletes 50',
    '<%= config.bin %> apply acme.plan --yes',
    `<%= config.bin %> apply -f acme.yaml --yes --json | jq -r '.[] | select(.outcome != "done") | "\\(.id): \\(.error)"'`,
  ]
  static args = {plan: Args.string({description: 'a plan saved by `forgectl plan --out` (instead of -f)'})}
  // text by default; as data, each change with its outcome (issue 37), like `terraform apply -json`; no csv of nested changes
  static outputs: OutputSpec = {formats: ['table', ...DATA_FORMATS], default: 'table', jq: true, columns: true, sort: false, rows: false, prints: 'each change with its outcome'}
  static flags = {
    file: stateFileFlag.optional,
    sections: sectionsFlag,
    'max-deletes': Flags.integer({description: `refuse a plan that deletes more records than this (default ${DEFAULT_MAX_DELETES})`, min: 0, default: DEFAULT_MAX_DELETES}),
    concurrency: concurrencyFlag,
    'allow-files-outside': filesOutsideFlag,
    ...shardFlag('scopes of the state file'),
    // the fan-outs' --resume (issue 29, point 3), for a CI script that adds it to every rerun: apply needs no journal
    resume: Flags.boolean({
      description:
        'finish an apply that was stopped or had failures: apply plans again from the server, so a rerun (with or without --resume) sends only what is left; a saved PLAN is planned again instead',
    }),
    ...yesFlag,
  }

  async run(): Promise<void> {
    const {file, concurrency = DEFAULT_CONCURRENCY} = this.flags
    const planPath = this.args.plan
    if (planPath !== undefined && this.flags.shard) throw new UsageError('--shard splits a state file (-f); a saved PLAN is applied whole: plan with --shard instead')
    if (planPath !== undefined && this.flags.sections !== undefined) throw new UsageError('--sections limits a state file (-f); a saved PLAN is applied whole: plan with --sections instead')
    if ((file === undefined) === (planPath === undefined)) throw new UsageError(file === undefined ? 'give a state file (-f FILE) or a saved PLAN' : 'give -f FILE or a saved PLAN, not both')
    if (planPath !== undefined && this.flags.resume) {
      throw new UsageError('--resume: a saved PLAN is out of date once part of it was applied; plan again (`forgectl plan -f FILE --out PLAN`): the new plan holds only what is left')
    }
    if (this.flags.resume) this.note(info('resuming: apply plans again from the server, so only what is left is sent'))
    const references = {filesOutside: this.flags['allow-files-outside'], io: this.io}
    const sections = plannedSections(this.flags.sections)
    // as data, stdout holds only the outcomes: the plan a person confirms goes to stderr
    const data = this.format !== 'table' || this.shared.jq !== undefined
    const show = (text: string) => (data ? this.io.stderr.write(text) : this.printer.text(text))
    // with -q, the plan beside the data is a message like the others: shown only to a person who must answer for it
    const asks = !this.shared.yes && !this.shared['dry-run'] && canPrompt(this.io)
    const showPlan = (text: string) => (data && this.shared.quiet && !asks ? undefined : show(text))
    let changes: Change[]
    let wanted: (change: Change) => Record<string, unknown> | undefined
    if (file !== undefined) {
      const plan = await planFromFile(this.reader, file, {concurrency, shard: this.flags.shard, references, sections})
      if (plan.problems.length > 0) {
        show(renderPlan(plan))
        throw new CliError(`nothing was changed: ${plan.problems.length} record${plan.problems.length === 1 ? '' : 's'} cannot be applied as written`, ExitCode.error)
      }
      changes = plan.changes
      wanted = wantedOf
      if (changes.length > 0) showPlan(renderPlan(plan))
    } else {
      const saved = await readSavedPlan(planPath!, this.connection.host, this.io)
      changes = saved.changes
      // every secret found again before anything is read or sent
      const states = new Map<string, Promise<unknown>>()
      const values = new Map<Change, Record<string, unknown> | undefined>()
      for (const change of changes) values.set(change, await wantedFromSaved(change, states, references))
      wanted = change => values.get(change)
      const moved = await movedSincePlan(readContext(this.reader, concurrency), changes, concurrency, wanted)
      if (moved.length > 0) throw new CliError(`nothing was changed: the server no longer looks as it did when ${planPath} was made (${moved.join('; ')}); plan again`, ExitCode.conflict)
      if (changes.length > 0) showPlan(renderSaved(changes, `${planPath}, planned ${saved.created_at}`))
    }
    if (changes.length === 0) {
      if (!data) return this.printer.text('No changes: the server matches the file.\n')
      this.note(info('No changes: the server matches the file.'))
      return this.printer.list(oneList([]))
    }
    checkDeletes(changes, this.flags['max-deletes'])
    await this.confirm(`apply ${changes.length} change${changes.length === 1 ? '' : 's'}`)
    const results = await runChanges(this.api, changes, wanted, concurrency)
    const requests = this.reader === this.api ? this.api.sent : this.reader.sent + this.api.sent
    if (data) await this.printer.list(oneList(changes.map((change, index) => outcomeOf(change, results[index]!))))
    else {
      const lines = results.map(result => `${outcomeWord(result).padEnd(11)} ${result.item}${result.error ? `: ${result.error}` : ''}`)
      // as the plan's lines are shown: two records whose names read the same (`bug` + U+200B, `bug\u200b` typed) read apart
      if (lines.length > 0) this.printer.text(`${toldApart(lines).join('\n')}\n`)
    }
    const summary = summaryOf(results, requests, this.shared['dry-run'], this.reader.sent)
    if (data) this.note(info(summary))
    else this.printer.text(`${summary}\n`)
    const failure = bulkFailure(results)
    if (failure) throw failure
  }
}

async function* oneList(records: unknown[]): AsyncGenerator<unknown[]> {
  yield records
}

/** one change as `plan --json` shows it, with what became of it: done, failed, not sent (--dry-run) … */
function outcomeOf({sources: _sources, ...change}: Change, result: BulkResult<unknown>): Record<string, unknown> {
  return {...change, outcome: outcomeWord(result), ...(result.error ? {error: result.error} : {})}
}

function outcomeWord(result: BulkResult<unknown>): string {
  return result.status === 'ok' ? 'done' : result.status === 'dry-run' ? 'not sent' : result.status
}

/** the line that ends a report given as data, on stderr */
function summaryOf(results: ReadonlyArray<BulkResult<unknown>>, requests: number, dryRun: boolean | undefined, reads: number): string {
  const done = results.filter(result => result.status === 'ok').length
  if (dryRun) return `Dry run: ${results.length} change${results.length === 1 ? '' : 's'} shown on stderr, none sent (${reads} reads).`
  return `Applied: ${done} done, ${results.length - done} not done (${requests} requests).`
}
