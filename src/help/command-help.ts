// A command's help: its USAGE line shows the command's own flags and then [GLOBAL FLAGS], and the
// global (connection and output) flags are named in one short section rather than described again on
// every command; `forgectl help` describes them once (root-help.ts). Option flags without a value name
// get their own name in capitals (`-p PROJECT`, not `-p <value>`), so the usage reads on its own.
import type {Command, Interfaces} from '@oclif/core'
import {CommandHelp} from '@oclif/core/help'
import {withHelpData} from '../core/command/help-data.js'
import {GLOBAL_GROUPS} from '../core/input/flag-groups.js'

type Flag = Command.Flag.Any
type Section = ReturnType<CommandHelp['sections']>[number]

const SIMPLE = /<%=\s*(config\.bin|command\.id)\s*%>/g

/** `<%= config.bin %>` and `<%= command.id %>` replaced directly (ejs compiled every string anew: ~12 ms of each `--help`); anything else still goes to ejs */
export function fastRender(ejsRender: (input: string) => string, bin: string, commandId = ''): (input: string) => string {
  return input => {
    const simple = input.replace(SIMPLE, (_, name: string) => (name === 'config.bin' ? bin : commandId))
    return simple.includes('<%') ? ejsRender(input) : simple
  }
}

export const isGlobal = (flag: Flag): boolean => flag.helpGroup !== undefined && GLOBAL_GROUPS.includes(flag.helpGroup)

/** `--project <value>` says nothing the flag's name does not say better: `--project PROJECT`, `--key-file FILE` */
function withValueNames(flags: Record<string, Flag>): Record<string, Flag> {
  const valueName = (name: string) => (name.endsWith('-file') ? 'FILE' : name.toUpperCase())
  return Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, flag.type === 'option' && !flag.helpValue && !flag.options ? {...flag, helpValue: valueName(name)} : flag]))
}

/** the flags the USAGE line shows: the command's own */
function usageFlags(flags: Record<string, Flag>): Record<string, Flag> {
  const own = new Set(Object.keys(flags).filter(name => !isGlobal(flags[name]!)))
  const partners = (name: string) => (flags[name]!.exclusive ?? []).filter(n => own.has(n))
  return Object.fromEntries(
    [...own].map(name => {
      const flag = flags[name]!
      // oclif pairs exclusive flags as `[-a | -b]`; anything else (an own flag exclusive with a global
      // one, many flags exclusive with --from-file) leaves a dangling `|`: only one-to-one pairs are shown
      const [partner, ...more] = partners(name)
      const pair = partner !== undefined && more.length === 0 && partners(partner).length === 1
      return [name, flag.exclusive ? {...flag, exclusive: pair ? [partner] : []} : flag]
    }),
  )
}

/** how a flag is spelled in a list of names: `-o, --output=table|json`, `--host` */
export function flagName(flag: Flag): string {
  const long = `--${flag.name}${flag.type === 'option' && flag.options ? `=${flag.options.join('|')}` : ''}`
  return flag.char ? `-${flag.char}, ${long}` : long
}

export class ForgeCommandHelp extends CommandHelp {
  constructor(command: Command.Loadable, config: Interfaces.Config, options: Interfaces.HelpOptions) {
    const whole = withHelpData(command, config)
    super({...whole, flags: withValueNames(whole.flags)}, config, options)
    this.render = fastRender(this.render, config.bin, command.id.replaceAll(':', config.topicSeparator))
  }

  /** the flags of `forgectl help`'s GLOBAL FLAGS section, rendered as a command's FLAGS are */
  flagRows(flags: Flag[]): [string, string | undefined][] | undefined {
    return this.flags(flags)
  }

  protected defaultUsage(): string {
    const all = Object.values(this.command.flags ?? {})
    const hasGlobal = all.some(f => isGlobal(f) && !f.hidden)
    // oclif builds the usage from this.command (its DocOpts is not exported): lend it the own flags only
    const full = this.command
    this.command = {...full, flags: usageFlags(full.flags ?? {})}
    try {
      return super.defaultUsage() + (hasGlobal ? ' [GLOBAL FLAGS]' : '')
    } finally {
      this.command = full
    }
  }

  /** `[GLOBAL FLAGS]` is one word for the reader: never split at the end of a wrapped usage line */
  protected usage(): string {
    return super.usage().replace(/ \[GLOBAL\n(\s+)FLAGS\]$/, '\n$1[GLOBAL FLAGS]')
  }

  protected sections(): Section[] {
    return super.sections().flatMap(section =>
      section.header !== 'FLAGS'
        ? [section]
        : [
            {header: section.header, generate: (data, header) => section.generate({...data, flags: data.flags.filter(f => !isGlobal(f))}, header)},
            {header: 'GLOBAL FLAGS', generate: () => this.globalFlagNames()},
          ],
    )
  }

  /** the global flags this command takes, by name, in the order they are declared: what they do is in `forgectl help` */
  private globalFlagNames(): string | undefined {
    const flags = Object.entries(this.command.flags ?? {})
      .filter(([, f]) => isGlobal(f) && !f.hidden)
      .map(([name, f]) => ({...f, name}))
    if (flags.length === 0) return undefined
    const rows = GLOBAL_GROUPS.map(
      group =>
        [
          group.toLowerCase(),
          flags
            .filter(f => f.helpGroup === group)
            .map(flagName)
            .join('  '),
        ] as [string, string],
    ).filter(([, names]) => names !== '')
    const list = this.renderList(rows, {indentation: 2, spacer: '\n', stripAnsi: this.opts.stripAnsi})
    return `${list}\nEach is described once in "${this.config.bin} help".`
  }
}
