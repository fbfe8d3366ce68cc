// A fan-out from start to end (issue 29), for the commands that run one action over many targets
// (a --from-file of labels or variables, a deploy key for many projects): this job's share of the
// targets (--shard), the journal that --resume finishes from (src/core/lists/journal.ts), the work
// several at a time (bulk.ts), and the report. A command composes it (`fanOut(this.context, …)`); the
// commands that run one request never carry it (issue 38: it sat in ApiCommand, inherited by all).
import {resolve} from 'node:path'
import {ApiError, CliError, ExitCode} from '../base/errors.js'
import type {IO} from '../base/io.js'
import {info, type Note, warning} from '../base/notes.js'
import {configDir} from '../config/config-store.js'
import {connectionFlags, outputFlags} from '../input/flags.js'
import {inShard, type Shard} from '../input/shard.js'
import {type BulkResult, bulkFailure, bulkRow, bulkSummary, runBulk} from '../lists/bulk.js'
import {Existing} from '../lists/if-not-exists.js'
import type {JournalPlace} from '../lists/journal.js'
import type {Printer} from '../output/output.js'
import {interruption} from '../terminal/interrupt.js'

/** what a fan-out needs of the command that runs it (ApiCommand.context) */
export interface CommandContext {
  /** the command's id (`labels:create`) and its program's name (`forgectl`) */
  id: string | undefined
  bin: string
  /** its parsed flags and arguments */
  flags: Record<string, unknown>
  args: Record<string, unknown>
  /** the host of its connection */
  host: string
  env: IO['env']
  dryRun: boolean
  printer: Printer
  note(message: Note): void
}

/** a fan-out as a command declares it */
export interface FanOut<I, R> {
  /** every target the command was given, before --shard */
  items: readonly I[]
  /** how the report names an item; also its key for --resume, so unique within the run */
  name: (item: I) => string
  /** what --shard splits by (a project's path, a label's name); the name by default */
  key?: (item: I) => string
  work: (item: I) => Promise<R>
  /** the status of an item whose work succeeded */
  done?: 'ok' | 'created'
}

/** the flags a fan-out reads, when the command declares them */
interface FanOutFlags {
  concurrency?: number
  shard?: Shard
  resume?: boolean
  'from-file'?: string
}

/** the flags every API command shares: not the run's own input, so not what --resume compares */
const SHARED_FLAGS = new Set(Object.keys({...outputFlags, ...connectionFlags}))

/**
 * Runs the fan-out and reports it. Its input, for the journal, is the targets and the command's own
 * flags. --dry-run writes no journal; with --resume it reads the earlier one and shows what the resume
 * would still send.
 */
export async function fanOut<I, R>(context: CommandContext, {items, name, key = name, work, done = 'ok'}: FanOut<I, R>): Promise<void> {
  const flags = context.flags as FanOutFlags
  const mine = inShard(items, key, flags.shard)
  const journal = context.dryRun ? undefined : await openJournal(context, items)
  const earlier = context.dryRun ? await earlierRun(context, items) : journal?.earlier
  let todo = mine
  let attempt = work
  if (earlier) {
    todo = mine.filter(item => !earlier.finished.has(name(item)))
    context.note(info(`resuming: ${mine.length - todo.length} of ${mine.length} done by the earlier run, ${todo.length} left`))
    // under way when the earlier run was killed: made or not, so "already exists" is the earlier run's doing
    attempt = item =>
      work(item).catch((error: unknown) => {
        if (earlier.uncertain.has(name(item)) && error instanceof ApiError && error.exitCode === ExitCode.conflict) return new Existing(undefined) as R
        throw error
      })
  }
  let results: Array<BulkResult<R>>
  try {
    results = await runBulk(todo, name, attempt, flags.concurrency, done, journal)
    if (journal?.failure !== undefined) context.note(warning(`the journal ${journal.file} could not be written (${journal.failure}): --resume cannot finish this run`))
    if (journal && !interruption() && results.every(r => r.status !== 'failed' && r.status !== 'not as asked' && r.status !== 'not done')) journal.remove()
  } finally {
    journal?.release()
  }
  await reportBulk(context, results)
}

/**
 * The results of a fan-out, one row per item with its outcome (bulk.ts), then the counts in one line
 * on stderr; exits non-zero when any item failed. After a signal, the error line says what was not done.
 */
export async function reportBulk<R>(context: Pick<CommandContext, 'printer' | 'note'>, results: Array<BulkResult<R>>, columns: readonly string[] = ['item', 'status', 'error']): Promise<void> {
  await context.printer.list(onePage(results.map(bulkRow)), columns)
  const failure = bulkFailure(results)
  if (!interruption()) context.note(info(bulkSummary(results)))
  if (failure) throw failure
}

/** the run's journal; without one (a settings folder that cannot be written) the run goes on, and says so */
async function openJournal(context: CommandContext, items: readonly unknown[]) {
  const {Journal} = await import('../lists/journal.js')
  try {
    const {place, input} = journalInput(context, items)
    return await Journal.open(place, input, context.flags.resume === true)
  } catch (error) {
    if (error instanceof CliError) throw error
    context.note(warning(`no journal could be written (${(error as Error).message}): --resume cannot finish this run`))
    return undefined
  }
}

/** with --dry-run: the earlier run's journal, read and not written, when --resume asks for it */
async function earlierRun(context: CommandContext, items: readonly unknown[]) {
  if (context.flags.resume !== true) return undefined
  const {Journal} = await import('../lists/journal.js')
  const {place, input} = journalInput(context, items)
  return Journal.earlier(place, input)
}

/** where the run's journal is and what it was asked: the same for a run, its resume and a dry run of that */
function journalInput(context: CommandContext, items: readonly unknown[]): {place: JournalPlace; input: unknown} {
  const flags = context.flags as FanOutFlags & Record<string, unknown>
  const file = flags['from-file']
  const own = Object.fromEntries(Object.entries(flags).filter(([key]) => !SHARED_FLAGS.has(key) && key !== 'resume' && key !== 'concurrency'))
  const run = {host: context.host, command: context.id, file: file === undefined || file === '-' ? file : resolve(file), shard: flags.shard}
  return {place: {dir: configDir(context.env), env: context.env, run, command: `${context.bin} ${context.id?.replaceAll(':', ' ')}`}, input: {items, flags: own, args: context.args}}
}

async function* onePage<T>(items: T[]): AsyncGenerator<T[]> {
  yield items
}
