// Flags shared by commands: connection, output, lists, scopes, confirmation, and typed inputs that
// carry their validation with them (dates, lengths, enums, text from files).
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import type {Interfaces} from '@oclif/core'
import {readFile} from 'node:fs/promises'
import {readStdin} from './input-read.js'
import {OUTPUT_FORMATS} from './config-store.js'
import {DURATION_HELP, parseDuration} from './duration.js'
import {UsageError} from './errors.js'
import {InputError} from './input.js'
import {CONNECTION, LIST, OUTPUT} from './flag-groups.js'
import {isPositiveId} from './id.js'
import {intInRange, maxLength, validDate, validDateTime} from './validate.js'

/** a duration in seconds (`90`, `90s`, `5m`, `2h`), refused with exit 2 outside 1s..24h: the rule of `config set timeout` too */
export const durationFlag = Flags.custom<number>({
  helpValue: 'DURATION',
  parse: async (input, _ctx, opts) => parseDuration(input, `--${opts.name}`),
})

export const connectionFlags = {
  host: Flags.string({description: 'server base URL (overrides FORGECTL_HOST and the profile)', helpGroup: CONNECTION}),
  token: Flags.string({description: 'access token (overrides FORGECTL_TOKEN and the profile)', helpGroup: CONNECTION}),
  profile: Flags.string({description: 'stored profile to use (overrides FORGECTL_PROFILE)', helpGroup: CONNECTION}),
  'ca-file': Flags.string({description: 'PEM file with CA certificates to trust', helpGroup: CONNECTION}),
  insecure: Flags.boolean({description: 'skip TLS certificate verification (dangerous)', helpGroup: CONNECTION}),
  'allow-http': Flags.boolean({description: 'allow sending the token over plain HTTP to a non-loopback host', helpGroup: CONNECTION}),
  timeout: durationFlag({description: `how long one request may take (${DURATION_HELP}; default 30s)`, helpGroup: CONNECTION}),
  retries: Flags.integer({description: 'retries of failed idempotent requests (default 3)', min: 0, max: 10, helpGroup: CONNECTION}),
  'dry-run': Flags.boolean({description: 'print the request that would be sent (token redacted) and send nothing', helpGroup: CONNECTION}),
  verbose: Flags.boolean({description: 'trace requests and responses on stderr (token redacted)', helpGroup: CONNECTION}),
}

export const outputFlags = {
  json: Flags.boolean({description: 'print exactly the API JSON and nothing else on stdout', helpGroup: OUTPUT, exclusive: ['output']}),
  output: Flags.string({char: 'o', description: 'output format (default: table on a terminal, json otherwise)', options: [...OUTPUT_FORMATS], helpGroup: OUTPUT}),
  columns: Flags.string({description: 'comma-separated fields to show in table/csv (dotted for nested: user.username)', helpGroup: OUTPUT}),
  wide: Flags.boolean({description: 'show tables whole on a terminal: every column, no cell cut to fit its width', helpGroup: OUTPUT}),
  'no-header': Flags.boolean({description: 'omit the header row of tables and csv', helpGroup: OUTPUT}),
  sort: Flags.string({description: 'sort records by a field (prefix - for descending)', helpGroup: OUTPUT}),
  quiet: Flags.boolean({char: 'q', description: 'print only each record\'s handle (the ID, key, IID or name the next command takes), one per line, and no messages but warnings', helpGroup: OUTPUT}),
  jq: Flags.string({description: 'filter the JSON with a jq expression: strings print raw, other values as JSON, one per line', helpValue: 'EXPR', helpGroup: OUTPUT}),
}

export const listFlags = {
  page: Flags.integer({description: 'page to fetch', min: 1, helpGroup: LIST}),
  'per-page': Flags.integer({description: 'records per page (default 20, at most 100)', min: 1, max: 100, helpGroup: LIST}),
  all: Flags.boolean({description: 'fetch every page', helpGroup: LIST}),
  concurrency: Flags.integer({description: 'pages fetched at once with --all when the total is known (default 8)', min: 1, max: 32, helpGroup: LIST}),
}

/** `--page 3 --all` asks for one page and for every page: refused rather than guessed at */
export function checkPageFlags(flags: {page?: number; all?: boolean}): void {
  if (flags.all && flags.page !== undefined) throw new UsageError('--all and --page cannot be used together: --all fetches every page')
}

/** `--from-file` and how many of its records are sent at once; `noun` names a record ("label") */
export const fromFileFlags = (noun: string) => ({
  'from-file': Flags.string({description: `create every ${noun} listed in a .json, .yaml or .csv file (- for JSON on stdin); fields as the API names them`}),
  concurrency: Flags.integer({description: `${noun}s created at once with --from-file`, default: 8, min: 1, max: 32}),
})

export const yesFlag = {
  yes: Flags.boolean({char: 'y', description: 'do it without asking for confirmation'}),
}

// ---- scopes ---------------------------------------------------------------------------------------

const PROJECT = 'project ID or full path (group/sub/project)'
const GROUP = 'group ID or full path'
const USER = 'user ID'

/** a scope names a project, group or user: an empty one is refused before anything is sent */
const scopeFlag = Flags.custom<string>({
  parse: async (input, _ctx, opts) => {
    if (input.trim() === '') throw new InputError(`--${opts.name} "${input}"`, 'must not be empty')
    return input
  },
})

/** `-p` required: spread into a command's flags (`...requiredProjectFlag`) */
export const requiredProjectFlag = {project: scopeFlag({char: 'p', description: PROJECT, required: true})}
export const optionalProjectFlag = {project: scopeFlag({char: 'p', description: PROJECT})}
export const requiredGroupFlag = {group: scopeFlag({char: 'g', description: GROUP, required: true})}
export const optionalGroupFlag = {group: scopeFlag({char: 'g', description: GROUP})}
export const requiredUserFlag = {user: scopeFlag({char: 'u', description: USER, required: true})}
export const optionalUserFlag = {user: scopeFlag({char: 'u', description: USER})}

/** commands that work on a project or a group: exactly one of -p/-g (checked by scopeOf, in the one "missing" style) */
export const projectOrGroupFlags = {
  project: scopeFlag({char: 'p', description: PROJECT, exactlyOne: ['project', 'group']}),
  group: scopeFlag({char: 'g', description: GROUP, exactlyOne: ['project', 'group']}),
}

// ---- typed inputs -----------------------------------------------------------------------------------

/** a repeatable flag that also takes a comma list: `--scope api --scope read_user` = `--scope api,read_user` */
// non-greedy: `--user alice NAME true` gives alice to --user and keeps NAME and true as arguments
export const listFlag = (options: {description: string; required?: boolean; options?: string[]; char?: 'p' | 's'}) =>
  Flags.string({...options, multiple: true, multipleNonGreedy: true, delimiter: ','})

/** `YYYY-MM-DD`, checked before sending */
export const dateFlag = Flags.custom<string>({
  helpValue: 'YYYY-MM-DD',
  parse: async (input, _ctx, opts) => validDate(input, opts.name),
})

/** an ISO 8601 date-time, checked before sending */
export const dateTimeFlag = Flags.custom<string>({
  helpValue: 'ISO-8601',
  parse: async (input, _ctx, opts) => validDateTime(input, opts.name),
})

/** free text with the spec's length limit */
export const textFlag = (max: number) => Flags.custom<string>({
  parse: async (input, _ctx, opts) => maxLength(input, max, opts.name),
})

/** a whole number within the spec's range */
export const rangeFlag = (min: number, max: number) => Flags.custom<number>({
  parse: async (input, _ctx, opts) => intInRange(input, min, max, opts.name),
})

/**
 * A long text given inline (`--key "ssh-ed25519 ..."`) or from a file (`--key-file id.pub`, `-` for
 * stdin): the pair of flags, mutually exclusive.
 */
export function textOrFileFlags<N extends string>(name: N, description: string, options: {required?: boolean} = {}) {
  const file = `${name}-file` as `${N}-file`
  return {
    [name]: Flags.string({description, exclusive: [file], ...(options.required ? {exactlyOne: [name, file]} : {})}),
    [file]: Flags.string({description: `read ${name} from a file (- for standard input)`, exclusive: [name], ...(options.required ? {exactlyOne: [name, file]} : {})}),
  } as Record<N | `${N}-file`, Interfaces.OptionFlag<string | undefined>>
}

/** the text of a `textOrFileFlags` pair, read from the file or stdin when the -file form was used */
export async function textFrom(flags: Record<string, unknown>, name: string): Promise<string | undefined> {
  const inline = flags[name]
  if (typeof inline === 'string') return inline
  const file = flags[`${name}-file`]
  if (typeof file !== 'string') return undefined
  try {
    return file === '-' ? await readStdin() : await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read --${name}-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }
}

export {readStdin} from './input-read.js'

/** a whole number ≥ min, or `null` to clear the value (label priority) */
export const nullableIntegerFlag = (min: number) => Flags.custom<number | null>({
  helpValue: `N|null`,
  parse: async (input, _ctx, opts) => (input === 'null' || input === 'none' ? null : intInRange(input, min, Number.MAX_SAFE_INTEGER, opts.name)),
})

/**
 * A numeric ID argument (MIRROR_ID, IID, ...): a positive whole number, refused with exit 2 before
 * anything is sent (oclif's own integer check would exit 1). The digits are kept as typed (see id.ts).
 */
export const idArg = (label: string, description: string) => Args.custom<string>({
  parse: async input => {
    if (!isPositiveId(input)) throw new UsageError(`${label} must be a positive whole number, got "${input}"`)
    return input
  },
})({description, required: true})

/**
 * A numeric ID or the word `self` (the record behind the caller's own credential, as in
 * `/personal_access_tokens/self`): anything else is refused with exit 2 before sending. Digits are kept
 * as typed, like `idArg`.
 */
export const idOrSelfArg = (label: string, description: string) => Args.custom<string>({
  parse: async input => {
    if (input !== 'self' && !isPositiveId(input)) throw new UsageError(`${label} must be a positive whole number or "self", got "${input}"`)
    return input
  },
})({description, required: true})
