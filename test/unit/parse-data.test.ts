// The one reader of files forgectl parses (src/core/input/parse-data.ts, parse-core.ts), issue 35 item 4:
// whatever the text, a file is read or refused with one line (a UsageError), never a crash; what is
// within the limits is read as written; and the worker that parses a large text gives the same data.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {UsageError} from '../../src/core/base/errors.js'
import {type FileLimits, fileLimits, parseData} from '../../src/core/input/parse-data.js'

const SMALL: FileLimits = {bytes: 1e6, depth: 6, items: 60}

/** the levels and values of data, as the limits count them */
function measure(value: unknown, level = 1): {depth: number; items: number} {
  if (value === null || typeof value !== 'object') return {depth: level - 1, items: 1}
  const inner = (Array.isArray(value) ? value : Object.values(value)).map(item => measure(item, level + 1))
  return {depth: Math.max(level, ...inner.map(m => m.depth)), items: 1 + inner.reduce((sum, m) => sum + m.items, 0)}
}

/** read, or refused in one line: anything else (another error, a line break in the message) fails */
async function readOrRefuse(text: string, json: boolean): Promise<{data?: unknown; refused?: string}> {
  try {
    return {data: await parseData(text, {file: 'f', json, numbers: 'value', limits: SMALL})}
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).not.toMatch(/\n/)
    return {refused: (error as Error).message}
  }
}

describe('a file forgectl parses', () => {
  it('is read as written within the limits, and refused naming the limit past them (any JSON value, written as JSON or YAML)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({maxDepth: 9}), fc.boolean(), async (value, json) => {
        const text = json ? JSON.stringify(value) : stringify(value)
        const {data, refused} = await readOrRefuse(text, json)
        const {depth, items} = measure(value)
        if (depth <= SMALL.depth && items <= SMALL.items) {
          expect(refused).toBeUndefined()
          expect(JSON.stringify(data)).toBe(JSON.stringify(value))
        } else {
          expect(refused).toMatch(/^f (is nested more than 6 levels deep, the limit|holds more than 60 values, the limit)/)
        }
      }),
      // found by this test: five levels written as YAML fill more than five levels of the parser's stack
      {numRuns: 300, examples: [[[{'': {'': [[null]]}}], false]]},
    )
  })

  it('is read or refused in one line, never a crash, whatever the text', async () => {
    const yamlish = fc.stringMatching(/^[-\s\w:[\]{},&*!|>'"#%@`?.\\]{0,80}$/)
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({maxLength: 80}), yamlish), fc.boolean(), async (text, json) => {
        await readOrRefuse(text, json)
      }),
      {numRuns: 500},
    )
  })

  it('is parsed the same in the worker that takes a large text as here', async () => {
    const records = Array.from({length: 3000}, (_, i) => ({name: `l${i}`, color: '#ff0000', priority: i, version: '1.10'}))
    const text = stringify(records)
    expect(text.length).toBeGreaterThan(32_768)
    const limits = fileLimits({})
    const big = await parseData(text, {file: 'f.yaml', json: false, numbers: 'text', limits})
    expect(big).toEqual(records)
    // the same refusal from the worker: a duplicate key at the end of a large mapping
    await expect(parseData(`${text}- {a: 1, a: 2}\n`, {file: 'f.yaml', json: false, numbers: 'text', limits})).rejects.toThrow(/^f\.yaml is not valid YAML: Map keys must be unique at line 12001/)
  })

  it('takes its limits from the environment, and refuses a limit that is not a number', () => {
    expect(fileLimits({})).toEqual({bytes: 32e6, depth: 64, items: 4_000_000})
    expect(fileLimits({FORGECTL_MAX_FILE_MB: '100', FORGECTL_MAX_FILE_VALUES: '10'})).toEqual({bytes: 100e6, depth: 64, items: 10})
    expect(() => fileLimits({FORGECTL_MAX_FILE_VALUES: '-1'})).toThrow('FORGECTL_MAX_FILE_VALUES must be a whole number above 0 (default 4000000)')
  })
})
