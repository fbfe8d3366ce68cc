// Issue 35: every reader of outside data is bounded and hears a signal. A records file (CSV, JSON) and a
// fan-out's journal are read in steps or in the worker: the event loop turns while a large one is read
// (a timer, a signal's handler), where a single loop held it for the whole file.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {ExactNumber} from '../../src/core/base/exact-number.js'
import {parseCsv, readRecords} from '../../src/core/input/records-file.js'

/** the run's standard input and environment: none given, the default limits */
const RUN = {stdin: Readable.from([]), env: {}}

import {parseJournal} from '../../src/core/lists/journal.js'

const folder = mkdtempSync(join(tmpdir(), 'forgectl-parse-steps-'))

/** whether a turn of the event loop came before `work` was done: 'turn' first, or 'done' first */
async function order(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  setImmediate(() => seen.push('turn'))
  await work()
  seen.push('done')
  await new Promise(resolve => setImmediate(resolve))
  return seen
}

describe('a large file from outside is read in steps', () => {
  it('a CSV records file: the event loop turns while it is read', async () => {
    const text = `name,color\n${Array.from({length: 60_000}, (_, i) => `l${i},red`).join('\n')}`
    expect(await order(() => parseCsv(text, 'many.csv', 1e9))).toEqual(['turn', 'done'])
  })

  it('a CSV records file is refused as soon as it passes the count, in one line', async () => {
    await expect(parseCsv(`a,b\n${'1,2\n'.repeat(100)}`, 'many.csv', 50)).rejects.toThrow(/^many\.csv holds more than 50 values, the limit \(FORGECTL_MAX_FILE_VALUES raises it\)$/)
  })

  it("a fan-out's journal: the event loop turns while it is read", async () => {
    const header = JSON.stringify({journal: 1, command: 'forgectl labels create', salt: 'ab', input: 'cd', started: '2026-11-26T00:00:00Z'})
    const text = [header, ...Array.from({length: 60_000}, (_, i) => JSON.stringify({end: `item ${i}`, outcome: 'done'}))].join('\n')
    const seen: string[] = []
    setImmediate(() => seen.push('turn'))
    const state = await parseJournal(text, 'j')
    seen.push('done')
    expect(seen).toEqual(['turn', 'done'])
    expect(state.finished.size).toBe(60_000)
  })

  it('a JSON records file is read once, in the worker when large: numbers beyond a double keep their digits, a key given twice is refused', async () => {
    const records = Array.from({length: 3000}, (_, i) => ({name: `l${i}`, id: i, big: 1, tiny: 1e-7}))
    const file = join(folder, 'big.json')
    writeFileSync(file, JSON.stringify(records).replaceAll('"big":1,', '"big":12345678901234567891,'))
    const read = await readRecords(file, RUN)
    expect(read).toHaveLength(3000)
    expect(read[7]!.big).toBeInstanceOf(ExactNumber)
    expect(String(read[7]!.big)).toBe('12345678901234567891')
    // a double holds 1e-7 and 7: numbers as JSON.parse makes them
    expect(read[7]!.tiny).toBe(1e-7)
    expect(read[7]!.id).toBe(7)
    const twice = join(folder, 'twice.json')
    writeFileSync(twice, '[{"name": "a", "color": "red",\n "name": "b"}]')
    await expect(readRecords(twice, RUN)).rejects.toThrow(/twice\.json is not valid JSON: Map keys must be unique at line 2/)
  })
})
