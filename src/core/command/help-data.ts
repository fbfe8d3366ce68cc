// What only help and completion read of a command, kept out of the manifest that every run parses.
// oclif's Config.load reads and parses the whole oclif.manifest.json on each run, and a run that shows
// no help and completes no word uses none of a command's flags, description or examples: at 250 KB
// they cost a one-request command 6 ms of parsing and of memory touched for the first time (page
// faults). scripts/trim-manifest.mjs writes them to oclif.help.json beside the manifest: per command its
// description, examples and own flags, and each global (connection and output) flag once, in the order
// `forgectl help` lists them. A command in the manifest keeps the names of the global flags it takes and
// of those it hides (globalFlags, hiddenGlobalFlags). Help and completion get a command whole from here.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import type {Command, Interfaces} from '@oclif/core'

type Flag = Command.Flag.Cached

/** a command as the manifest has it, with what scripts/trim-manifest.mjs adds */
interface ManifestCommand {
  id: string
  description?: string
  examples?: Command.Example[]
  flags?: Record<string, Flag>
  globalFlags?: readonly string[]
  hiddenGlobalFlags?: readonly string[]
  pluginName?: string
}

interface HelpData {
  commands: Record<string, {description?: string; examples?: Command.Example[]; flags?: Record<string, Flag>}>
  globalFlags: Record<string, Flag>
}

const loaded = new Map<string, HelpData>()

/** oclif.help.json of the plugin that holds the commands (the package root), read once */
function helpData(config: Interfaces.Config, pluginName = config.name): HelpData {
  const root = config.plugins.get(pluginName)?.root ?? config.root
  let data = loaded.get(root)
  if (!data) {
    try {
      data = JSON.parse(readFileSync(join(root, 'oclif.help.json'), 'utf8')) as HelpData
    } catch {
      data = {commands: {}, globalFlags: {}}
    }
    loaded.set(root, data)
  }
  return data
}

/**
 * A command's entry: by its id, which oclif readme hands over spelled with the topic separator. A
 * hidden alias (`labels ls`) is a command of its own to oclif, with the alias as its id: its entry is
 * the one of the command that names it among its hiddenAliases.
 */
function entryOf(data: HelpData, command: ManifestCommand, config: Interfaces.Config): HelpData['commands'][string] | undefined {
  const id = command.id.replaceAll(config.topicSeparator, ':')
  return data.commands[command.id] ?? data.commands[id] ?? data.commands[aliasedId(id, config) ?? '']
}

function aliasedId(alias: string, config: Interfaces.Config): string | undefined {
  return config.commands.find(c => c.id !== alias && c.hiddenAliases?.includes(alias))?.id
}

/** each global flag's definition, once */
export function globalFlagDefinitions(config: Interfaces.Config): Record<string, Flag> {
  return helpData(config).globalFlags
}

/** a command's flags: its own and its global ones, as `oclif manifest` wrote them */
export function allFlags(command: ManifestCommand, config: Interfaces.Config): Record<string, Flag> {
  const data = helpData(config, command.pluginName)
  const own = command.flags ?? entryOf(data, command, config)?.flags ?? {}
  if (!command.globalFlags || command.globalFlags.length === 0) return own
  const hidden = new Set(command.hiddenGlobalFlags)
  const globals = command.globalFlags.flatMap(name => {
    const definition = data.globalFlags[name]
    if (!definition) return []
    const hide = hidden.has(name)
    return [[name, Boolean(definition.hidden) === hide ? definition : {...definition, hidden: hide}] as const]
  })
  return {...Object.fromEntries(globals), ...own}
}

/** a manifest command with its description, examples and all its flags, for its help */
export function withHelpData<T extends ManifestCommand>(command: T, config: Interfaces.Config): T {
  const entry = entryOf(helpData(config, command.pluginName), command, config)
  return {
    ...command,
    ...(entry?.description === undefined ? {} : {description: entry.description}),
    ...(entry?.examples === undefined ? {} : {examples: entry.examples}),
    flags: allFlags(command, config),
  }
}
