// The command line of declared inputs (input.ts): oclif flags and arguments derived from the
// declaration. `required` is for the help and usage only: a missing declared input is asked for on a
// terminal or reported in one style by input-read.ts, never by oclif (base-command.ts relaxes it) nor
// by the generic check of undeclared flags (which skips what `isDeclared` knows). A value is checked
// by the declaration's own rule.

import type {Interfaces} from '@oclif/core'
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {type AnyInput, checkText, helpText, type Input, type Inputs, inputLabel, secretFieldsOf} from './input.js'

type AnyFlag = Interfaces.Flag<unknown>
type AnyArg = Interfaces.Arg<unknown>

/** each flag or argument derived from a declaration, and the input it stands for */
const declared = new WeakMap<object, AnyInput>()

/** a flag or argument derived from a declaration: read and checked by input-read.ts */
export const isDeclared = (definition: object): boolean => declared.has(definition)

function remember<D extends object>(definition: D, input: AnyInput): D {
  declared.set(definition, input)
  return definition
}

/**
 * The API names of the secret inputs a command takes (its flags and arguments derived from
 * declarations, a `--from-file` command's included): what its traces and its printed records hide.
 */
export function secretFieldsOfCommand(...definitions: Array<Readonly<Record<string, object>> | undefined>): string[] {
  const inputs = definitions.flatMap(defs => Object.values(defs ?? {}).flatMap(def => declared.get(def) ?? []))
  return secretFieldsOf(inputs)
}

/**
 * A word out of place on this command's line may be a secret: the command takes a secret input, or its
 * job is to take a secret no declaration stands for (`static takesSecret`: the token of `auth login`).
 * Such words are counted, never quoted: the one rule of oclif's parse errors (base-command.ts) and of
 * words typed right after a command, which oclif takes for a longer command's name (hooks/not-found.ts).
 */
export function mayTakeSecretWord(command: {takesSecret?: unknown; flags?: Readonly<Record<string, object>>; args?: Readonly<Record<string, object>>}): boolean {
  return command.takesSecret === true || secretFieldsOfCommand(command.flags, command.args).length > 0
}

/** flags that are secret without a declaration behind them: the access token of --token */
const secretFlags = new WeakSet<object>()

export function secretFlag<D extends object>(definition: D): D {
  secretFlags.add(definition)
  return definition
}

/**
 * The values typed for a command's secret flags (`--value S`, `--value=S`, `-v S`), by the long name
 * oclif quotes them with, read from the raw command line: oclif's own parse errors quote them
 * (`--value=S cannot also be provided when using …`), and such an error comes before any parsed flag.
 */
export function secretFlagValues(flags: Readonly<Record<string, object>> | undefined, argv: readonly string[]): Array<{flag: string; value: string}> {
  const longName = new Map<string, string>()
  for (const [name, def] of Object.entries(flags ?? {})) {
    const input = declared.get(def)
    // `--value-file PATH` names a file, not the secret
    if (!secretFlags.has(def) && (!input?.secret || input.flag !== name)) continue
    longName.set(`--${name}`, `--${name}`)
    const char = input?.char ?? (def as {char?: string}).char
    if (char) longName.set(`-${char}`, `--${name}`)
  }
  const found: Array<{flag: string; value: string}> = []
  argv.forEach((word, i) => {
    const inline = word.startsWith('--') && word.includes('=')
    const typed = inline ? word.slice(0, word.indexOf('=')) : word.startsWith('--') ? word : word.slice(0, 2)
    const flag = longName.get(typed)
    if (flag === undefined) return
    // --value=S, -vS, or the next word
    const value = inline ? word.slice(typed.length + 1) : word.length > typed.length ? word.slice(typed.length) : argv[i + 1]
    if (value !== undefined && value !== '') found.push({flag, value})
  })
  return found
}

/** `--<flag>-file`, the file form of an input declared `file` */
export const fileFlagName = (input: AnyInput) => `${input.flag}-file`

function flagOf(input: AnyInput, exclusive: string[]): Record<string, AnyFlag> {
  // an input that another flag can replace (--value-file, --from-file) is not shown as required
  const required = input.required && !input.file && exclusive.length === 0
  // `options` is what help and shell completion offer (they read the manifest); the declaration's own
  // rule checks a value, never oclif's list (withoutOptions, for the parse)
  const common = {description: helpText(input), char: input.char, helpValue: input.helpValue, required, options: input.options}
  if (input.boolean) return {[input.flag]: Flags.boolean({...common, allowNo: true, exclusive}) as AnyFlag}
  const parse = async (text: string) => checkText(input, text, `--${input.flag}`)
  if (input.multiple) {
    // non-greedy: `--user alice NAME true` gives alice to --user and keeps NAME and true as arguments
    const flag = Flags.string({...common, multiple: true, multipleNonGreedy: true, delimiter: ',', exclusive, parse: async (item: string) => ((await parse(item)) as string[])[0] ?? ''})
    return {[input.flag]: flag as AnyFlag}
  }
  const options = {...common, exclusive: input.file ? [...exclusive, fileFlagName(input)] : exclusive, parse}
  // `required` is a plain boolean here; oclif's overloads want a literal (it only changes the help)
  const flags: Record<string, AnyFlag> = {[input.flag]: Flags.custom<unknown>(options as typeof options & {required?: false})() as AnyFlag}
  if (input.file) {
    flags[fileFlagName(input)] = Flags.string({
      description: `read --${input.flag} from a file (- for standard input)`,
      exclusive: [...exclusive, input.flag],
    }) as AnyFlag
  }
  return flags
}

/**
 * The flags of an endpoint's inputs (arguments excepted). `exclusive`: flags that replace them all,
 * such as `--from-file`.
 */
export function flagsOf(inputs: Inputs, options: {exclusive?: string[]} = {}): Record<string, AnyFlag> {
  const flags: Record<string, AnyFlag> = Object.assign(
    {},
    ...Object.values(inputs)
      .filter(input => !input.arg)
      .map(input => flagOf(input, options.exclusive ?? [])),
  )
  for (const input of Object.values(inputs).filter(input => !input.arg)) {
    for (const name of input.file ? [input.flag, fileFlagName(input)] : [input.flag]) remember(flags[name]!, input)
  }
  return flags
}

/** where a declared input may also be given: as an argument (`[USER_ID]`), or as a flag (`-u, --user`) */
export type OtherSpelling = {arg: string} | {flag: string; char?: Input['char']}

/** how a message names the other spelling: `USER_ID`, `--user` */
export const spellingLabel = (spelling: OtherSpelling) => ('arg' in spelling ? spelling.arg.toUpperCase().replace(/-/g, '_') : `--${spelling.flag}`)

/**
 * A declared input given another way too, optional and checked by the input's rule: `ci-variables set
 * KEY VALUE` as well as `--value VALUE`, `service-accounts tokens create -u 58` as well as `… create 58`.
 * Spread into the command's args (an argument spelling) or flags (a flag spelling); `sameInput`
 * (input-read.ts) makes the two one value before the inputs are read.
 */
export function otherSpellingOf(input: AnyInput, spelling: {arg: string}): Record<string, AnyArg>
export function otherSpellingOf(input: AnyInput, spelling: {flag: string; char?: Input['char']}): Record<string, AnyFlag>
export function otherSpellingOf(input: AnyInput, spelling: OtherSpelling): Record<string, AnyArg | AnyFlag> {
  const label = spellingLabel(spelling)
  const description = `${helpText(input)}; the same as ${inputLabel(input)}`
  const parse = async (text: string) => checkText(input, text, label)
  if ('arg' in spelling) return {[spelling.arg]: remember(Args.custom<unknown>({description, required: false, parse})() as AnyArg, input)}
  return {[spelling.flag]: remember(Flags.custom<unknown>({description, char: spelling.char, helpValue: input.helpValue, parse})() as AnyFlag, input)}
}

/**
 * The definitions as oclif's parser gets them: a declared flag or argument without its `options`, so
 * that a value outside them meets the declaration's rule and its words (`--package-type "x": must be
 * one of …`), not oclif's list check.
 */
export function withoutOptions<D extends Record<string, object> | undefined>(definitions: D): D {
  if (!definitions) return definitions
  return Object.fromEntries(Object.entries(definitions).map(([name, def]) => [name, isDeclared(def) ? {...def, options: undefined} : def])) as D
}

/**
 * The positional arguments of an endpoint's inputs, in declaration order. `optional`: shown as
 * `[NAME]` where another flag can replace them (`labels create --from-file`).
 */
export function argsOf(inputs: Inputs, options: {optional?: boolean} = {}): Record<string, AnyArg> {
  return Object.fromEntries(
    Object.values(inputs)
      .filter(input => input.arg)
      .map(input => [
        input.flag,
        remember(
          Args.custom<unknown>({
            description: helpText(input),
            required: input.required && !options.optional,
            options: input.options,
            parse: async (text: string) => checkText(input, text),
          })() as AnyArg,
          input,
        ),
      ]),
  )
}
