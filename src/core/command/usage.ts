// The short usage line that follows a usage error: the command, its arguments and its required flags,
// then [FLAGS]; `--help` has the rest. Built from a command class or from its manifest entry, so that
// the not-found hook can print it without loading the command.
import {cut} from '../base/escape.js'

interface UsageArg {
  required?: boolean
}

interface UsageFlag {
  required?: boolean
  char?: string
  type?: string
}

export interface UsageSource {
  id: string
  args?: Record<string, UsageArg>
  flags?: Record<string, UsageFlag>
}

/** `forgectl labels get LABEL [FLAGS]`, `forgectl hooks create --url <value> [FLAGS]` */
export function usageLine(bin: string, command: UsageSource): string {
  const args = Object.entries(command.args ?? {}).map(([name, arg]) => (arg.required ? name.toUpperCase() : `[${name.toUpperCase()}]`))
  const flags = Object.entries(command.flags ?? {})
    .filter(([, flag]) => flag.required)
    .map(([name, flag]) => `${flag.char ? `-${flag.char}` : `--${name}`}${flag.type === 'boolean' ? '' : ' <value>'}`)
  return [bin, ...command.id.split(':'), ...args, ...flags, '[FLAGS]'].join(' ')
}

/** `unexpected argument "3"`, `unexpected arguments "3", "4"` */
export function unexpectedArguments(args: readonly string[], secret = false): string {
  const plural = args.length === 1 ? '' : 's'
  // a command that takes a secret: the word out of place may be it (`ci-variables create K $VALUE`, --value forgotten)
  if (secret) return `unexpected argument${plural} (${args.length} word${plural}, not shown: this command takes a secret, and a word out of place may be it)`
  return `unexpected argument${plural} ${args.map(arg => JSON.stringify(cut(arg))).join(', ')}`
}
