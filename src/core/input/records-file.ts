// Many records from one file, for bulk commands (`--from-file`): a JSON array, YAML list, or CSV with
// a header row. Empty CSV cells are absent fields.
import {extname} from 'node:path'
import {parseJsonExactly} from '../answer/exact-json.js'
import {UsageError} from '../base/errors.js'
import type {Inputs, Values} from './input.js'
import {checkAllRecords, recordInputs} from './input-read.js'
import {FileLimitError, fileLimits, parseData, readDataFile} from './parse-data.js'

export type FileRecord = Record<string, unknown>

async function readRecords(file: string): Promise<FileRecord[]> {
  const text = await readDataFile(file, 'from-file')
  const kind = extname(file).toLowerCase()
  const records = kind === '.csv' ? parseCsv(text, file) : kind === '.yaml' || kind === '.yml' ? await parseYaml(text, file) : await parseJson(text, file)
  if (records.length === 0) throw new UsageError(`${file} holds no records`)
  const {items} = fileLimits()
  if (kind === '.csv' && records.reduce((sum, record) => sum + 1 + Object.keys(record).length, 0) > items)
    throw new FileLimitError(`${file} holds more than ${items} values, the limit (FORGECTL_MAX_FILE_VALUES raises it)`)
  return records
}

async function parseJson(text: string, file: string): Promise<FileRecord[]> {
  let data: unknown
  try {
    // the limits of depth and count first (parse-data.ts), in a worker for a large file: the exact
    // reader below is a loop no signal interrupts, so it reads only what passed them
    await parseData(text, {file, json: true, numbers: 'value'})
  } catch (error) {
    if (error instanceof FileLimitError) throw error
  }
  try {
    // a value beyond a double (12345678901234567891, 1e400) is sent with its own digits
    data = parseJsonExactly(text)
  } catch {
    throw new UsageError(`${file} is not valid JSON (use .csv or .yaml for other formats)`)
  }
  return asRecords(data, file)
}

/** YAML within the limits (parse-data.ts); an unquoted number is taken as written: `value: 1.10` is the text 1.10, not 1.1, and 12345678901234567891 keeps its digits (a double would round both) */
async function parseYaml(text: string, file: string): Promise<FileRecord[]> {
  return asRecords(await parseData(text, {file, json: false, numbers: 'exact'}), file)
}

function asRecords(data: unknown, file: string): FileRecord[] {
  if (!Array.isArray(data) || !data.every(item => item && typeof item === 'object' && !Array.isArray(item))) {
    throw new UsageError(`${file} must hold a list of objects`)
  }
  return data as FileRecord[]
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks */
export function parseCsv(text: string, file: string): FileRecord[] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
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
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else {
      field += c
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  const [header, ...body] = rows.filter(r => r.some(cell => cell.trim() !== ''))
  if (!header) return []
  const columns = header.map(name => name.trim())
  assertUniqueColumns(columns, file)
  for (const [i, cells] of body.entries()) assertNoCellBeyond(cells, columns.length, i + 1, file)
  return body.map(cells => Object.fromEntries(columns.map((name, i) => [name, cells[i]]).filter(([, v]) => v !== undefined && v !== '')))
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
export async function readInputRecords<I extends Inputs>(file: string, inputs: I, also?: (values: Values<I>) => string | undefined): Promise<Array<Values<I>>> {
  return checkAllRecords(await readRecords(file), (record, index) => {
    const values = recordInputs(inputs, record, index)
    const problem = also?.(values)
    if (problem) throw new UsageError(`record ${index}: ${problem}`)
    return values
  })
}
