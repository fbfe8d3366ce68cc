// A table-driven check of declared inputs (src/core/input/input.ts): each row gives a value as it would be
// typed, and either the value it becomes or the rule that refuses it. Every input of a declaration
// must have a row, so a new input cannot go unchecked.
import {expect, it} from 'vitest'
import {checkText, InputError, type Inputs} from '../../src/core/input/input.js'

/** [input's API name, typed text, `{value}` accepted as / a RegExp the refusal's rule matches] */
export type RuleRow = readonly [string, string, {value: unknown} | RegExp]

export function ruleTable(name: string, inputs: Inputs, rows: readonly RuleRow[]): void {
  it(`${name}: every input has a row`, () => {
    const covered = new Set(rows.map(([api]) => api))
    expect(Object.keys(inputs).filter(api => !covered.has(api))).toEqual([])
  })
  for (const [api, text, expected] of rows) {
    it(`${name}: ${api} ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)} → ${expected instanceof RegExp ? `refused ${expected}` : JSON.stringify(expected.value)}`, () => {
      const input = inputs[api]
      expect(input, `no input ${api}`).toBeDefined()
      if (expected instanceof RegExp) {
        let error: unknown
        try {
          checkText(input!, text)
        } catch (caught) {
          error = caught
        }
        expect(error).toBeInstanceOf(InputError)
        expect((error as InputError).rule).toMatch(expected)
      } else {
        expect(checkText(input!, text)).toEqual(expected.value)
      }
    })
  }
}
