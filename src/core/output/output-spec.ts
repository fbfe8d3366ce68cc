// Which output flags a command honours (issue 37): every command declares it (BaseCommand.outputs), and
// the base refuses the rest in one place, one line, exit 2, before any request. `plan -o csv` or
// `apply --jq .` printed text with exit 0; a script that asked for a format got another.
import {UsageError} from '../base/errors.js'
import {DATA_FORMATS, isOutputFormat, OUTPUT_FORMATS, type OutputFormat} from './formats.js'

export interface OutputSpec {
  /** the formats -o (and --json) take, one at least (the first is the fallback); `table` is the command's own text where it has no records */
  formats: readonly [OutputFormat, ...OutputFormat[]]
  /** what is printed when no format is asked for; unset: a table on a terminal, json otherwise (or the profile's) */
  default?: OutputFormat
  /** --jq and --columns and --sort, which need records to work on */
  jq: boolean
  columns: boolean
  sort: boolean
  /** --no-header and --wide, which need rows: a table or csv of records with a header to leave out and cells a terminal cuts */
  rows: boolean
  /** the words of the refusal: what this command prints instead */
  prints?: string
}

/** a command that prints records: every format, every filter */
export const RECORDS: OutputSpec = {formats: OUTPUT_FORMATS, jq: true, columns: true, sort: true, rows: true}

/**
 * A command whose output is one value or one document (a token, a path, a plan): its text by default,
 * the value as data in json, yaml or ndjson and through --jq; no columns, rows or order to choose.
 */
export const ONE_VALUE: OutputSpec = {formats: ['table', ...DATA_FORMATS], default: 'table', jq: true, columns: false, sort: false, rows: false, prints: 'one value, not records'}

type Asked = {json?: boolean; output?: string; jq?: string; columns?: string; sort?: string; 'no-header'?: boolean; wide?: boolean}

/** refuses the output flags `spec` does not take: exit 2, before anything is read or sent */
export function checkOutputFlags(command: string, spec: OutputSpec, flags: Asked): void {
  const why = spec.prints === undefined ? '' : ` (it prints ${spec.prints})`
  const takes = `-o ${spec.formats.join(', ')}`
  const asked = flags.json ? 'json' : flags.output
  if (asked !== undefined && !(isOutputFormat(asked) && spec.formats.includes(asked))) {
    throw new UsageError(`${flags.json ? '--json' : `-o ${asked}`}: ${command} does not print ${asked}${why}; it takes ${takes}`)
  }
  for (const [flag, taken] of [
    ['jq', spec.jq],
    ['columns', spec.columns],
    ['sort', spec.sort],
  ] as const) {
    if (!taken && flags[flag] !== undefined) throw new UsageError(`--${flag}: ${command} does not take it${why}`)
  }
  // booleans: only a flag given is refused (`--no-header` on `plan` printed the plan and exited 0)
  for (const flag of ['no-header', 'wide'] as const) {
    if (!spec.rows && flags[flag]) throw new UsageError(`--${flag}: ${command} does not take it${why}`)
  }
}
