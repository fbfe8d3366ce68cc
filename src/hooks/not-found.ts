// Words that name no command. When they start with a real command (`labels list 3`), the rest is a
// stray argument of that command; otherwise the command was mistyped, and forgectl names the near
// misses. It never offers to run one: a prompt defaulting to Yes once turned `tokens delete 1012 -y`
// into a system hook deletion. Same text on and off a terminal, exit 2 like every usage error.
import type {Hook, Interfaces} from '@oclif/core'
import * as Errors from '@oclif/core/errors'
import {helpAddition} from '@oclif/core/run'
import {ExitCode} from '../core/base/errors.js'
import {cut, messageText} from '../core/base/escape.js'
import {ioOf} from '../core/base/io.js'
import {allFlags} from '../core/command/help-data.js'
import {unexpectedArguments, usageLine} from '../core/command/usage.js'
import {mayTakeSecretWord} from '../core/input/input-flags.js'
import {closestCommands, closestFlags} from '../core/input/suggest.js'

const notFound: Hook.CommandNotFound = async ({id, config}) => notFoundExit(config, id.split(':'))

/**
 * A topic followed by a flag (`labels -p 20 list`): oclif takes the words up to the flag for the
 * command, finds a topic, and prints its help with exit 0, so a script's command ran nothing and
 * "succeeded". It is the mistake `--token=S labels list` is, one level down: said so, exit 2. Help
 * asked for (`labels --help`) is still help. The `init` hook, before oclif decides.
 */
export const flagAfterTopic: Hook.Init = async ({id, argv, config}) => {
  if (id === undefined || argv.length === 0 || config.findCommand(id) || !config.findTopic(id)) return
  if (helpAddition([id, ...argv], config)) return
  const flag = cut(argv[0]!.split('=')[0]!)
  ioOf(config).stderr.write(messageText(`Error: unknown flag ${flag}: a command's flags go after it (${config.bin} ${id.replaceAll(':', ' ')} --help lists its commands)\n`))
  return Errors.exit(ExitCode.usage)
}

/** the words name no command: the message (a stray argument, or the near misses), then exit 2; also for help of such words */
export async function notFoundExit(config: Interfaces.Config, words: string[]): Promise<never> {
  ioOf(config).stderr.write(messageText((await strayArgument(config, words)) ?? unknownCommand(config, words)))
  return Errors.exit(ExitCode.usage)
}

async function strayArgument(config: Interfaces.Config, words: string[]): Promise<string | undefined> {
  for (let length = words.length - 1; length > 0; length--) {
    const command = config.findCommand(words.slice(0, length).join(':'))
    if (!command) continue
    // `auth login $TOKEN`, `mirrors create $URL`: the command's class knows whether the word may be a secret
    const secret = mayTakeSecretWord(await command.load())
    return `Error: ${unexpectedArguments(words.slice(length), secret)}\nUsage: ${usageLine(config.bin, {...command, flags: allFlags(command, config)})}\n`
  }
  return undefined
}

/** what forgectl takes before a command: --help (-h) and --version */
const ROOT_FLAGS = ['help', 'version']

function unknownCommand(config: Interfaces.Config, words: string[]): string {
  // a flag where the command goes (`forgectl --versio`): an unknown flag, as a command's would be
  if (words[0]!.startsWith('-')) {
    const flag = cut(words[0]!.split('=')[0]!)
    const near = flag.startsWith('--') ? closestFlags(flag.slice(2), ROOT_FLAGS) : []
    return `Error: unknown flag ${flag}: ${near.length > 0 ? `did you mean --${near[0]}?` : `a command's flags go after it (${config.bin} --help lists the commands)`}\n`
  }
  const names = [...config.commands.filter(c => !c.hidden).map(c => c.id), ...config.topics.map(t => t.name)].map(name => name.replaceAll(':', ' '))
  const matches = closestCommands(words, names).map(name => `${config.bin} ${name}`)
  const error = `Error: unknown command "${commandWords(config, words).map(cut).join(' ')}"\n`
  if (matches.length === 0) return `${error}Run ${config.bin} help for the list of commands.\n`
  if (matches.length === 1) return `${error}Did you mean: ${matches[0]}\n`
  return `${error}Did you mean one of these?\n${matches.map(m => `  ${m}\n`).join('')}`
}

/**
 * The words that were meant as the command, without its arguments: `tokens delete 1012` names
 * `tokens delete` (a topic and the word after it), `lables list 3` names `lables list`.
 */
function commandWords(config: Interfaces.Config, words: string[]): string[] {
  const topics = new Set(config.topics.map(t => t.name))
  let known = 0
  while (known < words.length && topics.has(words.slice(0, known + 1).join(':'))) known++
  if (known > 0) return words.slice(0, known + 1)
  const end = words.findIndex(word => !/^[a-z][a-z0-9-]*$/i.test(word))
  const leading = words.slice(0, Math.min(end === -1 ? words.length : end, MAX_COMMAND_WORDS))
  return leading.length > 0 ? leading : words
}

/** the deepest command id has three words (`service-accounts tokens list`) */
const MAX_COMMAND_WORDS = 3

export default notFound
