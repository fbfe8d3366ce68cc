// Flags shared by commands: connection, output, lists, scopes, confirmation, and IDs in the path.
// An endpoint's own inputs are declared in src/api (src/core/input/input.ts), not here.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {DURATION_HELP, parseDuration} from '../base/duration.js'
import {UsageError} from '../base/errors.js'
import {quoted} from '../base/escape.js'
import {OUTPUT_FORMATS} from '../base/format-names.js'
import {isPositiveId} from '../base/id.js'
import {MAX_RETRIES, parseRetries} from '../config/config-store.js'
import {CONNECTION, LIST, OUTPUT} from './flag-groups.js'
import {checkText, custom, type Draft, declare, id, RuleBroken} from './input.js'
import {secretFlag} from './input-flags.js'
import {checkTarget, checkTargetList, type TargetKind} from './scope.js'
import {parseShard} from './shard.js'

/** a duration in seconds (`90`, `90s`, `5m`, `2h`), refused with exit 2 outside 1s..24h: the rule of `config set timeout` too */
export const durationFlag = Flags.custom<number>({
  helpValue: 'DURATION',
  parse: async (input, _ctx, opts) => parseDuration(input, `--${opts.name}`),
})

/** a whole number of retries, refused with exit 2 past MAX_RETRIES: the rule of `config set retries` and of a stored profile too */
const retriesFlag = Flags.custom<number>({
  parse: async (input, _ctx, opts) => parseRetries(input, `--${opts.name}`),
})

/**
 * `--token "$DEPLOY_TOKEN"` with the variable unset is `--token ""`: taken as not given, the run went on
 * with FORGECTL_TOKEN or the profile's token (an administrator's, perhaps), and `--host "$STAGING"` with
 * the profile's host. A connection flag typed with nothing is refused instead; its value is never quoted.
 */
async function notEmpty(input: string, _ctx: unknown, opts: {name: string}): Promise<string> {
  if (input.trim() === '') throw new UsageError(`--${opts.name} is empty (an unset variable?): give a value, or leave --${opts.name} out`)
  return input
}

export const connectionFlags = {
  host: Flags.string({parse: notEmpty, description: 'server base URL (overrides FORGECTL_HOST and the profile)', helpGroup: CONNECTION}),
  // gh says the same of a token on the command line: every user sees it in `ps`, the shell keeps it
  token: secretFlag(
    Flags.string({
      parse: notEmpty,
      description: 'access token (overrides FORGECTL_TOKEN and the profile); visible in ps and kept in shell history: prefer FORGECTL_TOKEN or a profile (auth login --token-stdin)',
      helpGroup: CONNECTION,
    }),
  ),
  profile: Flags.string({description: 'stored profile to use (overrides FORGECTL_PROFILE)', helpGroup: CONNECTION}),
  'ca-file': Flags.string({parse: notEmpty, description: 'PEM file with CA certificates to trust', helpGroup: CONNECTION}),
  insecure: Flags.boolean({description: 'skip TLS certificate verification (dangerous)', helpGroup: CONNECTION}),
  'allow-http': Flags.boolean({description: 'allow sending the token over plain HTTP to a non-loopback host', helpGroup: CONNECTION}),
  timeout: durationFlag({description: `how long one request may take (${DURATION_HELP}; default 30s)`, helpGroup: CONNECTION}),
  retries: retriesFlag({description: `retries of failed idempotent requests (0 to ${MAX_RETRIES}; default 3)`, helpGroup: CONNECTION}),
  'dry-run': Flags.boolean({description: 'print the request that would be sent (token redacted) and send nothing', helpGroup: CONNECTION}),
  verbose: Flags.boolean({description: 'trace requests and responses on stderr (token redacted)', helpGroup: CONNECTION}),
}

/** `--columns "id, name"`: the field names, trimmed, empty ones left out */
export function columnList(text: string): string[] {
  return text
    .split(',')
    .map(c => c.trim())
    .filter(Boolean)
}

/**
 * `--columns ""` (a script's unset variable) or `--columns ,` names no field: refused before any request,
 * rather than printing every record as {} (json, yaml, ndjson) or blank lines (table, csv) with exit 0.
 */
async function parseColumns(input: string): Promise<string> {
  if (columnList(input).length === 0) throw new UsageError(`--columns ${quoted(input)}: name at least one field, comma-separated (id,name)`)
  return input
}

export const outputFlags = {
  json: Flags.boolean({description: 'print exactly the API JSON (only the fields --columns names, if given) and nothing else on stdout', helpGroup: OUTPUT, exclusive: ['output']}),
  output: Flags.string({char: 'o', description: 'output format (default: table on a terminal, json otherwise)', options: [...OUTPUT_FORMATS], helpGroup: OUTPUT}),
  columns: Flags.string({
    parse: parseColumns,
    description: 'the fields to show, comma-separated, in this order, in every format (dotted for nested: user.username); with -q, these fields tab-separated instead of the handle',
    helpGroup: OUTPUT,
  }),
  wide: Flags.boolean({description: 'show tables whole on a terminal: every column, no cell cut to fit its width', helpGroup: OUTPUT}),
  'no-header': Flags.boolean({description: 'omit the header row of tables and csv', helpGroup: OUTPUT}),
  sort: Flags.string({description: "sort records by a field, - for descending (-created_at); the platform's created_desc is the same", helpGroup: OUTPUT}),
  quiet: Flags.boolean({char: 'q', description: "print only each record's handle (the ID, key, IID or name the next command takes), one per line, and no messages but warnings", helpGroup: OUTPUT}),
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

/** `--shard I/N`: this job's share of a fan-out's targets (or a plan's scopes), split by a hash of each one's key (src/core/input/shard.ts) */
export const shardFlag = (targets: string, dependsOn?: string) => ({
  shard: Flags.custom({
    helpValue: 'I/N',
    description: `only the ${targets} of shard I of N (split by a hash of each one's name): N parallel CI jobs, each with its own I, together cover every one exactly once`,
    dependsOn: dependsOn === undefined ? undefined : [dependsOn],
    parse: async (input: string) => parseShard(input),
  })(),
})

/** `--resume`: finish the run a journal recorded (src/core/lists/journal.ts) */
export const resumeFlag = (dependsOn: string) => ({
  resume: Flags.boolean({
    description: `finish an earlier run with the same input that was stopped or had failures: only what it did not do (its journal is kept in the settings folder until a run ends with nothing failed)`,
    dependsOn: [dependsOn],
  }),
})

/** `--from-file` and how many of its records are sent at once; `noun` names a record ("label") */
export const fromFileFlags = (noun: string) => ({
  'from-file': Flags.string({description: `create every ${noun} listed in a .json, .yaml or .csv file (- for JSON on stdin); fields as the API names them`}),
  concurrency: Flags.integer({description: `${noun}s created at once with --from-file`, default: 8, min: 1, max: 32}),
  ...shardFlag(`${noun}s of --from-file`, 'from-file'),
  ...resumeFlag('from-file'),
})

export const yesFlag = {
  yes: Flags.boolean({char: 'y', description: 'do it without asking for confirmation'}),
}

// ---- scopes ---------------------------------------------------------------------------------------

const PROJECT = 'project ID or full path (group/sub/project)'
const GROUP = 'group ID or full path'
const USER = 'user ID'

/** a scope names one project, group or user, by the rule of scope.ts: checked before anything is sent */
const scopeFlag = (kind: TargetKind) => Flags.custom<string>({parse: async input => checkTarget(input, kind)})

/** `-p` required: spread into a command's flags (`...requiredProjectFlag`) */
export const requiredProjectFlag = {project: scopeFlag('project')({char: 'p', description: PROJECT, required: true})}
export const optionalProjectFlag = {project: scopeFlag('project')({char: 'p', description: PROJECT})}
export const requiredGroupFlag = {group: scopeFlag('group')({char: 'g', description: GROUP, required: true})}
export const optionalGroupFlag = {group: scopeFlag('group')({char: 'g', description: GROUP})}
export const optionalUserFlag = {user: scopeFlag('user')({char: 'u', description: USER})}

/** commands that work on a project or a group: not both (oclif), and one of them (scopeOf, in the one "missing" style) */
export const projectOrGroupFlags = {
  project: scopeFlag('project')({char: 'p', description: PROJECT, exclusive: ['group']}),
  group: scopeFlag('group')({char: 'g', description: GROUP, exclusive: ['project']}),
}

/**
 * `-p` of a command that acts on each of several projects: repeated or a comma list (`-p a,b -p c`),
 * split the one way of scope.ts; `targets(flags.project)` gives each project once. Non-greedy, as
 * every repeatable flag: a word after the value stays an argument.
 */
export const projectListFlag = {
  project: Flags.custom<string[]>({
    char: 'p',
    description: 'project ID or full path; repeat or comma-separate for several projects',
    multiple: true,
    multipleNonGreedy: true,
    parse: async input => checkTargetList(input, 'project'),
  })(),
}

// ---- path IDs -------------------------------------------------------------------------------------

/** a path argument checked by a declared rule (input.ts), so that it is refused as every input is */
function pathArg(rule: Draft<string, true>) {
  const input = declare({path: rule}).path
  return Args.custom<string>({parse: async text => checkText(input, text)})({description: rule.description, required: true})
}

/**
 * A numeric ID argument (MIRROR_ID, IID, ...): a positive whole number, refused with exit 2 before
 * anything is sent (oclif's own integer check would exit 1). The digits are kept as typed (see id.ts).
 */
export const idArg = (label: string, description: string) => pathArg(id({arg: true, flag: label.toLowerCase(), required: true, description}))

/**
 * A numeric ID or the word `self` (the record behind the caller's own credential, as in
 * `/personal_access_tokens/self`): anything else is refused with exit 2 before sending. Digits are kept
 * as typed, like `idArg`.
 */
export const idOrSelfArg = (label: string, description: string) =>
  pathArg(
    custom({
      arg: true,
      flag: label.toLowerCase(),
      required: true,
      description,
      parse: text => {
        if (text !== 'self' && !isPositiveId(text)) throw new RuleBroken('must be a positive whole number or "self"')
        return text
      },
    }),
  )
