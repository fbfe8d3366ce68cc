// Everything a command prints on stdout goes through here: table on a terminal, JSON otherwise, or the
// format asked for (the formats: formats.ts), or a command's own text where it prints no records.
// Lists stream when the format allows (json, ndjson without --sort), so that `--all --json` over a
// large collection never holds it all in memory.

import {oneField, visibleCell, visibleText} from '../base/escape.js'
import type {IO, OutStream} from '../base/io.js'
import {fieldSort} from '../input/sort.js'
import {colorEnabled, stdoutIsTerminal, terminalColumns} from '../terminal/terminal.js'
import {checkedPages, checkFieldNames, recordFields, sortField} from './field-check.js'
import {cellText, columnValue, inferColumns, isScalar, recordId, sortRecords} from './format.js'
import {FORMATTERS, type OutputFormat, type RowsContext} from './formats.js'
import {runJq} from './jq.js'
import {pickFields, pickPage} from './pick-fields.js'
import type {ColumnFit} from './table-layout.js'
import type {FieldWords} from './words.js'

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

/** where a printer writes, the environment its colours follow and the clock its dates count from: the run's (io.ts), or a test's */
export type PrinterStreams = Pick<IO, 'stdout' | 'stderr' | 'env' | 'now'>

export class Printer {
  private readonly tty: boolean
  /** `-q` said once that it wrote a separator inside a value visibly (id) */
  private separatorsWarned = false

  constructor(
    readonly options: OutputOptions,
    /** the run's streams and environment, handed in: what prints beside the records (a secret shown once) writes there too */
    readonly streams: PrinterStreams,
  ) {
    this.tty = stdoutIsTerminal(streams)
  }

  private write(text: string): void {
    this.streams.stdout.write(text)
  }

  /** the same printer with `field` added to columns the user chose: for a value that must never be dropped */
  including(field: string): Printer {
    const {columns} = this.options
    if (!columns || columns.includes(field)) return this
    return new Printer({...this.options, columns: [...columns, field]}, this.streams)
  }

  /** the command's own text, where it prints no records (a plan, a token, what a sandbox listens on) */
  text(text: string): void {
    this.write(text)
  }

  private get formatter() {
    return FORMATTERS[this.options.format]
  }

  private get rowsContext(): RowsContext {
    const {header, words, fits = {}, wide} = this.options
    return {
      header,
      words,
      fits,
      terminal: this.tty,
      maxWidth: this.tty && !wide ? terminalColumns(this.streams) : Infinity,
      color: colorEnabled(this.streams.stdout, this.streams.env),
      now: this.streams.now(),
    }
  }

  /** a single record; table format shows it as field/value rows */
  async record(given: unknown, defaultColumns?: readonly string[]): Promise<void> {
    // a list printed whole (one status per relation, an audit's findings) is records all the same: --sort orders it
    if (Array.isArray(given) && this.options.sort !== undefined) return this.list(single(given), defaultColumns)
    await this.shown(given, defaultColumns, this.options.quiet)
  }

  /**
   * One value or document (a plan, a path, a token: outputs ONE_VALUE) in the format asked for. It has
   * no records, so no handles: -q silences the messages, never the value (`plan -q --json` printed nothing).
   */
  async value(given: unknown): Promise<void> {
    await this.shown(given, undefined, false)
  }

  private async shown(given: unknown, defaultColumns: readonly string[] | undefined, quiet: boolean): Promise<void> {
    const {hide} = this.options
    const data = hide ? hide(given) : given
    if (this.options.jq !== undefined) return this.filtered(this.options.jq, data ?? null)
    if (!isScalar(data)) this.checkFields(Array.isArray(data) ? data : [data])
    if (quiet) return this.ids(Array.isArray(data) ? data : [data])
    const formatter = this.formatter
    if (formatter.shape === 'data') return this.write(await formatter.text(this.picked(data)))
    if (isScalar(data) || Array.isArray(data)) return this.list(single(Array.isArray(data) ? data : [data]), defaultColumns)
    // a record with no field to show (an empty profile) has no rows: a line or two of nothing on stdout read as data
    if (Object.keys(data as object).length === 0 && this.options.columns === undefined && defaultColumns === undefined) {
      if (formatter.empty !== undefined) this.streams.stderr.write(`${formatter.empty}\n`)
      return
    }
    this.write(await formatter.record(data as object, this.options.columns, defaultColumns, this.rowsContext))
  }

  /** pages of records, printed as they arrive where the format allows */
  async list(given: AsyncIterable<unknown[]>, defaultColumns?: readonly string[]): Promise<void> {
    const {sort, quiet, hide} = this.options
    const formatter = this.formatter
    const pages = hide ? hidingPages(given, hide) : given
    if (sort === undefined && this.options.jq === undefined && (quiet || (formatter.shape === 'data' && formatter.stream))) {
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
    if (formatter.shape === 'data') {
      const picked = this.picked(records) as unknown[]
      return this.write(formatter.list ? formatter.list(picked) : await formatter.text(picked))
    }
    if (records.length === 0 && formatter.empty !== undefined) {
      this.streams.stderr.write(`${formatter.empty}\n`)
      return
    }
    const columns = this.options.columns ?? (defaultColumns ? [...defaultColumns] : inferColumns(records))
    this.write(await formatter.list(records, columns, this.rowsContext))
  }

  /** one write per page, not per record: a 2,000-record --all made 2,000 writes (about 1 ms of CPU a page) */
  private async stream(pages: AsyncIterable<unknown[]>): Promise<void> {
    const {quiet} = this.options
    const formatter = this.formatter
    const stream = !quiet && formatter.shape === 'data' ? formatter.stream : undefined
    let count = 0
    // A list that stops in error leaves whole text (JSON: the records printed so far, closed, or
    // nothing when none were); the error and its exit code say the list is not whole.
    const cut = () => stream && this.write(stream.cut(count))
    for await (const page of beforeFailing(pages, cut)) {
      if (page.length === 0) continue
      if (stream) this.write(stream.page(page, count))
      else for (const item of page) this.id(item)
      count += page.length
      // the next page only when the reader has taken this one: a pager or a pipe not read yet would
      // otherwise hold every page of an endless list in memory, hundreds a second
      await drained(this.streams.stdout)
    }
    if (stream) this.write(stream.end(count))
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
}

/** a printer for a command that prints only its own text (completion scripts, help): no records, no format to choose */
export function textPrinter(streams: PrinterStreams): Printer {
  return new Printer({format: 'table', header: true, quiet: false}, streams)
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
