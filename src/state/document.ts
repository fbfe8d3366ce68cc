// A state file's text as data (YAML or JSON, the same structure either way), and how a message names
// a place inside it: `state.yaml: projects."acme/**".labels.bug.color: must be …`. Every refusal of a
// state file is one such line, exit 2, before any request.
import {dirname, resolve} from 'node:path'
import {UsageError} from '../core/base/errors.js'
import type {IO} from '../core/base/io.js'
import {type FileLimits, fileLimits, parseData, readDataFile} from '../core/input/parse-data.js'

/** a place in the file: the keys and list indexes from the top */
export type Where = ReadonlyArray<string | number>

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** `projects."acme/**".labels.bug.color`, `instance.hooks[0].url` */
export function wherePath(where: Where): string {
  return where
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`
      const key = PLAIN_KEY.test(part) ? part : JSON.stringify(part)
      return index === 0 ? key : `.${key}`
    })
    .join('')
}

/** a refusal naming the file and the place: exit 2 */
export class StateFileError extends UsageError {
  /** `file` undefined: the selection came from the command line (export's -p and -g), not a file */
  constructor(file: string | undefined, where: Where, rule: string) {
    super(`${file === undefined ? '' : `${file}: `}${where.length > 0 ? `${wherePath(where)}: ` : ''}${rule}`)
  }
}

export interface StateText {
  /** the file as the user named it, for messages */
  file: string
  /** where `{file: PATH}` references are relative to */
  folder: string
  data: unknown
}

/** the file read and parsed; `-` is standard input (references then relative to the working folder) */
export async function readStateDocument(file: string, io: Pick<IO, 'stdin' | 'env'>): Promise<StateText> {
  const text = await readDataFile(file, 'file', io)
  const folder = file === '-' ? resolve('.') : dirname(resolve(file))
  return {file, folder, data: await parseStateText(text, file, fileLimits(io.env))}
}

/**
 * JSON for a .json file, YAML for the rest (YAML reads JSON too, so `-` takes either), within the
 * limits of every file forgectl parses (core/input/parse-data.ts). A number written otherwise than
 * JavaScript writes it (VERSION: 1.10, 007, 0x1F, 1e3) is its text: a variable's value or a label's
 * name is what the file says, not 1.1 or 7. A key given twice is refused, in JSON too (JSON.parse
 * keeps the last without a word).
 */
export function parseStateText(text: string, file: string, limits: FileLimits): Promise<unknown> {
  return parseData(text, {file, json: /\.json$/i.test(file), numbers: 'text', limits})
}
