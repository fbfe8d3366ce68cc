// The command line of declared inputs (input.ts): oclif flags and arguments derived from the
// declaration. Nothing is `required` for oclif: a missing input is asked for on a terminal or
// reported in one style by input-read.ts. A value is checked by the declaration's own rule.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import type {Interfaces} from '@oclif/core'
import {checkText, helpText, type AnyInput, type Inputs} from './input.js'

type AnyFlag = Interfaces.Flag<unknown>
type AnyArg = Interfaces.Arg<unknown>

/** `--<flag>-file`, the file form of an input declared `file` */
export const fileFlagName = (input: AnyInput) => `${input.flag}-file`

function flagOf(input: AnyInput, exclusive: string[]): Record<string, AnyFlag> {
  const common = {description: helpText(input), char: input.char, helpValue: input.helpValue}
  if (input.boolean) return {[input.flag]: Flags.boolean({...common, allowNo: true, exclusive}) as AnyFlag}
  const parse = async (text: string) => checkText(input, text, `--${input.flag}`)
  if (input.multiple) {
    // non-greedy: `--user alice NAME true` gives alice to --user and keeps NAME and true as arguments
    const flag = Flags.string({...common, multiple: true, multipleNonGreedy: true, delimiter: ',', exclusive, parse: async (item: string) => (await parse(item) as string[])[0] ?? ''})
    return {[input.flag]: flag as AnyFlag}
  }
  const flags: Record<string, AnyFlag> = {[input.flag]: Flags.custom<unknown>({...common, exclusive: input.file ? [...exclusive, fileFlagName(input)] : exclusive, parse})() as AnyFlag}
  if (input.file) {
    flags[fileFlagName(input)] = Flags.string({
      description: `read --${input.flag} from a file (- for standard input)`, exclusive: [...exclusive, input.flag],
    }) as AnyFlag
  }
  return flags
}

/**
 * The flags of an endpoint's inputs (arguments excepted). `exclusive`: flags that replace them all,
 * such as `--from-file`.
 */
export function flagsOf(inputs: Inputs, options: {exclusive?: string[]} = {}): Record<string, AnyFlag> {
  return Object.assign({}, ...Object.values(inputs).filter(input => !input.arg).map(input => flagOf(input, options.exclusive ?? [])))
}

/** the positional arguments of an endpoint's inputs, in declaration order */
export function argsOf(inputs: Inputs): Record<string, AnyArg> {
  return Object.fromEntries(Object.values(inputs).filter(input => input.arg).map(input => [input.flag, Args.custom<unknown>({
    description: helpText(input),
    parse: async (text: string) => checkText(input, text),
  })() as AnyArg]))
}
