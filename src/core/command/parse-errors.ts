// oclif's parser speaks in its own voice ("Nonexistent flag: --name", "Parsing --per-page  Expected an
// integer but received: abc", "Missing 1 required arg", "See more help with --help"). This is the one
// place that turns what it throws into forgectl's: one line naming the flag or argument and the value,
// as every other usage error reads (exit 2). oclif exports no class of its parse errors, so each is
// known by its words and the fields it carries; test/unit/parse-errors.test.ts makes oclif's parser
// throw each of them, so that an upgrade that rewords one fails there instead of changing what users read.

import {stripVTControlCharacters} from 'node:util'
import {CliError, ExitCode} from '../base/errors.js'
import {cut, quoted} from '../base/escape.js'
import {inputLabel, missingInputs, wholeNumberRule} from '../input/input.js'
import {closestFlags} from '../input/suggest.js'
import {unexpectedArguments} from './usage.js'

/** what parseFailure reads of a flag or argument definition */
interface Definition {
  name?: string
  char?: string
  description?: string
  options?: readonly string[]
  hidden?: boolean
  min?: number
  max?: number
  allowNo?: boolean
}

/** the command whose command line failed */
export interface ParsedCommand {
  /** its flags, the shared ones included, by name */
  flags: Readonly<Record<string, Definition>>
  args: Readonly<Record<string, Definition>>
  /** `forgectl labels list`, for the pointer to its help */
  name: string
  /** it takes a secret, which a word out of place may be: the words are not quoted */
  secret: boolean
}

export interface ParseFailure {
  /** one line, without "Error: " */
  message: string
  exitCode: ExitCode
  /** the usage line helps: a word is where the command takes none, or an argument is missing */
  usage: boolean
}

const SEE_MORE = /\nSee more help with --help$/
/** what oclif wraps around an error thrown by a flag's own parser */
const FLAG_PARSE = /^Parsing --(\S+) \n\t([\s\S]*)$/

/**
 * oclif's parse error (or one of forgectl's thrown by a flag's parser, wrapped by oclif) in forgectl's
 * words; undefined for any other error.
 */
export function parseFailure(error: Error, command: ParsedCommand): ParseFailure | undefined {
  const text = stripVTControlCharacters(error.message).replace(SEE_MORE, '')
  const usage = (message: string, withUsage = false): ParseFailure => ({message, exitCode: ExitCode.usage, usage: withUsage})
  const wrapped = FLAG_PARSE.exec(text)
  if (wrapped) {
    const [, name, said] = wrapped as unknown as [string, string, string]
    // forgectl's own rule, already in its words
    if (error instanceof CliError) return {message: said, exitCode: error.exitCode, usage: false}
    return usage(flagValueRefused(name, said, command.flags[name]))
  }
  const fields = error as {flags?: unknown; args?: unknown}
  if (/^Nonexistent flags?: /.test(text) && Array.isArray(fields.flags)) return usage(unknownFlags(fields.flags.map(String), command))
  if (/^Unexpected arguments?: /.test(text) && Array.isArray(fields.args)) return usage(unexpectedArguments(fields.args.map(String), command.secret), true)
  if (/^Missing \d+ required args?\b/.test(text) && Array.isArray(fields.args)) {
    return usage(missingInputs((fields.args as Definition[]).map(arg => ({label: argLabel(arg.name ?? ''), description: describe(arg)}))).message, true)
  }
  const option = /^Expected --([^=\s]+)=([\s\S]*) to be one of: ([\s\S]*)$/.exec(text)
  if (option) return usage(`--${option[1]} ${quoted(option[2]!)}: must be one of ${option[3]}`)
  const argOption = /^Expected ([\s\S]*) to be one of: ([\s\S]*)$/.exec(text)
  if (argOption) return usage(argOptionRefused(argOption[1]!, argOption[2]!, command.args))
  const needsValue = /^Flag --(\S+) expects (?:a value|one of these values: [\s\S]*)$/.exec(text)
  if (needsValue) return usage(`--${needsValue[1]} needs a value${oneOf(command.flags[needsValue[1]!])}`)
  const once = /^Flag --(\S+) can only be specified once$/.exec(text)
  if (once) return usage(`--${once[1]} was given more than once: it takes one value`)
  const failed = /^The following errors? occurred:\n([\s\S]*)$/.exec(text)
  if (failed) return usage(uniq(failed[1]!.split('\n').map(reason => flagRuleBroken(reason.trim(), command.flags))).join('; '))
  return undefined
}

/** a flag's value its parser refused: oclif's integer and URL flags, else oclif's reason as it is */
function flagValueRefused(name: string, said: string, flag: Definition | undefined): string {
  const integer = /^Expected an integer (?:but|(?:greater|less) than or equal to -?\d+ but) received: ([\s\S]*)$/.exec(said)
  if (integer) return `--${name} ${quoted(integer[1]!)}: ${wholeNumberRule(flag?.min, flag?.max)}`
  const url = /^Expected a valid url but received: ([\s\S]*)$/.exec(said)
  if (url) return `--${name} ${quoted(url[1]!)}: must be a URL`
  return `--${name}: ${said.replace(/\s*\n\s*/g, ' ')}`
}

/** `unknown flag --nme: did you mean --name?`; the value of `--tokn=S` is never quoted, it may be a secret */
function unknownFlags(typed: readonly string[], command: ParsedCommand): string {
  const visible = Object.entries(command.flags).filter(([, flag]) => !flag.hidden)
  const names = visible.flatMap(([name, flag]) => (flag.allowNo ? [name, `no-${name}`] : [name]))
  const chars = visible.flatMap(([, flag]) => (flag.char ? [flag.char] : []))
  const each = typed.map(word => {
    const flag = word.split('=')[0]!
    return {flag: cut(flag), near: nearFlags(flag, names, chars)}
  })
  if (each.length === 1) {
    const {flag, near} = each[0]!
    if (near.length === 0) return `unknown flag ${flag}: ${command.name} --help lists the flags it takes`
    return `unknown flag ${flag}: did you mean ${orList(near)}?`
  }
  return `unknown flags ${each.map(({flag, near}) => (near.length > 0 ? `${flag} (did you mean ${orList(near)}?)` : flag)).join(', ')}`
}

/**
 * The flags meant by one that does not exist: near long names (`--colums`), a letter in the other case
 * (`-P`: `-p`), a letter given as a long name (`--p`: `-p`). The rest of a short group (`-Px`) is not guessed at.
 */
function nearFlags(flag: string, names: readonly string[], chars: readonly string[]): string[] {
  const letter = /^--?([a-zA-Z])$/.exec(flag)?.[1]
  if (letter) return chars.filter(char => char === letter || char.toLowerCase() === letter.toLowerCase()).map(char => `-${char}`)
  return flag.startsWith('--') ? closestFlags(flag.slice(2), names).map(name => `--${name}`) : []
}

/** `SHELL "fish2": must be one of bash, zsh, fish`: oclif does not say which argument, its options do */
function argOptionRefused(value: string, options: string, args: ParsedCommand['args']): string {
  const found = Object.entries(args).find(([, arg]) => arg.options?.join(', ') === options)
  return `${found ? argLabel(found[0]) : 'argument'} ${quoted(value)}: must be one of ${options}`
}

/**
 * A rule between flags that oclif checks (exclusive, required, depends on): forgectl's words for the
 * ones it knows; the value oclif quotes (`--value=S cannot also be provided …`) is left out, for it
 * may be a secret.
 */
function flagRuleBroken(reason: string, flags: ParsedCommand['flags']): string {
  const exclusive = /^--([^=\s]+)(?:=[\s\S]*)? cannot also be provided when using --(\S+)$/.exec(reason)
  // each of the two says it of the other: one sentence, the names in one order
  if (exclusive) return `${[`--${exclusive[1]}`, `--${exclusive[2]}`].sort().join(' and ')} cannot be used together`
  const required = /^Missing required flag (\S+)$/.exec(reason)
  if (required) return missingInputs([{label: `--${required[1]}`, description: describe(flags[required[1]!] ?? {})}]).message
  const depends = /^All of the following must be provided when using --(\S+): (.*)$/.exec(reason)
  if (depends) return `--${depends[1]} needs ${depends[2]} too`
  const exactlyOne = /^Exactly one of the following must be provided: (.*)$/.exec(reason)
  if (exactlyOne) return `give exactly one of ${exactlyOne[1]}`
  const atLeastOne = /^At least one of the following must be provided: (.*)$/.exec(reason)
  if (atLeastOne) return `give at least one of ${atLeastOne[1]}`
  const only = /^Only the following can be provided when using --(\S+): (.*)$/.exec(reason)
  if (only) return `--${only[1]} takes no other flag but ${only[2]}`
  return reason
}

function argLabel(name: string): string {
  return inputLabel({arg: true, flag: name} as Parameters<typeof inputLabel>[0])
}

/** an argument's or flag's description, with its values where it has a list of them */
function describe(definition: Definition): string {
  const words = definition.description ?? definition.name ?? ''
  return definition.options ? `${words}: ${orList(definition.options)}` : words
}

function oneOf(flag: Definition | undefined): string {
  return flag?.options ? `: one of ${flag.options.join(', ')}` : ''
}

/** `a`, `a or b`, `a, b or c` */
function orList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`
}

function uniq(items: string[]): string[] {
  return [...new Set(items)]
}
