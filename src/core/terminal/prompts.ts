// Questions to a person at a terminal. @inquirer/prompts is loaded only when a question is asked, and
// writes to stderr (it would use stdout by default, which belongs to data); both ends are the run's
// (src/core/base/io.ts). Questions and choices may quote names from the server: their control
// characters are shown, the chosen value stays exact.
import {CliError, ExitCode} from '../base/errors.js'
import {visibleCell, visibleText} from '../base/escape.js'
import type {IO} from '../base/io.js'
import {importModule} from '../base/launcher.js'
import {interrupt} from './interrupt.js'

const inquirer = () => importModule<typeof import('@inquirer/prompts')>('@inquirer/prompts')

/** the prompt's two ends: the run's stdin, and its stderr (stdout is the data's) */
type Ends = Pick<IO, 'stdin' | 'stderr'>

const context = (io: Ends) => ({input: io.stdin, output: io.stderr})

async function ask<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question()
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') {
      // The prompt reads the terminal in raw mode: Ctrl-C reaches it as a key, not as SIGINT.
      if (error.message.endsWith('SIGINT')) interrupt('SIGINT')
      throw new CliError('cancelled', ExitCode.error)
    }
    throw error
  }
}

export async function confirmPrompt(io: Ends, message: string): Promise<boolean> {
  const {confirm} = await inquirer()
  return ask(() => confirm({message: visibleText(message), default: false}, context(io)))
}

/** returns true, or the reason the answer is refused: the question is asked again with it */
export type Validate = (answer: string) => true | string | Promise<true | string>

export async function textPrompt(io: Ends, message: string, validate?: Validate): Promise<string> {
  const {input} = await inquirer()
  // with a check, the check speaks for an empty answer too ("must not be empty", or accepted)
  return ask(() => input({message: visibleText(message), required: validate === undefined, validate}, context(io)))
}

/** masked: the answer never shows on the screen */
export async function secretPrompt(io: Ends, message: string, validate?: Validate): Promise<string> {
  const {password} = await inquirer()
  return ask(() => password({message: visibleText(message), mask: '*', validate: (v: string) => (v.length > 0 ? (validate?.(v) ?? true) : 'must not be empty')}, context(io)))
}

export async function selectPrompt(io: Ends, message: string, choices: readonly string[]): Promise<string> {
  const {select} = await inquirer()
  return ask(() => select({message: visibleText(message), choices: choices.map(value => ({value, name: visibleCell(value)}))}, context(io)))
}
