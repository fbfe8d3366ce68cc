// Each endpoint's inputs, declared once as data in the API layer (src/api/*.ts): the API's name for
// it, the command line's name, its type and the rules the spec states. Flags, prompts, file records
// and request bodies are all derived from the declaration (input-flags.ts, input-read.ts), so a rule
// is written once and a value is checked the same way wherever it comes from. Nothing here knows oclif.

import {UsageError} from '../base/errors.js'
import {quoted} from '../base/escape.js'
import {isApiNumber} from '../base/exact-number.js'
import {isPositiveId} from '../base/id.js'
import {InputError} from '../base/input-error.js'
import type {ApiClient} from '../http/request.js'
import {didYouMean} from './did-you-mean.js'

/** a value broke the input's rule; the message is the rule ("must be a whole number from 1 to 10") */
export class RuleBroken extends Error {}

export type EmptyValue = 'clears' | 'value'

export interface Input<T = unknown, Required extends boolean = boolean> {
  /** the API's name: a body or query field (`new_name`); the key of its declaration */
  readonly api: string
  /** the command line's name: the flag `--new-name`, or the argument `NAME` when `arg` */
  readonly flag: string
  readonly arg: boolean
  readonly char?: 'p' | 'g' | 'u' | 's' | 'k' | 't' | 'v' | 'n'
  readonly description: string
  readonly required: Required
  /** asked for masked, never echoed in an error */
  readonly secret: boolean
  /** also `--<flag>-file PATH` (`-` for standard input): for long or secret text */
  readonly file: boolean
  /** '' is accepted: it `clears` the field (said in the help), or is a `value` like any other */
  readonly empty?: EmptyValue
  /** one of these (also offered as choices at a prompt) */
  readonly options?: readonly string[]
  readonly multiple: boolean
  readonly boolean: boolean
  readonly helpValue?: string
  /** the rule in words, shown at a prompt: "#RRGGBB or a CSS colour name" */
  readonly hint?: string
  /** text from a flag, an argument, a prompt or a file cell → the value; throws RuleBroken */
  readonly parse: (text: string) => T
  /**
   * What a checked value stands for, found with a read before the command's own request (a username →
   * the user's ID): ApiCommand.read calls it for each given value, with the other values read beside it
   * (the group a lookup is made in), so that every command taking the input resolves it the one way
   * (input-resolve.ts).
   */
  // a method, not a function property: an input of any type is then an AnyInput (method parameters are bivariant)
  resolve?(api: ApiClient, value: T, given: Readonly<Record<string, unknown>>): Promise<T>
}

export type AnyInput = Input<unknown, boolean>
/** Input.resolve, as a declaration gives it */
export type Resolver<T> = (api: ApiClient, value: T, given: Readonly<Record<string, unknown>>) => Promise<T>
export type Inputs = Readonly<Record<string, AnyInput>>
export type ValueOf<I> = I extends Input<infer T, boolean> ? T : never

/** what a command sends: the declared inputs by API name, the required ones always present */
export type Values<I extends Inputs> = {[K in keyof I as I[K] extends Input<unknown, true> ? K : never]: ValueOf<I[K]>} & {
  [K in keyof I as I[K] extends Input<unknown, true> ? never : K]?: ValueOf<I[K]>
}

/** what a declaration says; `api` and `flag` are filled in from its key by `declare` */
interface Options<R extends boolean> {
  description: string
  /** the flag's name when it is not the API's name in kebab-case */
  flag?: string
  /** a positional argument instead of a flag, named in capitals in the usage (NAME) */
  arg?: boolean
  char?: Input['char']
  required?: R
  secret?: boolean
  file?: boolean
  empty?: EmptyValue
  helpValue?: string
}

export type Draft<T, R extends boolean> = Omit<Input<T, R>, 'api' | 'flag'> & {flag?: string}

function draft<T, R extends boolean>(
  options: Options<R>,
  rest: {parse: (text: string) => T; resolve?: Resolver<T>; hint?: string; options?: readonly string[]; multiple?: boolean; boolean?: boolean; helpValue?: string},
): Draft<T, R> {
  return {
    description: options.description,
    flag: options.flag,
    arg: options.arg ?? false,
    char: options.char,
    required: (options.required ?? false) as R,
    secret: options.secret ?? false,
    file: options.file ?? false,
    empty: options.empty,
    helpValue: options.helpValue ?? rest.helpValue,
    hint: rest.hint,
    options: rest.options,
    multiple: rest.multiple ?? false,
    boolean: rest.boolean ?? false,
    parse: rest.parse,
    ...(rest.resolve ? {resolve: rest.resolve} : {}),
  }
}

// `object`, not Draft: a contextual Draft<unknown, boolean> would widen each `required: true` to boolean
type Drafts = Record<string, object>
type Declared<D extends Drafts> = {readonly [K in keyof D]: D[K] extends {required: infer R extends boolean; parse: (text: string) => infer T} ? Input<T, R> : never}

/** an endpoint's inputs, keyed by the API's names: `declare({name: text({...}), color: color({...})})` */
export function declare<D extends Drafts>(drafts: D): Declared<D> {
  return Object.fromEntries(Object.entries(drafts as Record<string, Draft<unknown, boolean>>).map(([api, d]) => [api, {...d, api, flag: d.flag ?? api.replace(/_/g, '-')}])) as Declared<D>
}

type Changes = Partial<Pick<Input, 'description' | 'empty' | 'arg' | 'flag'>>

/** the same input, not required (an update changes what is given), as a flag unless said otherwise */
export function optional<T>(input: Draft<T, boolean>, changes: Changes = {}): Draft<T, false> {
  return {...input, arg: false, ...changes, required: false}
}

/** the same input under another name or description */
export function renamed<T, R extends boolean>(input: Draft<T, R>, changes: Changes): Draft<T, R> {
  return {...input, ...changes}
}

// ---- rules ----------------------------------------------------------------------------------------

const characters = (text: string) => [...text].length

function maxLength(text: string, max: number | undefined): void {
  if (max !== undefined && characters(text) > max) throw new RuleBroken(`must be at most ${max} characters, not ${characters(text)}`)
}

export interface TextOptions<R extends boolean> extends Options<R> {
  max?: number
  /** a format the spec states, and the words for it: [/^[A-Za-z0-9_]+$/, 'only A-Z, a-z, 0-9 and _'] */
  pattern?: readonly [RegExp, string]
}

export function text<R extends boolean = false>(options: TextOptions<R>): Draft<string, R> {
  const rules = [options.pattern?.[1], options.max === undefined ? undefined : `at most ${options.max} characters`].filter(Boolean)
  return draft(options, {
    hint: rules.length > 0 ? rules.join(', ') : undefined,
    parse: value => {
      maxLength(value, options.max)
      if (options.pattern && value !== '' && !options.pattern[0].test(value)) throw new RuleBroken(`may hold ${options.pattern[1]}`)
      return value
    },
  })
}

export function choice<const V extends string, R extends boolean = false>(values: readonly V[], options: Options<R>): Draft<V, R> {
  return draft(options, {
    options: values,
    helpValue: values.join('|'),
    hint: `one of ${values.join(', ')}`,
    parse: value => {
      if (!(values as readonly string[]).includes(value)) throw new RuleBroken(`must be one of ${values.join(', ')}${didYouMean(value, values)}`)
      return value as V
    },
  })
}

function wholeNumber(value: string, min: number, max: number): number {
  const n = Number(value)
  if (!/^\s*-?\d+\s*$/.test(value) || n < min || n > max) throw new RuleBroken(wholeNumberRule(min, max))
  return n
}

/** the rule of a whole number in words, the bounds left out where there are none: also oclif's integer flags' (parse-errors.ts) */
export function wholeNumberRule(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): string {
  if (max !== Number.MAX_SAFE_INTEGER) return min === Number.MIN_SAFE_INTEGER ? `must be a whole number, ${max} or less` : `must be a whole number from ${min} to ${max}`
  return min === Number.MIN_SAFE_INTEGER ? 'must be a whole number' : `must be a whole number, ${min} or more`
}

export function integer<R extends boolean = false>(options: Options<R> & {min?: number; max?: number}): Draft<number, R> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER
  const max = options.max ?? Number.MAX_SAFE_INTEGER
  return draft(options, {helpValue: 'N', parse: value => wholeNumber(value, min, max)})
}

/** a whole number, or `null` (also `none`) to remove the value: a label's priority */
export function nullableInteger(options: Options<false> & {min: number}): Draft<number | null, false> {
  return draft(options, {helpValue: 'N|null', parse: value => (value === 'null' || value === 'none' ? null : wholeNumber(value, options.min, Number.MAX_SAFE_INTEGER))})
}

/** on or off; a flag also takes `--no-<flag>` (sends false) */
export function boolean(options: Options<false>): Draft<boolean, false> {
  return draft(options, {
    boolean: true,
    parse: value => {
      if (value === 'true') return true
      if (value === 'false') return false
      throw new RuleBroken('must be true or false')
    },
  })
}

/** a numeric ID the API takes (a user, a group): a positive whole number, kept as typed */
export function id<R extends boolean = false>(options: Options<R>): Draft<string, R> {
  return draft(options, {
    helpValue: 'ID',
    parse: value => {
      if (!isPositiveId(value)) throw new RuleBroken('must be a positive whole number')
      return value
    },
  })
}

/**
 * A repeatable flag that also takes a comma list: `--scopes api --scopes read_user` = `--scopes api,read_user`.
 * With `options`, each entry is one of them; a refused entry is named when the value holds several.
 */
export function list<const V extends string = string, R extends boolean = false>(options: Options<R> & {options?: readonly V[]}): Draft<V[], R> {
  const allowed = options.options
  return draft(options, {
    multiple: true,
    options: allowed,
    helpValue: allowed ? allowed.join('|') : undefined,
    hint: allowed ? `one or more of ${allowed.join(', ')}` : undefined,
    // `a,,b` is refused wherever it comes from: oclif splits a flag's list before the check sees it
    parse: value => {
      const items = value.split(',').map(item => item.trim())
      return items.map(item => {
        if (item === '') throw new RuleBroken('must not hold an empty entry')
        if (allowed && !(allowed as readonly string[]).includes(item)) {
          const which = items.length > 1 ? ` ("${item}" is not)` : ''
          throw new RuleBroken(`must be one or more of ${allowed.join(', ')}${which}${didYouMean(item, allowed)}`)
        }
        return item as V
      })
    },
  })
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
// ISO 8601 as the platform accepts it: a date, or a date and time with optional seconds, fraction and zone.
const DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * What is wrong with the day of a date written as YYYY-MM-DD, in words, or undefined: `2027-06-31`
 * has the form and names no day, and "must be a date as YYYY-MM-DD" would send the person looking
 * for a typo in the form. JavaScript's Date rolls June 31 over to July 1, so it is counted here.
 */
export function noSuchDay(value: string): string | undefined {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  if (month < 1 || month > 12) return `there is no month ${String(month).padStart(2, '0')}: months run from 01 to 12`
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day < 1 || day > days) return `there is no such day: ${MONTHS[month - 1]} ${year} has ${days} days`
  return undefined
}

export function date<R extends boolean = false>(options: Options<R>): Draft<string, R> {
  return draft(options, {
    helpValue: 'YYYY-MM-DD',
    hint: 'a date as YYYY-MM-DD',
    parse: value => {
      if (!DATE.test(value)) throw new RuleBroken('must be a date as YYYY-MM-DD')
      const wrong = noSuchDay(value)
      if (wrong) throw new RuleBroken(wrong)
      return value
    },
  })
}

export function dateTime<R extends boolean = false>(options: Options<R>): Draft<string, R> {
  return draft(options, {
    helpValue: 'ISO-8601',
    hint: 'an ISO 8601 date-time such as 2026-12-31T23:59:00Z',
    parse: value => {
      if (!DATETIME.test(value)) throw new RuleBroken('must be an ISO 8601 date-time such as 2026-12-31T23:59:00Z')
      const wrong = noSuchDay(value)
      if (wrong) throw new RuleBroken(wrong)
      if (Number.isNaN(Date.parse(value.replace(' ', 'T')))) throw new RuleBroken('must be an ISO 8601 date-time such as 2026-12-31T23:59:00Z')
      return value
    },
  })
}

/**
 * A URL the parser reads as its text is written: `scheme://` first, no `\`, no space or control
 * character. The parser also takes `https:/bot:pw@host/`, `https:bot:pw@host/` and a leading space,
 * which every cut of a URL's credentials (URL_USERINFO, redact.ts) reads as no URL, and so shows whole;
 * it reads `\` as `/` (`https://h.example.com\evil@x.example.com/` goes to h.example.com, and the cut
 * named it `https://***@x.example.com`), and drops or encodes spaces and controls the cuts stop at.
 * Those are refused (undefined).
 */
export function absoluteUrl(value: string): URL | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\\\s\p{Cc}]*$/iu.test(value)) return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** an absolute http(s) URL naming a host */
export function url<R extends boolean = false>(options: Options<R> & {example: string}): Draft<string, R> {
  return draft(options, {
    helpValue: 'URL',
    hint: `an absolute http or https URL such as ${options.example}`,
    parse: value => {
      const parsed = absoluteUrl(value)
      if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.hostname === '') {
        throw new RuleBroken(`must be an absolute http or https URL such as ${options.example}`)
      }
      return value
    },
  })
}

/** any other rule: `parse` throws RuleBroken with the rule in words */
export function custom<T, R extends boolean = false>(options: Options<R> & {parse: (text: string) => T; resolve?: Resolver<T>; hint?: string; options?: readonly string[]}): Draft<T, R> {
  return draft(options, {parse: options.parse, resolve: options.resolve, hint: options.hint, options: options.options})
}

// ---- checking -------------------------------------------------------------------------------------

/** how a message names an input: `--color`, `NAME`, or in a file record the field `color` */
export function inputLabel(input: AnyInput): string {
  return input.arg ? input.flag.toUpperCase().replace(/-/g, '_') : `--${input.flag}`
}

/** `"blurple"`; a secret is never shown, a long value is cut */
function shown(input: AnyInput, value: string): string {
  return input.secret ? '' : ` ${quoted(value)}`
}

// the refusal's shape lives on the ground floor (every room parses a value); declarations use it from here
export {InputError, refused} from '../base/input-error.js'

/**
 * The rule for a value given as text, from whatever source; `where` names the source (`--color`,
 * `record 4: color`). `quote: false` for a file's text: the message names the file instead, so a
 * file's lines (or a private key given by mistake) never reach the one-line error.
 */
export function checkText<T>(input: Input<T, boolean>, value: string, where = inputLabel(input), quote = true): T {
  const place = quote ? `${where}${shown(input, value)}` : where
  if (value.trim() === '' && input.empty === undefined) throw new InputError(place, 'must not be empty')
  if (value === '' && input.empty !== undefined && !input.boolean) return value as T
  try {
    return input.parse(value)
  } catch (error) {
    if (error instanceof RuleBroken) throw new InputError(place, error.message)
    throw error
  }
}

/** a value from a JSON or YAML record, already typed: numbers and booleans are taken as their text */
export function checkValue<T>(input: Input<T, boolean>, value: unknown, where: string): T {
  if (input.multiple && Array.isArray(value)) return value.flatMap(item => checkValue(input, item, where) as unknown[]) as T
  if (typeof value === 'string') return checkText(input, value, where)
  // a number beyond a double (exact-json.ts), or as a YAML file wrote it (records-file.ts): its own text
  if (isApiNumber(value) || typeof value === 'boolean') return checkText(input, String(value), where)
  throw new InputError(where, input.multiple ? 'must be text or a list of text' : 'must be text, a number or true/false')
}

/** the one message for inputs that were not given: `missing NAME (label name) and --color (…)` */
export function missingInputs(labels: ReadonlyArray<{label: string; description: string}>): MissingInputs {
  const each = labels.map(({label, description}) => `${label} (${description})`)
  return new MissingInputs(
    `missing ${each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0]}`,
    labels.some(({label}) => /^[A-Z][A-Z0-9_]*(,| |$)/.test(label)),
  )
}

/** inputs that were not given; an argument among them: the usage line says where it goes (error-report.ts) */
export class MissingInputs extends UsageError {
  constructor(
    message: string,
    readonly argument: boolean,
  ) {
    super(message)
  }
}

/** an update that changes nothing is refused before sending: at least one of the inputs must be given */
export function someChange(inputs: Inputs, values: Readonly<Record<string, unknown>>): void {
  if (Object.keys(inputs).every(api => values[api] === undefined)) {
    throw new UsageError(`nothing to change: give at least one of ${Object.values(inputs).map(inputLabel).join(', ')}`)
  }
}

/**
 * The API names of the secret inputs: the fields that traces, dry runs and errors never show, and that
 * a command taking them prints as REDACTED (redact.ts, base-command.ts). The declaration is the one
 * source: an input marked `secret` is hidden wherever it travels.
 */
export function secretFieldsOf(inputs: Inputs | readonly AnyInput[]): string[] {
  const all: readonly AnyInput[] = Array.isArray(inputs) ? inputs : Object.values(inputs)
  return [...new Set(all.filter(input => input.secret).map(input => input.api))]
}

/** the help line of an input: its description, its rule, and what an empty value does */
export function helpText(input: AnyInput): string {
  const clears = input.empty === 'clears' ? ` ("" clears it)` : ''
  return `${input.description}${clears}`
}
