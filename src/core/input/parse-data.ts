// The one reader of a document from outside: state files (`plan`, `apply -f`), saved plans (`apply
// PLAN`) and --from-file records files. Each is held to the same limits, in one place: a size in bytes
// (checked as the file is read, before any parse), a depth and a count of values (parse-core.ts). A
// refusal is one line naming the limit, exit 2.
//
// And a signal is always heard: a parse is synchronous, and a large one took seconds during which
// SIGTERM waited. A text above a few kilobytes is parsed in a worker thread, which the process's exit
// ends at once (core/terminal/interrupt.ts exits on a signal); its data comes back in slices, each a
// message of its own, so that no one step on the main thread lasts more than a few milliseconds.
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {UsageError} from '../base/errors.js'
import {ExactNumber, fitsDouble} from '../base/exact-number.js'
import type {IO} from '../base/io.js'
import {importModule} from '../base/launcher.js'
import type {ReadLimit} from '../base/read-whole.js'
import {readTextFile} from './input-read.js'
import {type ParseOptions, type ParseProblem, type ParseResult, parseCore} from './parse-core.js'

export const DEFAULT_MAX_FILE_MB = 32
export const DEFAULT_MAX_FILE_VALUES = 4_000_000
/** no state file nests past 8 levels (projects, path, section, record, field, reference): 64 is room, not a setting */
export const MAX_FILE_DEPTH = 64

export interface FileLimits {
  bytes: number
  depth: number
  items: number
}

/**
 * The limits in force: FORGECTL_MAX_FILE_MB (the size, in MB of 10^6 bytes) and FORGECTL_MAX_FILE_VALUES
 * (the count) for one run, else the defaults. A value that is not a positive whole number is refused.
 */
export function fileLimits(env: NodeJS.ProcessEnv): FileLimits {
  const read = (name: string, fallback: number) => {
    const given = env[name]
    if (given === undefined || given === '') return fallback
    if (!/^[1-9]\d{0,9}$/.test(given.trim())) throw new UsageError(`${name} must be a whole number above 0 (default ${fallback})`)
    return Number(given.trim())
  }
  return {bytes: read('FORGECTL_MAX_FILE_MB', DEFAULT_MAX_FILE_MB) * 1e6, depth: MAX_FILE_DEPTH, items: read('FORGECTL_MAX_FILE_VALUES', DEFAULT_MAX_FILE_VALUES)}
}

/** a refusal for a limit passed (size, depth, count), told apart from a file that is not valid */
export class FileLimitError extends UsageError {
  constructor(message: string) {
    super(message)
    this.name = 'FileLimitError'
  }
}

/** the size refusal's words, as read-whole.ts says them: `cannot read --file big.yaml: larger than …` */
export function sizeRule(limits: FileLimits): string {
  return `larger than ${limits.bytes / 1e6} MB, the limit of a file forgectl reads (FORGECTL_MAX_FILE_MB raises it)`
}

const RAISED_BY: Record<ParseProblem['problem'], string> = {syntax: '', depth: '', items: ' (FORGECTL_MAX_FILE_VALUES raises it)'}

/** the text of a file to be parsed (`-`: standard input), refused past the size limit before any parse */
export async function readDataFile(file: string, flag: string, io: Pick<IO, 'stdin' | 'env'>): Promise<string> {
  return readTextFile(file, flag, io.stdin, readLimit(fileLimits(io.env)))
}

/** the size limit as readWhole takes it */
export function readLimit(limits: FileLimits): ReadLimit {
  return {maxBytes: limits.bytes, tooLarge: sizeRule(limits)}
}

/** below this many characters a parse takes a few milliseconds: it runs here, without a worker's start-up */
const INLINE_CHARS = 32_768
/** top-level entries (projects, records) per message from the worker: a few milliseconds to receive each */
const SLICE = 256

export interface ParseRequest {
  /** the file as the user named it, for messages */
  file: string
  json: boolean
  numbers: ParseOptions['numbers']
  /** fileLimits() of the run's environment */
  limits: FileLimits
}

/**
 * The data of `text`, or a UsageError: `FILE is not valid YAML: …`, `FILE is nested more than 64
 * levels deep, the limit`, `FILE holds more than 4000000 values, the limit (FORGECTL_MAX_FILE_VALUES raises it)`.
 */
export async function parseData(text: string, request: ParseRequest): Promise<unknown> {
  const {limits} = request
  const options: ParseOptions = {json: request.json, numbers: request.numbers, limits: {depth: limits.depth, items: limits.items}}
  const result = text.length < INLINE_CHARS ? parseCore(await importModule<typeof import('yaml')>('yaml'), text, options) : await inWorker(text, options)
  if ('problem' in result) {
    const message = `${request.file} ${result.message}${RAISED_BY[result.problem]}`
    throw result.problem === 'syntax' ? new UsageError(message) : new FileLimitError(message)
  }
  return request.numbers === 'exact' ? revive(result.data) : result.data
}

/** the markers parse-core leaves for a number a double would change, as an ExactNumber (or the number, for JSON's when a double holds it) */
function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i])
    return value
  }
  const record = value as Record<string, unknown>
  if (typeof record['\u0000number'] === 'string' && Object.keys(record).length === 1) return new ExactNumber(record['\u0000number'])
  const json = record['\u0000json']
  if (typeof json === 'string' && Object.keys(record).length === 1) return fitsDouble(json) ? Number(json) : new ExactNumber(json)
  for (const key of Object.keys(record)) record[key] = revive(record[key])
  return record
}

/** what the worker runs: parseCore, then the data sent in slices (see sendInSlices) */
const WORKER_SOURCE = `'use strict'
const {parentPort, workerData} = require('node:worker_threads')
const parseCore = ${parseCore.toString()}
const sendInSlices = ${sendInSlices.toString()}
const result = parseCore(require(workerData.yaml), workerData.text, workerData.options, require(workerData.fast))
if ('problem' in result) parentPort.postMessage({result})
else sendInSlices(result.data, message => parentPort.postMessage(message), workerData.slice)
`

/** one message of the data: a value whole, a slice of the top-level list, or entries of the top-level mapping or of a mapping under it */
type Slice = {whole: unknown} | {items: unknown[]} | {entries: Array<[string, unknown]>; under?: string}

function sendInSlices(data: unknown, post: (message: {slice: Slice} | {end: true}) => void, size: number): void {
  const isMapping = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i += size) post({slice: {items: data.slice(i, i + size)}})
    if (data.length === 0) post({slice: {whole: data}})
  } else if (isMapping(data)) {
    let batch: Array<[string, unknown]> = []
    for (const [key, value] of Object.entries(data)) {
      const inner = isMapping(value) ? Object.entries(value) : []
      if (inner.length <= size) {
        batch.push([key, value])
        continue
      }
      if (batch.length > 0) post({slice: {entries: batch}})
      batch = []
      for (let i = 0; i < inner.length; i += size) post({slice: {entries: inner.slice(i, i + size), under: key}})
    }
    post({slice: {entries: batch}})
  } else {
    post({slice: {whole: data}})
  }
  post({end: true})
}

/** a key set as data: `__proto__` is a field like any other, as JSON.parse and yaml make it (defined; any other key is set, several times faster) */
const define = (target: Record<string, unknown>, key: string, value: unknown) => {
  if (key === '__proto__') Object.defineProperty(target, key, {value, writable: true, enumerable: true, configurable: true})
  else target[key] = value
}

async function inWorker(text: string, options: ParseOptions): Promise<ParseResult> {
  const {Worker} = await importModule<typeof import('node:worker_threads')>('node:worker_threads')
  // `__dirname` is dist/ in the bundle: yaml and js-yaml as the bundle's own import() finds them
  const bundle = createRequire(join(__dirname, 'runtime.cjs'))
  const yaml = bundle.resolve('yaml')
  const fast = bundle.resolve('js-yaml')
  // the parser's memory is about 100 times the text's: a bound of its own, so that a file within the
  // size that still needs more (some shape the parser handles badly) ends the worker, not the process
  const heapMb = Math.max(1024, Math.ceil((text.length / 1e6) * 160))
  const worker = new Worker(WORKER_SOURCE, {eval: true, workerData: {yaml, fast, text, options, slice: SLICE}, resourceLimits: {maxOldGenerationSizeMb: heapMb}})
  let data: unknown
  const mapping = () => (data ??= {}) as Record<string, unknown>
  try {
    return await new Promise<ParseResult>((resolve, reject) => {
      worker.on('message', (message: {result?: ParseResult; slice?: Slice; end?: true}) => {
        if (message.result) resolve(message.result)
        else if (message.end) resolve({data})
        else if (message.slice && 'whole' in message.slice) data = message.slice.whole
        else if (message.slice && 'items' in message.slice) ((data ??= []) as unknown[]).push(...message.slice.items)
        else if (message.slice) {
          const {entries, under} = message.slice
          if (under !== undefined && !Object.hasOwn(mapping(), under)) define(mapping(), under, {})
          const target = under === undefined ? mapping() : (mapping()[under] as Record<string, unknown>)
          for (const [key, value] of entries) define(target, key, value)
        }
      })
      worker.on('error', error =>
        (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({problem: 'items', message: 'needs more memory to read than this process may use'}) : reject(error),
      )
      worker.on('exit', () => resolve({problem: 'syntax', message: 'could not be read: the parser stopped before the end'}))
    })
  } finally {
    void worker.terminate()
  }
}
