// The one size rule of FORGECTL_MAX_ANSWER_SIZE and `config set max-answer-size`, and the line that
// names the limit when an answer passes it.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {AnswerTooLarge, answerLimit, DEFAULT_MAX_ANSWER_BYTES, formatLimit, MAX_MAX_ANSWER_BYTES, parseSize} from '../../src/core/answer/answer-limit.js'
import {UsageError} from '../../src/core/base/errors.js'

const MiB = 1024 * 1024

describe('parseSize', () => {
  it.each([
    ['100MiB', 100 * MiB],
    ['100 MiB', 100 * MiB],
    ['64m', 64 * MiB],
    ['64M', 64 * MiB],
    ['200MB', 200_000_000],
    ['1.5MiB', 1.5 * MiB],
    ['2048k', 2 * MiB],
    ['2048KiB', 2 * MiB],
    ['1500kB', 1_500_000],
    ['0.25g', 256 * MiB],
    ['0.4GB', 400_000_000],
    ['1048576', MiB],
    ['1048576b', MiB],
    ['500MiB', 500 * MiB],
  ])('%j is %d bytes', (input, bytes) => {
    expect(parseSize(input, 'max-answer-size')).toBe(bytes)
  })

  it.each(['0', '1048575', '1000kB', '501MiB', '1GiB', '1GB', '10x', '5TB', '-5MiB', '', ' ', 'MiB', '1e8', '0x10', 'Infinity', 'NaN', '5 M B'])(
    '%j is refused with exit 2 and one sentence naming the setting',
    input => {
      const call = () => parseSize(input, 'max-answer-size')
      expect(call).toThrow(UsageError)
      expect(call).toThrow(`max-answer-size "${input}": must be a size from 1 MiB to 500 MiB (a number of bytes, or with a unit: 64MiB, 200MB)`)
    },
  )

  it('reads any whole number of bytes in range as itself, and refuses any outside', () => {
    fc.assert(
      fc.property(fc.integer({min: 0, max: 2 * MAX_MAX_ANSWER_BYTES}), bytes => {
        const inRange = bytes >= MiB && bytes <= MAX_MAX_ANSWER_BYTES
        if (inRange) expect(parseSize(String(bytes), 'x')).toBe(bytes)
        else expect(() => parseSize(String(bytes), 'x')).toThrow(UsageError)
      }),
    )
  })

  it('stays below the longest string V8 holds, which an answer is read into', () => {
    expect(MAX_MAX_ANSWER_BYTES).toBeLessThan(0x1fffffe8)
  })
})

describe('answerLimit', () => {
  it('takes FORGECTL_MAX_ANSWER_SIZE, else the profile, else 100 MiB', () => {
    expect(answerLimit({FORGECTL_MAX_ANSWER_SIZE: '8MiB'}, 2 * MiB, 'ci')).toBe(8 * MiB)
    expect(answerLimit({FORGECTL_MAX_ANSWER_SIZE: ''}, 2 * MiB, 'ci')).toBe(2 * MiB)
    expect(answerLimit({}, undefined, 'ci')).toBe(DEFAULT_MAX_ANSWER_BYTES)
    expect(DEFAULT_MAX_ANSWER_BYTES).toBe(100 * MiB)
  })

  it('checks a hand-edited profile as it checks the variable', () => {
    expect(answerLimit({}, '64MiB', 'ci')).toBe(64 * MiB)
    expect(() => answerLimit({}, 99_999_999_999, 'ci')).toThrow('the max-answer-size of profile "ci" "99999999999": must be a size from 1 MiB to 500 MiB')
    expect(() => answerLimit({FORGECTL_MAX_ANSWER_SIZE: 'lots'}, undefined, 'ci')).toThrow('FORGECTL_MAX_ANSWER_SIZE "lots": must be a size')
  })
})

describe('AnswerTooLarge', () => {
  it('names the limit and the setting to raise, at twice the limit', () => {
    expect(new AnswerTooLarge(100 * MiB).explain()).toBe(
      'the answer is larger than the 100 MiB limit for an API answer; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=200MiB, or with `forgectl config set max-answer-size 200MiB`',
    )
  })

  it('with a Content-Length, names the size and suggests a limit that fits it', () => {
    expect(new AnswerTooLarge(100 * MiB, 300_000_000).explain()).toBe(
      'the answer is 300.0 MB (its Content-Length), over the 100 MiB limit for an API answer; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=287MiB, or with `forgectl config set max-answer-size 287MiB`',
    )
  })

  it('past what forgectl reads into memory, points at a download instead', () => {
    const hint = '500 MiB is the most forgectl reads into memory: `forgectl api GET PATH --download FILE` saves an answer of any size'
    expect(new AnswerTooLarge(MAX_MAX_ANSWER_BYTES).explain()).toContain(hint)
    expect(new AnswerTooLarge(100 * MiB, 2 ** 31).explain()).toContain(hint)
  })

  it('suggests a value that parseSize accepts, whatever the limit and size', () => {
    fc.assert(
      fc.property(fc.integer({min: MiB, max: MAX_MAX_ANSWER_BYTES - 1}), fc.option(fc.integer({min: 0, max: MAX_MAX_ANSWER_BYTES})), (limit, declared) => {
        const line = new AnswerTooLarge(limit, declared ?? undefined).explain()
        expect(line).not.toContain('\n')
        const suggested = /FORGECTL_MAX_ANSWER_SIZE=(\S+),/.exec(line)?.[1]
        if (suggested === undefined) return
        const bytes = parseSize(suggested, 'x')
        expect(bytes).toBeGreaterThan(limit)
        expect(bytes).toBeGreaterThanOrEqual(Math.min(MAX_MAX_ANSWER_BYTES, declared ?? 0))
      }),
    )
  })

  it('formats a limit as it was most likely written', () => {
    expect(formatLimit(100 * MiB)).toBe('100 MiB')
    expect(formatLimit(1.5 * MiB)).toBe('1.5 MiB')
    expect(formatLimit(200_000_000)).toBe('200 MB')
    expect(formatLimit(MiB + 1)).toBe('1048577 bytes')
  })
})
