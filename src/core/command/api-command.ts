// The base of every command that talks to the API: the connection (flags, environment, profile), the
// API client, and what both add to the base's output and errors: a secret this run sent is never
// printed back, and a 401's hint says where the token came from.

import type {Command} from '@oclif/core/command'
import {CliError, ExitCode} from '../base/errors.js'
import {type Note, warning} from '../base/notes.js'
import {type Connection, resolveConnection, withheldReason} from '../config/connection.js'
import {KeyringUnavailable} from '../config/keyring.js'
import {keyringTokenFor} from '../config/token-store.js'
import type {TokenOrigin} from '../http/auth-hint.js'
import {ApiClient} from '../http/request.js'
import {connectionFlags, outputFlags} from '../input/flags.js'
import type {Inputs, Values} from '../input/input.js'
import type {ParsedCommandLine} from '../input/input-read.js'
import {resolveInputs} from '../input/input-resolve.js'
import {followPages, type ListSpec} from '../lists/pagination.js'
import {FieldError} from '../output/field-check.js'
import type {OutputFormat} from '../output/formats.js'
import {JqRunError} from '../output/jq.js'
import {stdoutIsTerminal} from '../terminal/terminal.js'
import {oldWaitTimeoutNote, timeoutIsWaitLimit} from '../transfer/poll.js'
import {BaseCommand} from './base-command.js'
import type {CommandContext} from './fan-out.js'

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
      if (ctor.usesStoredToken) this.keyringToken = await keyringTokenFor({profile: this.shared.profile, token: this.shared.token, host: this.shared.host}, this.io.env)
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
    return this.connection.output ?? (stdoutIsTerminal(this.io) ? 'table' : 'json')
  }

  /** the declared inputs as BaseCommand reads them, then each that stands for another value looked up (a username → its user ID) */
  protected override async read<I extends Inputs>(inputs: I, commandLine: ParsedCommandLine = this.commandLine): Promise<Values<I>> {
    return resolveInputs(inputs, await super.read(inputs, commandLine), () => this.api)
  }

  protected get api(): ApiClient {
    this.noteWithheldToken()
    this.apiCache ??= new ApiClient(this.connection, this.io, {dryRun: this.shared['dry-run'], verbose: this.shared.verbose, secretFields: this.secretFields})
    return this.apiCache
  }

  private withheldNoted = false

  /** once, before a client is made: the profile's token stays with its host, and the run says so (connection.ts) */
  protected noteWithheldToken(): void {
    if (this.withheldNoted || !this.connection.withheld) return
    this.withheldNoted = true
    this.note(warning(withheldReason(this.connection.withheld)))
  }

  /** what a fan-out (fan-out.ts) needs of this command, for the commands that compose one */
  protected get commandContext(): CommandContext {
    return {
      id: this.id,
      bin: this.config.bin,
      flags: this.flags as Record<string, unknown>,
      args: this.args as Record<string, unknown>,
      host: this.connection.host,
      env: this.io.env,
      dryRun: this.shared['dry-run'] === true,
      printer: this.printer,
      note: message => this.note(message),
    }
  }

  /** a list endpoint, paged as the list flags say, printed as pages arrive */
  protected async printList<R>(spec: ListSpec<R>, columns = this.defaultColumns): Promise<void> {
    const f = this.shared
    await this.printer.list(followPages(this.api, spec, {page: f.page, perPage: f['per-page'], all: f.all, concurrency: f.concurrency}), columns)
  }
}
