// The records of a --from-file file are checked in one loop before anything is sent; a file at the
// size limit holds hundreds of thousands of them, and a loop that never lets the event loop run hears
// no Ctrl-C until it ends. What runs in a setImmediate (as a signal's handler does) must run while the
// records are still being checked.
import {describe, expect, it} from 'vitest'
import {UsageError} from '../../src/core/base/errors.js'
import {checkAllRecords} from '../../src/core/input/input-read.js'

/** keeps the thread busy for `ms`, as checking many records does */
function busy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spin
  }
}

describe('checkAllRecords', () => {
  it('lets the event loop run between records, so a signal is heard during a long check', async () => {
    let heard = false
    setImmediate(() => {
      heard = true
    })
    const heardAt: boolean[] = []
    await checkAllRecords([{}, {}, {}, {}], (_record, index) => {
      heardAt.push(heard)
      busy(10)
      return index
    })
    // the first record is checked before any pause; by the last, the pending callback has run
    expect(heardAt.at(-1)).toBe(true)
  })

  it('still refuses the whole file, naming each bad record, and keeps the order of the good ones', async () => {
    await expect(checkAllRecords([{a: 1}, {a: 2}], () => 1)).resolves.toEqual([1, 1])
    const refusal = checkAllRecords([{n: 1}, {n: 2}, {n: 3}], (record, index) => {
      if (record.n !== 2) throw new UsageError(`record ${index}: bad`)
      return index
    })
    await expect(refusal).rejects.toThrow('nothing was sent; fix these records first: record 1: bad; record 3: bad')
  })
})
