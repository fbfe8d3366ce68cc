// Everything a command prints on stdout goes through here: table on a terminal, JSON otherwise, or the
// format asked for. Lists stream when the format allows (json, ndjson, csv without --sort), so that
// `--all --json` over a large collection never holds it all in memory.

import {oneField, visibleCell, visibleText} from '../base/escape.js'
import {ExactNumber, jsonText} from '../base/exact-number.js'
import {type IO, io, type OutStream} from '../base/io.js'
import {importModule} from '../base/launcher.js'
import type {OutputFormat} from '../config/config-store.js'
import {fieldSort} from '../input/sort.js'
import {colorEnabled, stdoutIsTerminal, terminalColumns} from '../terminal/terminal.js'
import {checkedPages, checkFieldNames, recordFields, sortField} from './field-check.js'
import {cellText, columnValue, csvRow, inferColumns, isScalar, recordId, sortRecords} from './format.js'
import {runJq} from './jq.js'
import {pickFields, pickPage} from './pick-fields.js'
import {type ColumnFit, type CutRank, cutRank, type TableInput} from './table-layout.js'
import {renderTable} from './table-render.js'
import {type FieldWords, recordRows, wordFor} from './words.js'

export interface OutputOptions {
  format: OutputFormat
  columns?: string[]
  header: boolean
  sort?: string
  quiet: boolean
  /** tables as wide as their content even on a terminal */
  wide?: boolean
  /** the field `-q` prints (BaseCommand.handle) */
  handle?: string
  /** words tables show for numeric codes (BaseCommand.words); data formats keep the code */
  words?: FieldWords
  /** how columns give way in a table where their names alone would say otherwise (BaseCommand.fits) */
  fits?: Readonly<Record<string, ColumnFit>>
  /** the fields of the record type, to check --columns/--sort against when a list is empty */
  fields?: readonly string[]
  /** a jq expression: the JSON goes through it instead of being formatted */
  jq?: string
  /** what every record goes through before any format, --jq included: a write command's secrets hidden (base-command.ts) */
  hide?: (data: unknown) => unknown
}

/** where a printer writes: the run's streams (io.ts), or a test's */
export type PrinterStreams = Pick<IO, 'stdout' | 'stderr'>

export class Printer {
  private readonly tty = stdoutIsTerminal()
  /** `-q` said once that it wrote a separator inside a value visibly (id) */
  private separatorsWarned = false

  constructor(
    readonly options: OutputOptions,
    private readonly streams: PrinterStreams = io(),
  ) {}

  private write(text: string): void {
    this.streams.stdout.write(text)
  }

  /** the same printer with `field` added to columns the user chose: for a value that must never be dropped */
  including(field: string): Printer {
    const {columns} = this.options
    if (!columns || columns.includes(field)) return this
    return new Printer({...this.options, columns: [...columns, field]}, this.streams)
  }

  /** a single record; table format shows it as field/value rows */
  async record(given: unknown, defaultColumns?: readonly string[]): Promise<void> {
    const {format, quiet, hide} = this.options
    const data = hide ? hide(given) : given
    if (this.options.jq !== undefined) return this.filtered(this.options.jq, data ?? null)
    if (!isScalar(data)) this.checkFields(Array.isArray(data) ? data : [data])
    if (quiet) return this.ids(Array.isArray(data) ? data : [data])
    if (format === 'json') return this.write(jsonText(this.picked(data) ?? null, 2) + '\n')
    if (format === 'ndjson') return this.write(jsonText(this.picked(data) ?? null) + '\n')
    if (format === 'yaml') return this.yaml(this.picked(data))
    if (data === null || typeof data !== 'object' || Array.isArray(data) || data instanceof ExactNumber) return this.list(single(Array.isArray(data) ? data : [data]), defaultColumns)
    if (format === 'csv') return this.csv([data], this.options.columns ?? [...(defaultColumns ?? inferColumns([data], 50))])
    const fields = this.options.columns ?? recordRows(data, this.options.words)
    const rows = fields.map(field => [field, cellText(wordFor(this.options.words, field, columnValue(data, field)), {relativeDates: this.tty})])
    // The field names are the identities here; the values are what gets cut.
    await this.table(null, rows, ['never', 'later'])
  }

  /** pages of records, printed as they arrive where the format allows */
  async list(given: AsyncIterable<unknown[]>, defaultColumns?: readonly string[]): Promise<void> {
    const {format, sort, quiet, hide} = this.options
    const pages = hide ? hidingPages(given, hide) : given
    if (sort === undefined && this.options.jq === undefined && (format === 'json' || format === 'ndjson' || quiet)) {
      return this.stream(
        pickingPages(
          checkedPages(pages, records => this.checkFields(records)),
          this.options.columns,
        ),
      )
    }
    let records: unknown[] = []
    for await (const page of pages) records.push(...page)
    // the platform's spelling (`created_desc`) as the field form (`-created_at`): sort.ts
    const order = sort === undefined ? undefined : fieldSort(sort, records.length > 0 ? recordFields(records) : this.options.fields)
    this.checkFields(records, order)
    if (order) records = sortRecords(records, order)
    // the filter sees the whole list, as the API's JSON array
    if (this.options.jq !== undefined) return this.filtered(this.options.jq, records)
    if (quiet) return this.ids(records)
    if (format === 'json') return this.write(jsonText(this.picked(records), 2) + '\n')
    if (format === 'yaml') return this.yaml(this.picked(records))
    const columns = this.options.columns ?? (defaultColumns ? [...defaultColumns] : inferColumns(records))
    if (format === 'csv') return this.csv(records, columns)
    if (records.length === 0) {
      this.streams.stderr.write('No results.\n')
      return
    }
    const fits = this.options.fits ?? {}
    await this.table(
      columns,
      records.map(r => columns.map(c => cellText(wordFor(this.options.words, c, columnValue(r, c)), {relativeDates: this.tty}))),
      columns.map(c => fits[c]?.rank ?? rankOf(records, c)),
      columns.map(c => fits[c]?.keep ?? 'start'),
    )
  }

  /** one write per page, not per record: a 2,000-record --all made 2,000 writes (about 1 ms of CPU a page) */
  private async stream(pages: AsyncIterable<unknown[]>): Promise<void> {
    const {format, quiet} = this.options
    let count = 0
    // A list that stops in error leaves whole JSON, never half an array: the records printed so far,
    // closed, or nothing when none were; the error and its exit code say the list is not whole.
    const closeArray = () => format === 'json' && !quiet && count > 0 && this.write('\n]\n')
    for await (const page of beforeFailing(pages, closeArray)) {
      if (page.length === 0) continue
      if (quiet) {
        for (const item of page) this.id(item)
      } else if (format === 'ndjson') {
        this.write(`${page.map(item => jsonText(item)).join('\n')}\n`)
      } else {
        // the page's elements as JSON.stringify(all, null, 2) writes them: its text without "[\n" and "\n]"
        this.write((count === 0 ? '[\n' : ',\n') + jsonText(page, 2).slice(2, -2))
      }
      count += page.length
      // the next page only when the reader has taken this one: a pager or a pipe not read yet would
      // otherwise hold every page of an endless list in memory, hundreds a second
      await drained(this.streams.stdout)
    }
    if (format === 'json' && !quiet) this.write(count === 0 ? '[]\n' : '\n]\n')
  }

  /** --jq: raw strings exactly into a pipe; on a terminal their control characters shown, not obeyed (a name from the server) */
  private async filtered(expression: string, data: unknown): Promise<void> {
    const out = await runJq(expression, data)
    this.write(this.tty ? visibleText(out) : out)
  }

  /** --columns and --sort name fields these records (or, with none, their type) have: else exit 2, before any output */
  private checkFields(records: readonly unknown[], sort = this.options.sort): void {
    const {columns, fields} = this.options
    if (columns) checkFieldNames('--columns', columns, records, fields)
    if (sort) checkFieldNames('--sort', [sortField(sort)], records, fields)
  }

  /** json, ndjson and yaml show the fields --columns names, pruned in place (pick-fields.ts) */
  private picked(data: unknown): unknown {
    const {columns} = this.options
    return columns ? pickFields(data, columns) : data
  }

  private ids(records: unknown[]): void {
    for (const record of records) this.id(record)
  }

  /**
   * exact for a script, but for the tab and line breaks that would split it (oneField); a name used as
   * the ID (labels) may hold control characters a terminal would obey. With --columns, the fields named instead of the handle, tab-separated (`-q --columns name`).
   */
  private id(record: unknown): void {
    const {columns, handle} = this.options
    const id = columns && !isScalar(record) ? columns.map(c => cellText(columnValue(record, c))) : recordId(record, handle)
    if (id === undefined) return
    const cells = typeof id === 'string' ? [id] : id
    const fields = cells.map(cell => (this.tty ? visibleCell(cell) : oneField(cell)))
    if (!this.tty && !this.separatorsWarned && fields.some((field, i) => field !== cells[i])) {
      this.separatorsWarned = true
      this.streams.stderr.write('Warning: a value held a tab or a line break, written as \\t, \\n or \\r so that each record stays one line\n')
    }
    this.write(fields.join('\t') + '\n')
  }

  private async yaml(data: unknown): Promise<void> {
    const {stringify} = await importModule<typeof import('yaml')>('yaml')
    // no anchors: a value used twice (one ExactNumber in two fields) is written twice, as JSON would
    this.write(stringify(data ?? null, {customTags: [EXACT_NUMBER_YAML], aliasDuplicateObjects: false}))
  }

  private csv(records: unknown[], columns: string[]): void {
    if (this.options.header) this.write(csvRow(columns) + '\n')
    for (const record of records) this.write(csvRow(columns.map(c => cellText(columnValue(record, c)))) + '\n')
  }

  /**
   * On a terminal the table fits its width (see table-layout.ts); into a pipe, or with --wide, nothing
   * is cut. Control characters are made visible first, so widths count what is shown.
   */
  private async table(head: string[] | null, rows: string[][], ranks: CutRank[], keep?: TableInput['keep']): Promise<void> {
    const maxWidth = this.tty && !this.options.wide ? terminalColumns() : Infinity
    const lines = await renderTable(
      {
        head: head && this.options.header ? head.map(visibleCell) : null,
        rows: rows.map(row => row.map(visibleCell)),
        ranks,
        keep,
        maxWidth,
      },
      colorEnabled(this.streams.stdout),
    )
    this.write(lines.join('\n') + '\n')
  }
}

/** YAML writes a number kept as the server's text as that plain number, not as a string or .inf */
const EXACT_NUMBER_YAML: import('yaml').ScalarTag = {
  identify: value => value instanceof ExactNumber,
  default: true,
  tag: 'tag:yaml.org,2002:float',
  resolve: source => source,
  stringify: ({value}) => String(value),
}

async function* single(records: unknown[]): AsyncGenerator<unknown[]> {
  yield records
}

/** the pages, with `cleanUp` run before an error of theirs goes on */
async function* beforeFailing(pages: AsyncIterable<unknown[]>, cleanUp: () => unknown): AsyncGenerator<unknown[]> {
  try {
    yield* pages
  } catch (error) {
    cleanUp()
    throw error
  }
}

/** the pages' records pruned to --columns, page by page: a streamed list keeps streaming */
async function* pickingPages(pages: AsyncIterable<unknown[]>, columns: readonly string[] | undefined): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield columns ? pickPage(page, columns) : page
}

/** the pages with the declared secret fields hidden (Printer options `hide`) */
async function* hidingPages(pages: AsyncIterable<unknown[]>, hide: (data: unknown) => unknown): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield hide(page) as unknown[]
}

/** a column shown as JSON (objects, lists of objects) is as cuttable as a description, whatever its name */
function rankOf(records: unknown[], column: string): CutRank {
  const rank = cutRank(column)
  if (rank !== 'later') return rank
  const isJson = (value: unknown) => !isScalar(value) && !(Array.isArray(value) && value.every(isScalar))
  return records.some(r => isJson(columnValue(r, column))) ? 'first' : rank
}

/** resolves when `out` has room again (or can take no more: its error ends the run, write-failure.ts) */
function drained(out: OutStream): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve()
  return new Promise(resolve => {
    const done = () => {
      for (const event of ['drain', 'close', 'error']) out.off(event, done)
      resolve()
    }
    for (const event of ['drain', 'close', 'error']) out.on(event, done)
  })
}
