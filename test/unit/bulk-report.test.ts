// A fan-out's report in the four shared words (issue 29, point 5): every status a command may report
// has an outcome, and the line of counts names those that are not 0.
import {describe, expect, it} from 'vitest'
import {type BulkResult, bulkRow, bulkSummary, outcomeOf} from '../../src/core/lists/bulk.js'

const row = (status: BulkResult<unknown>['status']): BulkResult<unknown> => ({item: status, status})

describe('the report of a fan-out', () => {
  it.each([
    ['created', 'done'],
    ['ok', 'done'],
    ['existing', 'done'],
    ['updated', 'done'],
    ['already there', 'unchanged'],
    ['skipped', 'unchanged'],
    ['failed', 'failed'],
    ['not as asked', 'failed'],
    ['interrupted', 'failed'],
    ['not done', 'not attempted'],
    ['dry-run', 'not attempted'],
  ] as const)('%s is %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome)
  })

  it('a row keeps its own status and error, adds its outcome, and drops the exit code', () => {
    expect(bulkRow({item: 'a', status: 'failed', error: '409 Conflict', exitCode: 6})).toEqual({item: 'a', status: 'failed', error: '409 Conflict', outcome: 'failed'})
  })

  it('the counts, in a fixed order, without those that are 0', () => {
    expect(bulkSummary([row('created'), row('failed'), row('already there'), row('not done'), row('updated')])).toBe('5 targets: 2 done, 1 unchanged, 1 failed, 1 not attempted')
    expect(bulkSummary([row('ok')])).toBe('1 target: 1 done')
  })
})
