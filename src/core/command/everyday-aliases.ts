// `ls` and `rm` beside every `list` and `delete`, as gh has them (issue 25, point 5): one rule, given here
// to each command as the command table hands it out (scripts/build.mjs), rather than written into forty
// files. Hidden aliases: help, completion and the command reference name only the verbs.

const EVERYDAY: Readonly<Record<string, string>> = {list: 'ls', delete: 'rm'}

/** the command, with `topic:ls` (`topic:rm`) among its hidden aliases when its id ends in `:list` (`:delete`) */
export function withEverydayAliases<C extends {hiddenAliases?: string[]}>(id: string, command: C): C {
  const verb = id.slice(id.lastIndexOf(':') + 1)
  const alias = EVERYDAY[verb]
  if (alias === undefined || !id.includes(':')) return command
  const aliased = `${id.slice(0, id.lastIndexOf(':') + 1)}${alias}`
  if (!command.hiddenAliases?.includes(aliased)) command.hiddenAliases = [...(command.hiddenAliases ?? []), aliased]
  return command
}
