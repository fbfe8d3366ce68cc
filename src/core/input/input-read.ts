// Reading declared inputs (input.ts) from where they come: parsed flags and arguments (already
// checked by their parsers, input-flags.ts), `--<flag>-file` files, answers at a prompt (checked by
// the same rule, asked again after a bad answer), and records of a `--from-file` file.

import {UsageError} from '../base/errors.js'
import type {InStream, IO} from '../base/io.js'
import {letSignalsIn} from '../base/let-signals-in.js'
import {type ReadLimit, readWhole, unreadableReason, utf8Text} from '../base/read-whole.js'
import {canPrompt} from '../terminal/terminal.js'
import {declaredField} from './fields.js'
import {type AnyInput, checkText, checkValue, InputError, type Inputs, inputLabel, missingInputs, type Values} from './input.js'
import {fileFlagName, type OtherSpelling, spellingLabel} from './input-flags.js'

/** something to ask a person for: how it is named, what it is, and the check an answer must pass */
export interface Question<T> {
  label: string
  description: string
  secret?: boolean
  choices?: readonly string[]
  /** the value of an answer, or a UsageError saying why it is refused */
  check: (answer: string) => T | Promise<T>
}

/** `label colour: #RRGGBB …` → `Label colour: #RRGGBB …`: what an input is, as the question */
export function promptText(description: string): string {
  // an API field named first for the reference (`platform_orchestrator_attributes[token]: token to …`) is not for the question
  const words = description.replace(/^[a-z_]+(\[[a-z_]+\])+: /, '')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** the run's terminal a question is asked on: its stdin, stderr for the question, stdout to tell a person is there */
export type Terminal = Pick<IO, 'stdin' | 'stdout' | 'stderr'>

/** one question at the terminal, asked again with the reason while the answer is refused */
export async function ask<T>(io: Terminal, question: Question<T>): Promise<T> {
  const {secretPrompt, selectPrompt, textPrompt} = await import('../terminal/prompts.js')
  // in words a person reads (issue 36: `? --token-stdin or --token (access token; …)`); the flag names
  // stay in the "missing" message, which is read by someone about to type the command again
  const message = promptText(question.description)
  if (question.choices?.length) return question.check(await selectPrompt(io, message, question.choices))
  const approved = new Map<string, T>()
  const validate = async (answer: string): Promise<true | string> => {
    try {
      approved.set(answer, await question.check(answer))
      return true
    } catch (error) {
      if (error instanceof InputError) return error.rule
      if (error instanceof UsageError) return error.message
      throw error
    }
  }
  const answer = await (question.secret ? secretPrompt(io, message, validate) : textPrompt(io, message, validate))
  return approved.has(answer) ? (approved.get(answer) as T) : question.check(answer)
}

/** the text of a `--<flag>-file` (or stdin for `-`); `limit`: a file to be parsed (parse-data.ts's readDataFile) */
export async function readTextFile(file: string, flag: string, stdin: InStream, limit?: ReadLimit): Promise<string> {
  try {
    return file === '-' ? await readStdin(stdin, limit) : utf8Text(await readWhole(file, stdin, limit))
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`cannot read --${flag} ${file}: ${unreadableReason(error)}`)
  }
}

export async function readStdin(stdin: InStream, limit?: ReadLimit): Promise<string> {
  if (stdin.isTTY) throw new UsageError('expected input on standard input, but it is a terminal')
  try {
    return utf8Text(await readWhole('-', stdin, limit))
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${unreadableReason(error)}`)
  }
}

/**
 * A token from standard input (`--token-stdin`): one line, its line break dropped, never echoed. More
 * than one line is refused rather than cut: a file piped by mistake (a JSON document, `pass show` with
 * its notes) would otherwise be stored as the token, or end up in a header where it does not belong.
 */
export async function readTokenLine(stdin: InStream, flag = '--token-stdin'): Promise<string> {
  const token = (await readStdin(stdin)).trim()
  if (token === '') throw new UsageError(`${flag}: standard input is empty; pipe the token into it (printf '%s' "$TOKEN" | …)`)
  if (/[\r\n]/.test(token)) throw new UsageError(`${flag}: standard input holds more than one line; it must be the token alone, on one line`)
  return token
}

/** `VALUE, --value or --value-file`: how a prompt and a "missing" message name an input, with its other spelling (sameInput) */
function givenAs(input: AnyInput, given?: ParsedCommandLine): string {
  const spellings = [...(given?.spellings?.[input.api] ?? []), inputLabel(input)]
  // the argument first, as the usage line shows it, then the flags
  const names = [...spellings.filter(name => !name.startsWith('-')), ...spellings.filter(name => name.startsWith('-')), ...(input.file ? [`--${fileFlagName(input)}`] : [])]
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!
}

export const questionFor = (input: AnyInput, given?: ParsedCommandLine): Question<unknown> => ({
  label: givenAs(input, given),
  description: input.hint ? `${input.description}: ${input.hint}` : input.description,
  secret: input.secret,
  choices: input.options && !input.multiple ? input.options : undefined,
  check: answer => checkText(input, answer),
})

export interface ParsedCommandLine {
  flags: Record<string, unknown>
  args: Record<string, unknown>
  /** an input's other spellings by API name (sameInput), for the message that says it is missing */
  spellings?: Record<string, string[]>
}

/**
 * The declared inputs as the command line gave them, by API name. A required input that is missing
 * is asked for on a terminal, else reported (every missing one in one message, exit 2).
 */
export async function readInputs<I extends Inputs>(inputs: I, given: ParsedCommandLine, io: Terminal): Promise<Values<I>> {
  const values: Record<string, unknown> = {}
  const missing: AnyInput[] = []
  for (const [api, input] of Object.entries(inputs)) {
    let value = input.arg ? given.args[input.flag] : given.flags[input.flag]
    const file = input.file ? given.flags[fileFlagName(input)] : undefined
    if (value === undefined && typeof file === 'string') value = checkText(input, await readTextFile(file, fileFlagName(input), io.stdin), `--${fileFlagName(input)} ${file}`, false)
    if (value === undefined && input.required) missing.push(input)
    else if (value !== undefined) values[api] = value
  }
  if (missing.length > 0 && !canPrompt(io)) {
    throw missingInputs(missing.map(input => ({label: givenAs(input, given), description: input.description})))
  }
  for (const input of missing) values[input.api] = await ask(io, questionFor(input, given))
  return values as Values<I>
}

/**
 * The command line with an input's other spelling (input-flags.ts `otherSpellingOf`) moved to where the
 * input is read: one value, given either way. Both ways at once are refused unless they agree, and an
 * input's file flag with the other spelling is two values. No value is quoted: the input may be secret.
 */
export function sameInput(given: ParsedCommandLine, input: AnyInput, spelling: OtherSpelling): ParsedCommandLine {
  const other = 'arg' in spelling ? given.args[spelling.arg] : given.flags[spelling.flag]
  const label = spellingLabel(spelling)
  if (other === undefined) return {...given, spellings: {...given.spellings, [input.api]: [label]}}
  if (input.file && given.flags[fileFlagName(input)] !== undefined) throw new UsageError(`${label} and --${fileFlagName(input)} are two values: give one of them`)
  const place = input.arg ? given.args : given.flags
  if (place[input.flag] !== undefined && place[input.flag] !== other) throw new UsageError(`${label} and ${inputLabel(input)} differ: give the value once`)
  return input.arg ? {flags: given.flags, args: {...given.args, [input.flag]: other}} : {flags: {...given.flags, [input.flag]: other}, args: given.args}
}

/** the inputs of one `--from-file` record, fields named as the API names them; `index` counts from 1 */
export function recordInputs<I extends Inputs>(inputs: I, record: Record<string, unknown>, index: number): Values<I> {
  const values: Record<string, unknown> = {}
  const missing: AnyInput[] = []
  const unknown = Object.keys(record).filter(field => declaredField(inputs, field) === undefined)
  if (unknown.length > 0) throw new UsageError(`record ${index}: unknown field ${unknown.map(f => `"${f}"`).join(', ')} (fields: ${Object.keys(inputs).join(', ')})`)
  for (const [api, input] of Object.entries(inputs)) {
    const value = record[api]
    if (value === undefined || value === null) {
      if (input.required) missing.push(input)
      continue
    }
    values[api] = checkValue(input, value, `record ${index}: ${api}`)
  }
  if (missing.length > 0) throw new UsageError(`record ${index}: ${missingInputs(missing.map(input => ({label: input.api, description: input.description}))).message}`)
  return values as Values<I>
}

const MAX_PROBLEMS_SHOWN = 10

/**
 * Every record checked before anything is sent: one bad record refuses the whole file, naming each
 * bad record (the first ten), so a bulk run never stops half-way because of input.
 */
export async function checkAllRecords<T>(records: ReadonlyArray<Record<string, unknown>>, toInput: (record: Record<string, unknown>, index: number) => T): Promise<T[]> {
  const problems: string[] = []
  const inputs: T[] = []
  for (const [i, record] of records.entries()) {
    // a file at the size limit holds hundreds of thousands of records: Ctrl-C is heard while they are checked
    await letSignalsIn()
    try {
      inputs.push(toInput(record, i + 1))
    } catch (error) {
      if (!(error instanceof UsageError)) throw error
      problems.push(error.message)
    }
  }
  // the first few: 20,000 records refused alike made one line of 1.6 MB
  const more = problems.length > MAX_PROBLEMS_SHOWN ? `; and ${problems.length - MAX_PROBLEMS_SHOWN} more records` : ''
  if (problems.length > 0) throw new UsageError(`nothing was sent; fix these records first: ${problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ')}${more}`)
  return inputs
}
