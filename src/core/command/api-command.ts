// The base of every command that talks to the API: the connection (flags, environment, profile), the
// API client, and what both add to the base's output and errors: a secret this run sent is never
// printed back, and a 401's hint says where the token came from.

import {resolve} from 'node:path'
import type {Command} from '@oclif/core/command'
import {configDir} from '../config/config-store.js'
import {type Connection, resolveConnection, withheldReason} from '../config/connection.js'
import {KeyringUnavailable} from '../config/keyring.js'
import {keyringTokenFor} from '../config/token-store.js'
import type {TokenOrigin} from '../http/auth-hint.js'
import {ApiClient} from '../http/request.js'
import {connectionFlags, outputFlags} from '../input/flags.js'
import type {Inputs, Values} from '../input/input.js'
import type {ParsedCommandLine} from '../input/input-read.js'
import {resolveInputs} from '../input/input-resolve.js'
import {type BulkResult, bulkFailure, bulkRow, bulkSummary, runBulk} from '../lists/bulk.js'
import {Existing} from '../lists/if-not-exists.js'
import {followPages, type ListSpec} from '../lists/pagination.js'
import {inShard, type Shard} from '../lists/shard.js'
import {FieldError} from '../output/field-check.js'
import type {OutputFormat} from '../output/formats.js'
import {JqRunError} from '../output/jq.js'
import {info, type Note, warning} from '../output/notes.js'
import {interruption} from '../terminal/interrupt.js'
import {stdoutIsTerminal} from '../terminal/terminal.js'
import {oldWaitTimeoutNote, timeoutIsWaitLimit} from '../transfer/poll.js'
import {BaseCommand} from './base-command.js'
import {ApiError, CliError, ExitCode} from './errors.js'

/** a fan-out as a command declares it (ApiCommand.fanOut) */
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

export abstract class ApiCommand<T extends typeof Command> extends BaseCommand<T> {
  static baseFlags = {...outputFlags, ...connectionFlags}

  /** false for a command that brings its own token (`auth login`): the profile's is not read */
  static usesStoredToken = true
  /**
   * This command waits for a job (--wait-timeout, src/core/transfer/poll.ts): a --timeout given alone is
   * still read as the wait's limit, its old meaning here, with a warning; its requests take the profile's.
   */
  static timeoutIsWaitLimit = false
  /**
   * A keyring that cannot be read ends every command before it starts, but not this one, which reports
   * it (`auth status`: what is set up, and why the token cannot be read) in `keyringFailure`
   */
  static reportsKeyringFailure = false

  private connectionCache?: Connection
  private apiCache?: ApiClient
  private keyringToken?: string
  /** why the profile's token could not be read from the keyring, for a command that reports it */
  protected keyringFailure?: KeyringUnavailable

  public override async init(): Promise<void> {
    await super.init()
    // the keyring is read here, before the connection is resolved on demand, because reading it takes a
    // call that waits; only when the profile keeps its token there and the connection will take it
    const ctor = this.ctor as unknown as typeof ApiCommand
    try {
      if (ctor.usesStoredToken) this.keyringToken = await keyringTokenFor({profile: this.shared.profile, token: this.shared.token, host: this.shared.host})
    } catch (error) {
      if (!(error instanceof KeyringUnavailable && ctor.reportsKeyringFailure)) throw error
      this.keyringFailure = error
    }
    const {timeout} = this.shared
    if (timeout !== undefined && timeoutIsWaitLimit(this.ctor as {timeoutIsWaitLimit?: boolean}, this.flags)) this.note(oldWaitTimeoutNote(timeout))
  }

  protected get connection(): Connection {
    const f = this.shared
    // a lone --timeout on a command that waits is the wait's limit (poll.ts); requests then use the profile's
    const waits = timeoutIsWaitLimit(this.ctor as {timeoutIsWaitLimit?: boolean}, this.flags)
    this.connectionCache ??= resolveConnection(
      {
        host: f.host,
        token: f.token,
        profile: f.profile,
        'ca-file': f['ca-file'],
        insecure: f.insecure || undefined,
        'allow-http': f['allow-http'] || undefined,
        timeout: waits ? undefined : f.timeout,
        retries: f.retries,
      },
      this.io.env,
      this.keyringToken,
    )
    return this.connectionCache
  }

  public override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    // Field names and --jq meet the answer, so a wrong --columns on `labels create`, or a filter that
    // fails on the label, is found after the label exists: say so (and exit 1, not 2: "nothing was sent").
    if ((error instanceof FieldError || error instanceof JqRunError) && (this.apiCache?.changes ?? 0) > 0) {
      return super.catch(new CliError(`${error.message} (the change was made; only its output was refused)`, ExitCode.error))
    }
    // whatever failed after a secret was sent (a jq error quoting the record, a local check) never shows it
    if (this.apiCache) {
      error.message = this.apiCache.scrub(error.message)
      // FORGECTL_DEBUG prints the stack, which kept the message as it was when the error was made
      if (error.stack) error.stack = this.apiCache.scrub(error.stack)
    }
    return super.catch(error)
  }

  protected override note(message: Note): void {
    super.note(this.apiCache ? {...message, text: this.apiCache.scrub(message.text)} : message)
  }

  /** also the values this run sent, wherever a server echoed them in its answer (a description, a message) */
  protected override hideSecrets(): ((data: unknown) => unknown) | undefined {
    const hide = super.hideSecrets()
    return hide && (data => this.api.scrubRecord(hide(data)))
  }

  protected override tokenOrigin(): TokenOrigin | undefined {
    return this.connectionCache
  }

  protected override defaultFormat(): OutputFormat {
    return this.connection.output ?? (stdoutIsTerminal() ? 'table' : 'json')
  }

  /** the declared inputs as BaseCommand reads them, then each that stands for another value looked up (a username → its user ID) */
  protected override async read<I extends Inputs>(inputs: I, commandLine: ParsedCommandLine = this.commandLine): Promise<Values<I>> {
    return resolveInputs(inputs, await super.read(inputs, commandLine), () => this.api)
  }

  protected get api(): ApiClient {
    this.noteWithheldToken()
    this.apiCache ??= new ApiClient(this.connection, {dryRun: this.shared['dry-run'], verbose: this.shared.verbose, secretFields: this.secretFields})
    return this.apiCache
  }

  private withheldNoted = false

  /** once, before a client is made: the profile's token stays with its host, and the run says so (connection.ts) */
  protected noteWithheldToken(): void {
    if (this.withheldNoted || !this.connection.withheld) return
    this.withheldNoted = true
    this.note(warning(withheldReason(this.connection.withheld)))
  }

  /**
   * The results of a fan-out, one row per item with its outcome (bulk.ts), then the counts in one line
   * on stderr; exits non-zero when any item failed. After a signal, the error line says what was not done.
   */
  protected async reportBulk<R>(results: Array<BulkResult<R>>, columns: readonly string[] = ['item', 'status', 'error']): Promise<void> {
    await this.printer.list(onePage(results.map(bulkRow)), columns)
    const failure = bulkFailure(results)
    if (!interruption()) this.note(info(bulkSummary(results)))
    if (failure) throw failure
  }

  /**
   * A fan-out from start to end (issue 29): this job's share of the targets (--shard), the journal that
   * --resume finishes from (src/core/lists/journal.ts), the work several at a time, and the report. Its
   * input, for the journal, is the targets and the command's own flags. --dry-run writes no journal;
   * with --resume it reads the earlier one and shows what the resume would still send.
   */
  protected async fanOut<I, R>({items, name, key = name, work, done = 'ok'}: FanOut<I, R>): Promise<void> {
    const flags = this.flags as FanOutFlags & Record<string, unknown>
    const mine = inShard(items, key, flags.shard)
    const dryRun = this.shared['dry-run']
    const journal = dryRun ? undefined : await this.openJournal(items, flags)
    const earlier = dryRun ? await this.earlierRun(items, flags) : journal?.earlier
    let todo = mine
    let attempt = work
    if (earlier) {
      todo = mine.filter(item => !earlier.finished.has(name(item)))
      this.note(info(`resuming: ${mine.length - todo.length} of ${mine.length} done by the earlier run, ${todo.length} left`))
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
      if (journal?.failure !== undefined) this.note(warning(`the journal ${journal.file} could not be written (${journal.failure}): --resume cannot finish this run`))
      if (journal && !interruption() && results.every(r => r.status !== 'failed' && r.status !== 'not as asked' && r.status !== 'not done')) journal.remove()
    } finally {
      journal?.release()
    }
    await this.reportBulk(results)
  }

  /** the run's journal; without one (a settings folder that cannot be written) the run goes on, and says so */
  private async openJournal(items: readonly unknown[], flags: FanOutFlags & Record<string, unknown>) {
    const {Journal} = await import('../lists/journal.js')
    try {
      return this.journalOf(Journal, items, flags)
    } catch (error) {
      if (error instanceof CliError) throw error
      this.note(warning(`no journal could be written (${(error as Error).message}): --resume cannot finish this run`))
      return undefined
    }
  }

  private journalOf(Journal: typeof import('../lists/journal.js').Journal, items: readonly unknown[], flags: FanOutFlags & Record<string, unknown>) {
    const {place, input} = this.journalInput(items, flags)
    return Journal.open(place, input, flags.resume === true)
  }

  /** with --dry-run: the earlier run's journal, read and not written, when --resume asks for it */
  private async earlierRun(items: readonly unknown[], flags: FanOutFlags & Record<string, unknown>) {
    if (flags.resume !== true) return undefined
    const {Journal} = await import('../lists/journal.js')
    const {place, input} = this.journalInput(items, flags)
    return Journal.earlier(place, input)
  }

  /** where the run's journal is and what it was asked: the same for a run, its resume and a dry run of that */
  private journalInput(items: readonly unknown[], flags: FanOutFlags & Record<string, unknown>) {
    const file = flags['from-file']
    const own = Object.fromEntries(Object.entries(flags).filter(([key]) => !(key in ApiCommand.baseFlags) && key !== 'resume' && key !== 'concurrency'))
    const run = {host: this.connection.host, command: this.id, file: file === undefined || file === '-' ? file : resolve(file), shard: flags.shard}
    return {place: {dir: configDir(this.io.env), run, command: `${this.config.bin} ${this.id?.replaceAll(':', ' ')}`}, input: {items, flags: own, args: this.args}}
  }

  /** a list endpoint, paged as the list flags say, printed as pages arrive */
  protected async printList<R>(spec: ListSpec<R>, columns = this.defaultColumns): Promise<void> {
    const f = this.shared
    await this.printer.list(followPages(this.api, spec, {page: f.page, perPage: f['per-page'], all: f.all, concurrency: f.concurrency}), columns)
  }
}

async function* onePage<T>(items: T[]): AsyncGenerator<T[]> {
  yield items
}
