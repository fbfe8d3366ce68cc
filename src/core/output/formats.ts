// The output formats, one table: each format's name, what it needs, and the code that writes records in
// it. `-o`'s choices, the profile's `output` setting, the printer (output.ts) and the tests read the
// formats here; a format is added here, once (docs/ARCHITECTURE.md, "Add a format").
//
// A format is of one of two shapes. `data` prints the records as they are, every field and the API's own
// values (--columns prunes fields: pick-fields.ts); it may stream a list a page at a time, so that
// `--all` over a large collection never holds it all. `rows` prints cells under columns (the command's
// default columns, or --columns), one line per record, after the whole list is read.

import {visibleCell} from '../base/escape.js'
import {ExactNumber, jsonText} from '../base/exact-number.js'
import {isOutputFormat, OUTPUT_FORMATS, type OutputFormat} from '../base/format-names.js'
import {importModule} from '../base/launcher.js'
import {cellText, columnValue, csvRow, inferColumns, isScalar} from './format.js'
import {type ColumnFit, type CutRank, cutRank} from './table-layout.js'
import {renderTable} from './table-render.js'
import {type FieldWords, recordRows, wordFor} from './words.js'

/** what a `rows` format is given besides the records */
export interface RowsContext {
  /** a header row (--no-header: none) */
  header: boolean
  /** stdout is a terminal: dates read as "3 days ago", and control characters are shown, not obeyed */
  terminal: boolean
  /** the table's width in cells (the terminal's, unless --wide); Infinity for no limit */
  maxWidth: number
  /** a person sees colour */
  color: boolean
  /** the run's clock (ms since the epoch), which "3 days ago" counts from */
  now: number
  /** words tables show for numeric codes (BaseCommand.words) */
  words?: FieldWords
  /** how columns give way where their names alone would say otherwise (BaseCommand.fits) */
  fits: Readonly<Record<string, ColumnFit>>
}

export interface DataFormatter {
  shape: 'data'
  /** one value (a record, a list, a scalar) as text */
  text(value: unknown): string | Promise<string>
  /** a whole list, when it reads otherwise than one value */
  list?(records: unknown[]): string
  /** a list a page at a time: the text of a page after `before` records, of the end after `count`, and what closes a list an error cut short */
  stream?: {page(records: unknown[], before: number): string; end(count: number): string; cut(count: number): string}
}

export interface RowsFormatter {
  shape: 'rows'
  /** one record: `columns` asked for (--columns), else the command's `defaults` */
  record(record: object, columns: string[] | undefined, defaults: readonly string[] | undefined, context: RowsContext): Promise<string>
  list(records: unknown[], columns: string[], context: RowsContext): Promise<string>
  /** said on stderr for an empty list, where stdout would hold nothing that says so */
  empty?: string
}

export type Formatter = DataFormatter | RowsFormatter

/** JSON as JSON.stringify(value, null, 2) writes it, a number beyond 2^53 as the server's digits */
const json: DataFormatter = {
  shape: 'data',
  text: value => `${jsonText(value ?? null, 2)}\n`,
  stream: {
    // the page's elements as the whole array would hold them: its text without "[\n" and "\n]"
    page: (records, before) => (before === 0 ? '[\n' : ',\n') + jsonText(records, 2).slice(2, -2),
    end: count => (count === 0 ? '[]\n' : '\n]\n'),
    // whole JSON, never half an array: the records printed so far, closed; the error says the list is not whole
    cut: count => (count > 0 ? '\n]\n' : ''),
  },
}

/** one JSON document per line: a list's records each on its own */
const ndjson: DataFormatter = {
  shape: 'data',
  text: value => `${jsonText(value ?? null)}\n`,
  list: records => records.map(record => `${jsonText(record)}\n`).join(''),
  stream: {page: records => records.map(record => `${jsonText(record)}\n`).join(''), end: () => '', cut: () => ''},
}

/** YAML through the yaml package, loaded when asked for */
const yaml: DataFormatter = {
  shape: 'data',
  async text(value) {
    const {stringify} = await importModule<typeof import('yaml')>('yaml')
    // No anchors: a value used twice (one ExactNumber in two fields) is written twice, as JSON would.
    // No folding: a long value stays one line, which grep finds and a state file (export) keeps.
    return stringify(value ?? null, {customTags: [EXACT_NUMBER_YAML], aliasDuplicateObjects: false, lineWidth: 0})
  },
}

/** RFC 4180 rows of the API's values (no words, no relative dates: a script reads them) */
const csv: RowsFormatter = {
  shape: 'rows',
  record: async (record, columns, defaults, context) => csvText([record], columns ?? [...(defaults ?? inferColumns([record], 50))], context),
  list: async (records, columns, context) => csvText(records, columns, context),
}

/** what a person reads: words for codes, relative dates, cut to the terminal (table-layout.ts) */
const table: RowsFormatter = {
  shape: 'rows',
  // one record as field/value rows; the field names are the identities here, the values what gets cut
  record: (record, columns, _defaults, context) =>
    tableText(
      null,
      (columns ?? recordRows(record, context.words)).map(field => [field, shownCell(record, field, context)]),
      ['never', 'later'],
      undefined,
      context,
    ),
  list: (records, columns, context) =>
    tableText(
      columns,
      records.map(record => columns.map(column => shownCell(record, column, context))),
      columns.map(column => context.fits[column]?.rank ?? rankOf(records, column)),
      columns.map(column => context.fits[column]?.keep ?? 'start'),
      context,
    ),
  empty: 'No results.',
}

/** every format's formatter, by the name -o takes (base/format-names.ts, which settings and flags read) */
export const FORMATTERS = {table, json, yaml, csv, ndjson} as const satisfies Record<OutputFormat, Formatter>

export {isOutputFormat, OUTPUT_FORMATS, type OutputFormat}

/** the formats that print a value as data: what a command that prints one value or document takes besides its own text */
export const DATA_FORMATS = OUTPUT_FORMATS.filter(name => FORMATTERS[name].shape === 'data')

function csvText(records: unknown[], columns: string[], context: RowsContext): string {
  const lines = records.map(record => csvRow(columns.map(column => cellText(columnValue(record, column)))))
  return [...(context.header ? [csvRow(columns)] : []), ...lines].map(line => `${line}\n`).join('')
}

function shownCell(record: unknown, field: string, context: RowsContext): string {
  return cellText(wordFor(context.words, field, columnValue(record, field)), {relativeDates: context.terminal, now: context.now})
}

/**
 * On a terminal the table fits its width (see table-layout.ts); into a pipe, or with --wide, nothing
 * is cut. Control characters are made visible first, so widths count what is shown.
 */
async function tableText(head: string[] | null, rows: string[][], ranks: CutRank[], keep: Array<'start' | 'end'> | undefined, context: RowsContext): Promise<string> {
  const lines = await renderTable({head: head && context.header ? head.map(visibleCell) : null, rows: rows.map(row => row.map(visibleCell)), ranks, keep, maxWidth: context.maxWidth}, context.color)
  return `${lines.join('\n')}\n`
}

/** a column shown as JSON (objects, lists of objects) is as cuttable as a description, whatever its name */
function rankOf(records: unknown[], column: string): CutRank {
  const rank = cutRank(column)
  if (rank !== 'later') return rank
  const isJson = (value: unknown) => !isScalar(value) && !(Array.isArray(value) && value.every(isScalar))
  return records.some(r => isJson(columnValue(r, column))) ? 'first' : rank
}

/** YAML writes a number kept as the server's text as that plain number, not as a string or .inf */
const EXACT_NUMBER_YAML: import('yaml').ScalarTag = {
  identify: value => value instanceof ExactNumber,
  default: true,
  tag: 'tag:yaml.org,2002:float',
  resolve: source => source,
  stringify: ({value}) => String(value),
}
