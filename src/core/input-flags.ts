// The command line of declared inputs (input.ts): oclif flags and arguments derived from the
// declaration. `required` is for the help and usage only: a missing declared input is asked for on a
// terminal or reported in one style by input-read.ts, never by oclif (base-command.ts relaxes it) nor
// by the generic check of undeclared flags (which skips what `isDeclared` knows). A value is checked
// by the declaration's own rule.

import type {Interfaces} from '@oclif/core'
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {type AnyInput, checkText, helpText, type Inputs} from './input.js'

type AnyFlag = Interfaces.Flag<unknown>
type AnyArg = Interfaces.Arg<unknown>

const declared = new WeakSet<object>()

/** a flag or argument derived from a declaration: read and checked by input-read.ts */
export const isDeclared = (definition: object): boolean => declared.has(definition)

function remember<D extends object>(definition: D): D {
  declared.add(definition)
  return definition
}

/** `--<flag>-file`, the file form of an input declared `file` */
export const fileFlagName = (input: AnyInput) => `${input.flag}-file`

function flagOf(input: AnyInput, exclusive: string[]): Record<string, AnyFlag> {
  // an input that another flag can replace (--value-file, --from-file) is not shown as required
  const required = input.required && !input.file && exclusive.length === 0
  const common = {description: helpText(input), char: input.char, helpValue: input.helpValue, required}
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
  for (const flag of Object.values(flags)) remember(flag)
  return flags
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
            parse: async (text: string) => checkText(input, text),
          })() as AnyArg,
        ),
      ]),
  )
}
