// Everything a command prints on stdout goes through here: table on a terminal, JSON otherwise, or the
// format asked for. Lists stream when the format allows (json, ndjson, csv without --sort), so that
// `--all --json` over a large collection never holds it all in memory.
import type {OutputFormat} from './config-store.js'
import {visibleCell, visibleText} from './escape.js'
import {cellText, columnValue, csvRow, inferColumns, recordId, sortRecords} from './format.js'
import {checkedPages, checkFieldNames, sortField} from './field-check.js'
import {importModule} from './import-module.js'
import {runJq} from './jq.js'
import {colorEnabled, stdoutIsTerminal} from './terminal.js'

export interface OutputOptions {
  format: OutputFormat
  columns?: string[]
  header: boolean
  sort?: string
  quiet: boolean
  /** the fields of the record type, to check --columns/--sort against when a list is empty */
  fields?: readonly string[]
  /** a jq expression: the JSON goes through it instead of being formatted */
  jq?: string
}

type Write = (text: string) => void

export class Printer {
  private readonly tty = stdoutIsTerminal()

  constructor(readonly options: OutputOptions, private readonly write: Write = text => void process.stdout.write(text)) {}

  /** the same printer with `field` added to columns the user chose: for a value that must never be dropped */
  including(field: string): Printer {
    const {columns} = this.options
    if (!columns || columns.includes(field)) return this
    return new Printer({...this.options, columns: [...columns, field]}, this.write)
  }

  /** a single record; table format shows it as field/value rows */
  async record(data: unknown, defaultColumns?: readonly string[]): Promise<void> {
    const {format, quiet} = this.options
    if (this.options.jq !== undefined) return this.filtered(this.options.jq, data ?? null)
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) this.checkFields([data])
    if (quiet) return this.ids([data])
    if (format === 'json') return this.write(JSON.stringify(data ?? null, null, 2) + '\n')
    if (format === 'ndjson') return this.write(JSON.stringify(data ?? null) + '\n')
    if (format === 'yaml') return this.yaml(data)
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return this.list(single(Array.isArray(data) ? data : [data]), defaultColumns)
    if (format === 'csv') return this.csv([data], this.options.columns ?? [...(defaultColumns ?? inferColumns([data], 50))])
    const fields = this.options.columns ?? Object.keys(data)
    const rows = fields.map(field => [field, cellText(columnValue(data, field), {relativeDates: this.tty})])
    await this.table(null, rows, Infinity)
  }

  /** pages of records, printed as they arrive where the format allows */
  async list(pages: AsyncIterable<unknown[]>, defaultColumns?: readonly string[]): Promise<void> {
    const {format, sort, quiet} = this.options
    if (sort === undefined && this.options.jq === undefined && (format === 'json' || format === 'ndjson' || quiet)) {
      return this.stream(checkedPages(pages, records => this.checkFields(records)))
    }
    let records: unknown[] = []
    for await (const page of pages) records.push(...page)
    this.checkFields(records)
    if (sort) records = sortRecords(records, sort)
    // the filter sees the whole list, as the API's JSON array
    if (this.options.jq !== undefined) return this.filtered(this.options.jq, records)
    if (format === 'json') return this.write(JSON.stringify(records, null, 2) + '\n')
    if (format === 'yaml') return this.yaml(records)
    const columns = this.options.columns ?? (defaultColumns ? [...defaultColumns] : inferColumns(records))
    if (format === 'csv') return this.csv(records, columns)
    if (records.length === 0) {
      process.stderr.write('No results.\n')
      return
    }
    await this.table(columns, records.map(r => columns.map(c => cellText(columnValue(r, c), {relativeDates: this.tty}))), this.tty ? 60 : Infinity)
  }

  private async stream(pages: AsyncIterable<unknown[]>): Promise<void> {
    const {format, quiet} = this.options
    let count = 0
    for await (const page of pages) {
      for (const item of page) {
        if (quiet) {
          this.id(item)
        } else if (format === 'ndjson') {
          this.write(JSON.stringify(item) + '\n')
        } else {
          // Same text as JSON.stringify(array, null, 2), written one element at a time.
          this.write((count === 0 ? '[\n' : ',\n') + indent(JSON.stringify(item, null, 2)))
        }
        count++
      }
    }
    if (format === 'json' && !quiet) this.write(count === 0 ? '[]\n' : '\n]\n')
  }

  /** --jq: raw strings exactly into a pipe; on a terminal their control characters shown, not obeyed (a name from the server) */
  private async filtered(expression: string, data: unknown): Promise<void> {
    const out = await runJq(expression, data)
    this.write(this.tty ? visibleText(out) : out)
  }

  /** --columns and --sort name fields these records (or, with none, their type) have: else exit 2, before any output */
  private checkFields(records: readonly unknown[]): void {
    const {columns, sort, fields} = this.options
    if (columns) checkFieldNames('--columns', columns, records, fields)
    if (sort) checkFieldNames('--sort', [sortField(sort)], records, fields)
  }

  private ids(records: unknown[]): void {
    for (const record of records) this.id(record)
  }

  /** exact for a script; a name used as the ID (labels) may hold control characters a terminal would obey */
  private id(record: unknown): void {
    const id = recordId(record)
    if (id !== undefined) this.write((this.tty ? visibleCell(id) : id) + '\n')
  }

  private async yaml(data: unknown): Promise<void> {
    const {stringify} = await importModule<typeof import('yaml')>('yaml')
    this.write(stringify(data ?? null))
  }

  private csv(records: unknown[], columns: string[]): void {
    if (this.options.header) this.write(csvRow(columns) + '\n')
    for (const record of records) this.write(csvRow(columns.map(c => cellText(columnValue(record, c)))) + '\n')
  }

  /** cells are cut to `maxWidth` after their control characters are made visible, so the cut counts what is shown */
  private async table(head: string[] | null, rows: string[][], maxWidth: number): Promise<void> {
    const {default: Table} = await importModule<{default: typeof import('cli-table3')}>('cli-table3')
    const color = colorEnabled(process.stdout)
    // cli-table3 colours even into a pipe and ignores NO_COLOR: plain style unless a person is looking.
    const style = {head: color ? ['bold'] : [], border: [], 'padding-left': 0, 'padding-right': 0}
    const options = {style, chars: BORDERLESS}
    const table = head && this.options.header ? new Table({...options, head: head.map(visibleCell)}) : new Table(options)
    table.push(...rows.map(row => row.map(cell => truncate(visibleCell(cell), maxWidth))))
    this.write(table.toString() + '\n')
  }
}

// Columns separated by spaces, no box: easy to read, and to cut/awk when someone must.
const BORDERLESS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
}

async function* single(records: unknown[]): AsyncGenerator<unknown[]> {
  yield records
}

function indent(text: string): string {
  return text.split('\n').map(line => '  ' + line).join('\n')
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text
}
