// Many records from one file, for bulk commands (`--from-file`): a JSON array, YAML list, or CSV with
// a header row. Empty CSV cells are absent fields.
import {extname} from 'node:path'
import {UsageError} from '../base/errors.js'
import type {IO} from '../base/io.js'
import {letSignalsIn} from '../base/let-signals-in.js'
import type {Inputs, Values} from './input.js'
import {checkAllRecords, recordInputs} from './input-read.js'
import {FileLimitError, type FileLimits, fileLimits, parseData, readDataFile} from './parse-data.js'

export type FileRecord = Record<string, unknown>

/** the records of a file as it holds them, before any field is checked */
export async function readRecords(file: string, io: Pick<IO, 'stdin' | 'env'>): Promise<FileRecord[]> {
  const text = await readDataFile(file, 'from-file', io)
  const kind = extname(file).toLowerCase()
  const limits = fileLimits(io.env)
  const records = kind === '.csv' ? await parseCsv(text, file, limits.items) : kind === '.yaml' || kind === '.yml' ? await parseYaml(text, file, limits) : await parseJson(text, file, limits)
  if (records.length === 0) throw new UsageError(`${file} holds no records`)
  return records
}

/**
 * One parse, within the limits and in the worker for a large file (parse-data.ts), a number beyond a
 * double (12345678901234567891, 1e400) kept with its own digits; a key given twice refused, as in YAML
 */
async function parseJson(text: string, file: string, limits: FileLimits): Promise<FileRecord[]> {
  try {
    return asRecords(await parseData(text, {file, json: true, numbers: 'exact', limits}), file)
  } catch (error) {
    // a file named otherwise is read as JSON
    if (error instanceof FileLimitError || !(error instanceof UsageError) || !/ is not valid JSON/.test(error.message)) throw error
    throw new UsageError(`${error.message} (use .csv or .yaml for other formats)`)
  }
}

/** YAML within the limits (parse-data.ts); an unquoted number is taken as written: `value: 1.10` is the text 1.10, not 1.1, and 12345678901234567891 keeps its digits (a double would round both) */
async function parseYaml(text: string, file: string, limits: FileLimits): Promise<FileRecord[]> {
  return asRecords(await parseData(text, {file, json: false, numbers: 'exact', limits}), file)
}

function asRecords(data: unknown, file: string): FileRecord[] {
  if (!Array.isArray(data) || !data.every(item => item && typeof item === 'object' && !Array.isArray(item))) {
    throw new UsageError(`${file} must hold a list of objects`)
  }
  return data as FileRecord[]
}

/**
 * RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. Within the count of values
 * (a row and each of its cells), refused as soon as it is passed; in steps, so that a signal is heard
 * while a large file is read (base/let-signals-in.ts).
 */
export async function parseCsv(text: string, file: string, items: number): Promise<FileRecord[]> {
  const rows: string[][] = []
  let values = 0
  let row: string[] = []
  let field = ''
  let quoted = false
  const endRow = () => {
    row.push(field)
    values += 1 + row.length
    if (values > items) throw new FileLimitError(`${file} holds more than ${items} values, the limit (FORGECTL_MAX_FILE_VALUES raises it)`)
    rows.push(row)
    row = []
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    if ((i & 0x3fff) === 0) await letSignalsIn()
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') {
        quoted = false
      } else {
        field += c
      }
    } else if (c === '"') {
      quoted = true
    } else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRow()
    } else {
      field += c
    }
  }
  if (field !== '' || row.length > 0) endRow()
  const [header, ...body] = rows.filter(r => r.some(cell => cell.trim() !== ''))
  if (!header) return []
  const columns = header.map(name => name.trim())
  assertUniqueColumns(columns, file)
  const records: FileRecord[] = []
  for (const [i, cells] of body.entries()) {
    if ((i & 0x3ff) === 0) await letSignalsIn()
    assertNoCellBeyond(cells, columns.length, i + 1, file)
    records.push(Object.fromEntries(columns.map((name, at) => [name, cells[at]]).filter(([, v]) => v !== undefined && v !== '')))
  }
  return records
}

/**
 * `name,color,name` would send one of the two names and drop the other without a word: refused, as the
 * YAML reader refuses a repeated key
 */
function assertUniqueColumns(columns: string[], file: string): void {
  const seen = new Map<string, number>()
  columns.forEach((name, i) => {
    // spreadsheets end rows with empty columns; their cells are empty, hence absent fields
    if (name === '') return
    const first = seen.get(name)
    if (first !== undefined) throw new UsageError(`${file}: column "${name}" appears twice in the header row (columns ${first + 1} and ${i + 1})`)
    seen.set(name, i)
  })
}

/**
 * `bug,broken, badly` under `name,description`: the cell past the header's last column would be
 * dropped without a word, and the description cut at the comma; refused, naming the record. Empty
 * cells there are a spreadsheet's trailing columns, as in the header.
 */
function assertNoCellBeyond(cells: string[], columns: number, record: number, file: string): void {
  if (cells.slice(columns).every(cell => cell === '')) return
  throw new UsageError(`${file}: record ${record} has ${cells.length} cells, more than the ${columns} columns of the header row: quote a value that holds a comma ("a, b")`)
}

/**
 * The records of a `--from-file` file as an endpoint's inputs, every record checked by the
 * declaration before anything is sent. `also`: a rule across fields, returning the problem in words.
 */
export async function readInputRecords<I extends Inputs>(file: string, inputs: I, io: Pick<IO, 'stdin' | 'env'>, also?: (values: Values<I>) => string | undefined): Promise<Array<Values<I>>> {
  return checkAllRecords(await readRecords(file, io), (record, index) => {
    const values = recordInputs(inputs, record, index)
    const problem = also?.(values)
    if (problem) throw new UsageError(`record ${index}: ${problem}`)
    return values
  })
}
