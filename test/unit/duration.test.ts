// The one duration rule of --timeout, --interval and `config set timeout`.
import {describe, expect, it} from 'vitest'
import {formatDuration, parseDuration} from '../../src/core/base/duration.js'
import {UsageError} from '../../src/core/base/errors.js'

describe('parseDuration', () => {
  it.each([
    ['30', 30],
    ['1', 1],
    ['1.5', 1.5],
    ['90s', 90],
    ['90 s', 90],
    ['1500ms', 1.5],
    ['1000ms', 1],
    ['5m', 300],
    ['1.5m', 90],
    ['2h', 7200],
    ['24h', 86_400],
    ['86400', 86_400],
    [' 45S ', 45],
    ['.5m', 30],
  ])('%j is %d seconds', (input, seconds) => {
    expect(parseDuration(input, '--timeout')).toBe(seconds)
  })

  it.each(['0', '0.5', '999ms', '86401', '24.1h', '99999999', '10x', '5d', '-5', '', ' ', 'ms', '1e3', '0x10', 'Infinity', 'NaN', '5 m s'])(
    '%j is refused with exit 2 and one sentence naming the setting',
    input => {
      const call = () => parseDuration(input, 'timeout')
      expect(call).toThrow(UsageError)
      expect(call).toThrow(`timeout "${input}": must be a duration from 1s to 24h (a number of seconds, or with a unit: 1500ms, 90s, 5m, 2h)`)
    },
  )

  it('stays below the largest timer Node accepts (2^31-1 ms)', () => {
    expect(parseDuration('24h', 'x') * 1000).toBeLessThan(2 ** 31 - 1)
  })
})

describe('formatDuration', () => {
  it.each([
    [15, '15 ms'],
    [999, '999 ms'],
    [1000, '1 s'],
    [2500, '2.5 s'],
    [9960, '10 s'],
    [30_000, '30 s'],
    [59_400, '59 s'],
    [60_000, '1m'],
    [90_000, '1m 30s'],
    [3_600_000, '1h'],
    [7_500_000, '2h 5m'],
    [90_000_000, '1d 1h'],
    [999_999_000, '11d 13h'],
    [30 * 86_400_000 - 1000, '29d 23h'],
    [30 * 86_400_000, '30d'],
    [366 * 86_400_000, 'more than a year'],
    [Number.POSITIVE_INFINITY, 'more than a year'],
    [86_400_000, '24h'],
  ])('%d ms reads %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
