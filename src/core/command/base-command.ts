// What every command shares: parsing (with prompts for missing required inputs on a terminal),
// output and confirmation; a failure ends as error-report.ts says (one line, a documented exit code).
// ApiCommand (api-command.ts) adds the connection and the API client.

import type {Interfaces} from '@oclif/core'
import {Command} from '@oclif/core/command'
import {CliError, ExitCode, UsageError} from '../base/errors.js'
import {messageText} from '../base/escape.js'
import {type IO, ioOf} from '../base/io.js'
import {type Note, warning} from '../base/notes.js'
import {hideFields} from '../base/redact.js'
import {profileName, readProfile} from '../config/config-store.js'
import type {TokenOrigin} from '../http/auth-hint.js'
import {DryRunStop} from '../http/request.js'
import {checkPageFlags, columnList, type connectionFlags, type listFlags, outputFlags, type yesFlag} from '../input/flags.js'
import {InputError, type Inputs, missingInputs, type Values} from '../input/input.js'
import {isDeclared, mayTakeSecretWord, secretFieldsOfCommand, withoutOptions} from '../input/input-flags.js'
import {ask, type ParsedCommandLine, readInputs, type Terminal} from '../input/input-read.js'
import type {OutputFormat} from '../output/formats.js'
import {checkJqExpression, checkJqFlags} from '../output/jq.js'
import {Printer} from '../output/output.js'
import {checkOutputFlags, type OutputSpec, RECORDS} from '../output/output-spec.js'
import type {ColumnFit} from '../output/table-layout.js'
import type {FieldWords} from '../output/words.js'
import {installInterruptHandlers} from '../terminal/interrupt.js'
import {canPrompt, stdoutIsTerminal} from '../terminal/terminal.js'
import {errorReport} from './error-report.js'

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<T['baseFlags'] & T['flags']>
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

type SharedFlagValues = Partial<Interfaces.InferredFlags<typeof connectionFlags & typeof outputFlags & typeof listFlags & typeof yesFlag>>

export abstract class BaseCommand<T extends typeof Command> extends Command {
  static baseFlags = {...outputFlags}
  /** the fields a table shows by default for this command's records */
  static columns?: readonly string[]
  /** the field `-q` prints when recordId's default order picks one the next command does not take */
  static handle?: string
  /** per field, the words a table shows for the API's numeric codes (src/core/output/words.ts) */
  static words?: FieldWords
  /** every field of this command's records (the API layer's `*_FIELDS`): --columns/--sort are checked against it when a list is empty */
  static fields?: readonly string[]
  /** per column, how it gives way in a table where its name alone would say otherwise (table-layout.ts) */
  static fits?: Readonly<Record<string, ColumnFit>>

  /**
   * This command's --sort is an input of its API (the server orders the records, `service-accounts
   * list --sort asc`), declared in place of the output's --sort: records keep the server's order.
   */
  static sortIsApiInput = false

  /**
   * This command's job is to take a secret that no declared input stands for: the token of `auth login`
   * and `config set token`, typed by mistake as a word (`auth login $TOKEN`). Words out of place are
   * then counted, never quoted, as for a command with a secret input.
   */
  static takesSecret = false

  /** the output flags this command honours, when not every one (RECORDS); the others are refused before any request (output-spec.ts) */
  static outputs?: OutputSpec

  protected flags!: CommandFlags<T>
  protected args!: CommandArgs<T>
  private printerCache?: Printer

  public async init(): Promise<void> {
    installInterruptHandlers()
    await super.init()
    const ctor = this.ctor as unknown as T
    // Nothing is required for oclif: a missing input is asked for on a terminal, or reported in the
    // one style of every missing input (input.ts), after the rest of the command line was checked.
    const {flags, args} = await this.parse({flags: relaxed(ctor.flags), baseFlags: relaxed(ctor.baseFlags), args: argsWithoutStdin(relaxed(ctor.args)), strict: ctor.strict})
    await completeRequired(ctor, flags, args, this.io)
    this.flags = flags as CommandFlags<T>
    this.args = args as CommandArgs<T>
    checkPageFlags(this.shared)
    checkOutputFlags(this.id?.replaceAll(':', ' ') ?? 'this command', this.outputs, this.shared)
    // a bad --jq is refused before any request: `labels create --jq` must not create, then fail
    if (this.shared.jq !== undefined) {
      checkJqFlags(this.shared)
      await checkJqExpression(this.shared.jq)
    }
  }

  /** an endpoint's declared inputs (src/api) as given, asked for or read from their files */
  protected read<I extends Inputs>(inputs: I, commandLine = this.commandLine): Promise<Values<I>> {
    return readInputs(inputs, commandLine, this.io)
  }

  /** the parsed flags and arguments, as the reading of declared inputs takes them */
  protected get commandLine(): ParsedCommandLine {
    return {flags: this.flags as Record<string, unknown>, args: this.args as Record<string, unknown>}
  }

  /**
   * The run's streams, terminal, environment and clock (src/core/base/io.ts), handed to the run with its
   * config (runtime.ts): what this command passes to everything it calls. A test hands in buffers.
   */
  protected get io(): IO {
    return ioOf(this.config)
  }

  protected get shared(): SharedFlagValues {
    return this.flags as SharedFlagValues
  }

  /** the output format asked for, else the profile's default, else table for a person and JSON for a program */
  protected defaultFormat(): OutputFormat {
    const {env} = this.io
    const stored = readProfile(profileName(this.shared.profile, env), env).output
    return stored ?? (stdoutIsTerminal(this.io) ? 'table' : 'json')
  }

  private get outputs(): OutputSpec {
    return (this.ctor as unknown as typeof BaseCommand).outputs ?? RECORDS
  }

  /** the format asked for (checked against outputs), else the command's own default, else defaultFormat's if the command prints it */
  protected get format(): OutputFormat {
    const f = this.shared
    const asked = f.json ? 'json' : (f.output as OutputFormat | undefined)
    if (asked !== undefined) return asked
    const {default: own, formats} = this.outputs
    if (own !== undefined) return own
    const usual = this.defaultFormat()
    return formats.includes(usual) ? usual : formats[0]
  }

  protected get printer(): Printer {
    const f = this.shared
    const apiSort = (this.ctor as unknown as typeof BaseCommand).sortIsApiInput
    this.printerCache ??= new Printer(
      {
        format: this.format,
        columns: f.columns === undefined ? undefined : columnList(f.columns),
        header: !f['no-header'],
        sort: apiSort ? undefined : f.sort,
        quiet: f.quiet ?? false,
        wide: f.wide ?? false,
        handle: (this.ctor as unknown as typeof BaseCommand).handle,
        words: (this.ctor as unknown as typeof BaseCommand).words,
        fits: (this.ctor as unknown as typeof BaseCommand).fits,
        fields: (this.ctor as unknown as typeof BaseCommand).fields,
        jq: f.jq,
        hide: this.hideSecrets(),
      },
      this.io,
    )
    return this.printerCache
  }

  /**
   * The fields of the secret inputs this command takes (a CI/CD variable's value, a hook's URL): its
   * printed records show them as REDACTED and its traces never show them. A command that only reads
   * (`ci-variables get`) takes none, and prints what it was asked for.
   */
  protected get secretFields(): string[] {
    return secretFieldsOfCommand(this.ctor.flags, this.ctor.args)
  }

  /** a word out of place on its command line may be a secret (takesSecret, or a secret input) */
  private get takesSecret(): boolean {
    // secretFields as this run knows them: `api` adds the secret fields of the endpoint it is pointed at
    return mayTakeSecretWord(this.ctor as unknown as typeof BaseCommand) || this.secretFields.length > 0
  }

  /** how this command's records are printed: its secret fields as REDACTED (none for a command that takes no secret) */
  protected hideSecrets(): ((data: unknown) => unknown) | undefined {
    const fields = this.secretFields
    return fields.length === 0 ? undefined : data => hideFields(data, fields)
  }

  protected get defaultColumns(): readonly string[] | undefined {
    return (this.ctor as unknown as typeof BaseCommand).columns
  }

  /**
   * The output of a command that prints one value or document (outputs ONE_VALUE): its own text by
   * default (`-o table`), the value as data in the format asked for or through --jq, by the one printer.
   */
  protected async printOne(value: unknown, text: () => string): Promise<void> {
    if (this.format === 'table' && this.shared.jq === undefined) this.printer.text(text())
    else await this.printer.value(value)
  }

  /** one record on stdout, in the chosen format */
  protected async print(data: unknown, columns = this.defaultColumns): Promise<void> {
    await this.printer.record(data, columns)
  }

  /**
   * A message for the person, on stderr (never data), in a pipe too; `-q` silences all but warnings
   * (src/core/base/notes.ts). It often quotes names that came from the server, hence messageText.
   */
  protected note(message: Note): void {
    // a warning may come before the flags are parsed (oclif's, below)
    if (message.kind !== 'warning' && this.shared.quiet) return
    this.io.stderr.write(messageText(message.text) + '\n')
  }

  /** oclif's own warnings (a deprecated command or flag), in forgectl's voice: one line, `Warning: …` */
  public override warn(input: string | Error): string | Error {
    this.note(warning(input instanceof Error ? input.message : input))
    return input
  }

  /**
   * Destructive actions ask on a terminal; `--yes` skips the question; without a terminal and
   * without `--yes` they refuse, so that a script never deletes by accident.
   */
  protected async confirm(action: string): Promise<void> {
    if (this.shared.yes || this.shared['dry-run']) return
    if (!canPrompt(this.io)) throw new UsageError(`refusing to ${action} without confirmation: pass --yes (-y)`)
    const {confirmPrompt} = await import('../terminal/prompts.js')
    if (!(await confirmPrompt(this.io, `${action.charAt(0).toUpperCase()}${action.slice(1)}?`))) throw new CliError('cancelled, nothing was changed', ExitCode.error)
  }

  /**
   * An input that is required unless another flag replaces it (NAME unless --from-file): the value,
   * else a question on a terminal, else the one "missing" message.
   */
  protected async need(value: string | undefined, label: string, description: string, options: {choices?: readonly string[]; secret?: boolean} = {}): Promise<string> {
    if (value !== undefined) return value
    if (!canPrompt(this.io)) throw missingInputs([{label, description}])
    return ask(this.io, {label, description, ...options, check: answer => answer})
  }

  /** where this run's token came from, for the hint after a 401 (ApiCommand knows) */
  protected tokenOrigin(): TokenOrigin | undefined {
    return undefined
  }

  public async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    if (error instanceof DryRunStop) return
    const report = errorReport(error, {
      id: this.id,
      ctor: this.ctor,
      bin: this.config.bin,
      argv: this.argv,
      secret: this.takesSecret,
      tokenOrigin: this.tokenOrigin(),
      debug: Boolean(this.io.env.FORGECTL_DEBUG),
    })
    // oclif's own exit (this.exit), passed on
    if (!report) throw error
    this.io.stderr.write(report.text)
    return this.exit(report.exitCode)
  }
}

/**
 * oclif fills a missing argument from piped standard input. forgectl reads stdin only where a flag
 * says `-` (`--from-file -`, `--key-file -`), so `labels create --from-file - < labels.json` must not
 * take the file's text as NAME.
 */
function argsWithoutStdin<A extends Record<string, object> | undefined>(args: A): A {
  if (!args) return args
  return Object.fromEntries(Object.entries(args).map(([name, arg]) => [name, {...arg, ignoreStdin: true}])) as A
}

type Definition = {required?: boolean}

/**
 * The same flags or arguments with nothing required of oclif (completeRequired checks that), and a
 * declared input's values left to its own rule (withoutOptions)
 */
function relaxed<D extends Record<string, object> | undefined>(input: D): D {
  if (!input) return input
  return Object.fromEntries(Object.entries(withoutOptions(input) as Record<string, object>).map(([name, def]) => [name, {...def, required: false}])) as D
}

type Parser = {parse?: (input: string, context: unknown, options: unknown) => Promise<unknown>; description?: string; options?: readonly string[]}

/**
 * Required flags and arguments that were not given (scope flags, IDs): asked for on a terminal with
 * their own parser as the check, else reported together. An empty argument is refused here for
 * every command (an argument names something) but where a declared input's rule says what "" means.
 */
async function completeRequired(ctor: typeof Command, flags: Record<string, unknown>, args: Record<string, unknown>, io: Terminal): Promise<void> {
  for (const [name, value] of Object.entries(args)) {
    // a declared input's own rule has spoken (checkText): "" passes where it means something (`ci-variables set KEY ''`)
    if (isDeclared(ctor.args?.[name] ?? {})) continue
    if (typeof value === 'string' && value.trim() === '') throw new InputError(`${name.toUpperCase()} "${value}"`, 'must not be empty')
  }
  const missing: Array<{label: string; description: string; def: Parser & Definition; set: (value: unknown) => void}> = []
  for (const [name, def] of Object.entries(ctor.flags ?? {}) as Array<[string, Parser & Definition]>) {
    if (def.required && !isDeclared(def) && flags[name] === undefined) missing.push({label: `--${name}`, description: def.description ?? name, def, set: v => (flags[name] = v)})
  }
  for (const [name, def] of Object.entries(ctor.args ?? {}) as Array<[string, Parser & Definition]>) {
    if (def.required && !isDeclared(def) && args[name] === undefined) missing.push({label: name.toUpperCase(), description: def.description ?? name, def, set: v => (args[name] = v)})
  }
  if (missing.length === 0) return
  if (!canPrompt(io)) throw missingInputs(missing)
  // secrets are declared inputs (src/api), asked for masked by input-read.ts; these are scopes and IDs
  for (const {label, description, def, set} of missing) {
    set(await ask(io, {label, description, choices: def.options, check: answer => (def.parse ? def.parse(answer, {}, def) : answer)}))
  }
}
