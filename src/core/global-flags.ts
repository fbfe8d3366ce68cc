// The global (connection and output) flags of a command, as the manifest keeps them. Every run reads and
// parses the whole oclif.manifest.json, and `oclif manifest` writes each global flag in full into every
// command that takes it: 18 flags in 140 commands, most of the file. scripts/trim-manifest.mjs writes
// each global flag once (the manifest's `globalFlags`, in the order `forgectl help` lists them) and, in a
// command, only the names of those it takes (`globalFlags`) and of those it hides (`hiddenGlobalFlags`);
// its `flags` are its own. A run that does not show help or complete a word never looks at flags in the
// manifest. Help and completion take a command's flags from here: its own and its global ones.
import type {Command, Interfaces} from '@oclif/core'

type Flag = Command.Flag.Cached

/** what scripts/trim-manifest.mjs adds to a manifest entry */
interface WithGlobalFlags {
  flags?: Record<string, Flag>
  globalFlags?: readonly string[]
  hiddenGlobalFlags?: readonly string[]
  pluginName?: string
}

/** each global flag's definition, once, from the manifest of the plugin that holds the commands */
export function globalFlagDefinitions(config: Interfaces.Config, pluginName = config.name): Record<string, Flag> {
  // oclif's Plugin keeps the manifest it read, without declaring it in the Plugin interface
  const plugin = config.plugins.get(pluginName) as {manifest?: {globalFlags?: Record<string, Flag>}} | undefined
  return plugin?.manifest?.globalFlags ?? {}
}

/** a manifest command's flags with its global ones, as `oclif manifest` wrote them */
export function allFlags(command: WithGlobalFlags, config: Interfaces.Config): Record<string, Flag> {
  const own = command.flags ?? {}
  if (!command.globalFlags || command.globalFlags.length === 0) return own
  const definitions = globalFlagDefinitions(config, command.pluginName)
  const hidden = new Set(command.hiddenGlobalFlags)
  const globals = command.globalFlags.flatMap(name => {
    const definition = definitions[name]
    if (!definition) return []
    const hide = hidden.has(name)
    return [[name, Boolean(definition.hidden) === hide ? definition : {...definition, hidden: hide}] as const]
  })
  return {...Object.fromEntries(globals), ...own}
}
