// Fan-out: the same action over many items (a deploy key to 200 projects, labels from a file), with
// bounded concurrency. Every item gets a result; one failure never hides or stops the others. On
// Ctrl-C or SIGTERM no new item starts, and the report lists every item, done or not. After the first
// 401 no new item starts either (the token is rejected: run-gate.ts), and the rest are not attempted;
// so too after an item the server's rate limit refused for all its attempts and time (a 429 storm
// without end would otherwise be met by every item in turn, each with all its retries).
import {ApiError, CliError, ExitCode, Interrupted} from '../base/errors.js'
import {type ItemSends, tracking} from '../http/item-sends.js'
import {DryRunStop} from '../http/request.js'
import {NotSent} from '../http/run-gate.js'
import {interruption, reportOnInterrupt} from '../terminal/interrupt.js'
import {Existing} from './if-not-exists.js'

export interface BulkResult<R> {
  /** what the item was, as the user would name it: "project acme/api", "label bug" */
  item: string
  /**
   * `skipped`: left out on purpose by the command (not ready, nothing to do); never a failure.
   * After a signal: `interrupted` was under way and sent a request (which may or may not have taken
   * effect), `not done` sent nothing (never started, or waited its turn: item-sends.ts) (also after a 401, whose item is `failed`: `error` says why). The others come from the command's work (`Reported`); `not as asked`
   * (done in part: `error` says what is not) counts as a failure.
   */
  status: 'ok' | 'created' | 'already there' | 'failed' | 'dry-run' | 'skipped' | 'interrupted' | 'not done' | ReportedStatus
  result?: R
  error?: string
  exitCode?: number
}

/** what an item's work may report of itself, beyond `ok` and `created` */
export type ReportedStatus = 'existing' | 'updated' | 'not as asked'

/** a work's result that names its own status (and, for `not as asked`, what is not as asked) */
export class Reported<R> {
  constructor(
    readonly status: 'created' | ReportedStatus,
    readonly record: R,
    readonly error?: string,
  ) {}
}

/**
 * What became of an item, in the four words every fan-out's report uses whatever its own statuses
 * (issue 29, point 5): `done` (created, updated, existing), `unchanged` (already there,
 * skipped), `failed` (with the reason; also an item under way when a signal stopped the run, whose
 * effect is not known), `not attempted` (nothing was sent: a signal, a rejected token, a 429 storm, --dry-run).
 */
export type Outcome = 'done' | 'unchanged' | 'failed' | 'not attempted'

const OUTCOMES: Record<BulkResult<unknown>['status'], Outcome> = {
  ok: 'done',
  created: 'done',
  // a key that existed, there already or joined from another project: the platform's answer is the same
  existing: 'done',
  updated: 'done',
  'already there': 'unchanged',
  skipped: 'unchanged',
  failed: 'failed',
  'not as asked': 'failed',
  interrupted: 'failed',
  'not done': 'not attempted',
  'dry-run': 'not attempted',
}

export function outcomeOf(status: BulkResult<unknown>['status']): Outcome {
  return OUTCOMES[status]
}

/** one item of a fan-out's report, as printed (reportBulk): its own status, and its outcome in the shared words */
export type BulkRow<R> = Omit<BulkResult<R>, 'exitCode'> & {outcome: Outcome}

export function bulkRow<R>({exitCode: _code, ...result}: BulkResult<R>): BulkRow<R> {
  return {...result, outcome: outcomeOf(result.status)}
}

/** `40 targets: 35 done, 2 unchanged, 1 failed, 2 not attempted` (the counts that are not 0) */
export function bulkSummary(results: ReadonlyArray<BulkResult<unknown>>): string {
  const counts = new Map<Outcome, number>()
  for (const r of results) counts.set(outcomeOf(r.status), (counts.get(outcomeOf(r.status)) ?? 0) + 1)
  const parts = (['done', 'unchanged', 'failed', 'not attempted'] as const).filter(o => counts.has(o)).map(o => `${counts.get(o)} ${o}`)
  return results.length === 0 ? '0 targets' : `${results.length} target${results.length === 1 ? '' : 's'}: ${parts.join(', ')}`
}

export const DEFAULT_BULK_CONCURRENCY = 8

/** told of each item as it starts and as it ends (journal.ts, for --resume) */
export interface BulkWatcher {
  started(item: string): void
  ended(result: BulkResult<unknown>): void
}

/**
 * `done`: the status of an item whose work succeeded (`created` for creates); an `Existing` result
 * (--if-not-exists) is `already there`, with the existing record.
 */
export async function runBulk<I, R>(
  items: readonly I[],
  name: (item: I) => string,
  work: (item: I) => Promise<R>,
  concurrency = DEFAULT_BULK_CONCURRENCY,
  done: 'ok' | 'created' = 'ok',
  watcher?: BulkWatcher,
): Promise<Array<BulkResult<R>>> {
  const results = new Array<BulkResult<R>>(items.length)
  /** whether each item started sent anything: after a signal, `interrupted` or `not done` */
  const sends = new Array<ItemSends | undefined>(items.length)
  let next = 0
  let stopped = false
  /** the first 401, or the first item the server's rate limit refused past the time allowed: no new item starts */
  let halted: {reason: string; cause: CliError} | undefined
  const worker = async () => {
    while (next < items.length && !stopped && !halted) {
      const index = next++
      const item = items[index]!
      watcher?.started(name(item))
      try {
        const sent: ItemSends = {sent: false}
        sends[index] = sent
        const result = await tracking(sent, () => work(item))
        results[index] =
          result instanceof Existing
            ? {item: name(item), status: 'already there', result: result.record as R}
            : result instanceof Reported
              ? {item: name(item), status: result.status, result: result.record as R, ...(result.error === undefined ? {} : {error: result.error, exitCode: ExitCode.error})}
              : {item: name(item), status: done, result}
      } catch (error) {
        if (error instanceof DryRunStop) results[index] = {item: name(item), status: 'dry-run'}
        else if (error instanceof NotSent) {
          halted ??= {reason: TOKEN_REJECTED, cause: error.rejection}
          results[index] = notAttempted(name(item), halted)
        } else if (error instanceof CliError) {
          results[index] = {item: name(item), status: 'failed', error: error.message, exitCode: error.exitCode}
          // a 401, or a 429 storm that outlasted this item's attempts and time: the next ones would meet it too
          if (error instanceof ApiError && error.status === 401) halted ??= {reason: TOKEN_REJECTED, cause: error}
          else if (error.exitCode === ExitCode.rateLimited) halted ??= {reason: STILL_LIMITED, cause: error}
        } else throw error
      }
      watcher?.ended(results[index]!)
    }
  }
  const signal = reportOnInterrupt()
  try {
    const workers = Promise.all(Array.from({length: Math.min(Math.max(1, concurrency), items.length)}, worker))
    // a signal does not wait for the requests in flight: the report goes out with what is known now
    await Promise.race([workers, signal.stopped.then(() => (stopped = true))])
  } finally {
    signal.release()
  }
  if (!stopped) return halted ? items.map((item, index) => results[index] ?? notAttempted(name(item), halted!)) : results
  return items.map((item, index) => results[index] ?? {item: name(item), status: sends[index]?.sent ? 'interrupted' : 'not done'})
}

/** why the items after a 401 are not attempted */
const TOKEN_REJECTED = 'the server rejected the token'
/** why the items after one the server's rate limit refused for all its attempts and time are not attempted (a 429 storm without end) */
const STILL_LIMITED = "the server's rate limit still refused after the time allowed"

/** an item left out after a 401 or a 429 storm: nothing was sent for it, and the row says why */
function notAttempted<R>(item: string, {reason, cause}: {reason: string; cause: CliError}): BulkResult<R> {
  return {item, status: 'not done', error: `not attempted: ${reason} (${cause.message})`, exitCode: cause.exitCode}
}

/**
 * A fan-out that reads (the owners of tokens, the details of items) and so has no report to print:
 * what each item gave, keyed by its name; an item whose work failed is left out. A signal ends it as it
 * ends any read, with the signal's code: runBulk alone would hand back a partial result as if whole.
 */
export async function readEach<I, R>(items: readonly I[], name: (item: I) => string, work: (item: I) => Promise<R>, concurrency = DEFAULT_BULK_CONCURRENCY): Promise<Map<string, R>> {
  const results = await runBulk(items, name, work, concurrency)
  const stopped = interruption()
  if (stopped) throw stopped
  return new Map(results.flatMap(({item, status, result}) => (status === 'ok' ? [[item, result as R]] : [])))
}

/** non-zero when stopped by a signal (its code) or when anything failed: the failures' own code when they agree, else 1 */
export function bulkFailure<R>(results: Array<BulkResult<R>>): CliError | undefined {
  const stopped = interruption()
  if (stopped) return new Interrupted(stopped.signal, `${results.filter(r => r.status === 'interrupted' || r.status === 'not done').length} of ${results.length} not done`)
  const failed = results.filter(r => r.status === 'failed' || r.status === 'not as asked')
  if (failed.length === 0) return undefined
  const codes = new Set(failed.map(r => r.exitCode))
  const code = codes.size === 1 ? ([...codes][0] as CliError['exitCode']) : ExitCode.error
  const unsent = results.filter(r => r.status === 'not done')
  const reason = unsent[0]?.error?.startsWith(`not attempted: ${STILL_LIMITED}`) ? STILL_LIMITED : TOKEN_REJECTED
  const rest = unsent.length === 0 ? '' : `, ${unsent.length} not attempted: ${reason}, and nothing more was sent${reason === TOKEN_REJECTED ? ' with it' : ''}`
  return new CliError(`${failed.length} of ${results.length} failed${rest}`, code)
}
