import {describe, expect, it} from 'vitest'
// jq itself runs in test/commands/jq.test.ts, through the built CLI: under vitest, importing jq-web (a
// module whose export is a promise) goes through an interop that breaks it.
import {checkJqFlags, checkProgram, jqMessage} from '../../src/core/output/jq.js'

describe('jqMessage', () => {
  it("keeps jq's first error line without its prefix", () => {
    expect(jqMessage('jq: error: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1:\n.[\njq: 1 compile error')).toBe(
      'syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1',
    )
    expect(jqMessage('jq: error (at inputString:0): Cannot index number with string "x"')).toBe('Cannot index number with string "x"')
  })
})

describe('checkProgram', () => {
  it('keeps the expression on line 1 and ends a trailing comment', () => {
    expect(checkProgram('.name # the name')).toBe('def forgectl_check: .name # the name\n; empty')
  })
})

describe('checkJqFlags', () => {
  it('refuses the flags that choose another shape, and an empty expression', () => {
    expect(() => checkJqFlags({jq: '.', output: 'csv'})).toThrow('--jq filters JSON: it cannot be used with -o csv')
    expect(() => checkJqFlags({jq: '.', columns: 'id'})).toThrow(/--columns/)
    expect(() => checkJqFlags({jq: '.', quiet: true})).toThrow(/-q/)
    expect(() => checkJqFlags({jq: ' '})).toThrow(/needs an expression/)
    expect(() => checkJqFlags({jq: '.', output: 'json'})).not.toThrow()
  })
})
