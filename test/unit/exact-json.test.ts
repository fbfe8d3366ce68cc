// The answer reader against JSON.parse, over any JSON; and the numbers a double cannot hold, over any
// number token: read, then written by every format's writer, they come out as the server sent them.

import {Writable} from 'node:stream'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parseExactJson, parseJsonExactly} from '../../src/core/answer/exact-json.js'
import {type ApiId, compareNumbers, decimalValue, ExactNumber, fitsDouble, jsonText, sameId} from '../../src/core/base/exact-number.js'
import {cellText, inferColumns, recordId, sortRecords} from '../../src/core/output/format.js'
import {Printer} from '../../src/core/output/output.js'

/** a JSON number token of any shape: sign, whole part (0 or no leading zero), fraction, exponent */
const numberToken = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant('0'),
      fc.tuple(fc.integer({min: 1, max: 9}), fc.stringMatching(/^\d{0,30}$/)).map(([first, rest]) => `${first}${rest}`),
    ),
    fc.option(fc.stringMatching(/^\d{1,25}$/), {nil: undefined}),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.oneof(fc.integer({min: 0, max: 400}).map(String), fc.stringMatching(/^\d{1,12}$/))), {nil: undefined}),
  )
  .map(([negative, whole, fraction, exponent]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : exponent.join('')}`)

/** where a double starts to miss: integers near ±2^53, and 15 to 17 significant digits with a point anywhere */
const boundaryToken = fc.oneof(
  fc.bigInt({min: 2n ** 53n - 2000n, max: 2n ** 53n + 2000n}).chain(n => fc.constantFrom(String(n), String(-n))),
  fc.tuple(fc.stringMatching(/^[1-9]\d{14,16}$/), fc.nat({max: 17})).map(([digits, at]) => (at === 0 || at >= digits.length ? digits : `${digits.slice(0, at)}.${digits.slice(at)}`)),
)
const anyNumberToken = fc.oneof(numberToken, boundaryToken)

const integerDigits = fc.bigInt({min: -(10n ** 40n), max: 10n ** 40n}).map(String)

/** the JSON text of any value, compact or indented, with whitespace JSON allows */
const jsonTextOfAnyValue = fc.tuple(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t')).map(([value, indent]) => JSON.stringify(value, null, indent))

describe('parseExactJson and parseJsonExactly read what JSON.parse reads', () => {
  it('the same values for any JSON whose numbers a double holds', () => {
    fc.assert(
      fc.property(jsonTextOfAnyValue, text => {
        expect(parseExactJson(text)).toStrictEqual(JSON.parse(text))
        expect(parseJsonExactly(text)).toStrictEqual(JSON.parse(text))
      }),
      {numRuns: 500},
    )
  })

  it('refuses exactly what JSON.parse refuses, for any text made of JSON characters', () => {
    const jsonish = fc.string({unit: fc.constantFrom(...'{}[]:,"\\ \t\n\r0123456789-+.eEtrufalsn/u\u0000\u001f\u007fx')}).map(s => s.slice(0, 40))
    const broken = fc.tuple(jsonTextOfAnyValue, fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '\\', '0', '-', '.', 'e', '\u0000', '\u001f', '\u007f', ' ')).map(([text, at, insert]) => {
      const i = at % (text.length + 1)
      return text.slice(0, i) + insert + text.slice(i + 1)
    })
    fc.assert(
      fc.property(fc.oneof(jsonish, broken), text => {
        const outcome = (parse: (t: string) => unknown) => {
          try {
            parse(text)
            return 'ok'
          } catch (error) {
            return error instanceof SyntaxError ? 'refused' : `threw ${String(error)}`
          }
        }
        const expected = outcome(JSON.parse)
        expect(outcome(parseExactJson)).toBe(expected)
        expect(outcome(parseJsonExactly)).toBe(expected)
      }),
      {numRuns: 2000},
    )
  })

  it('a key "__proto__" is a field, as JSON.parse makes it', () => {
    const text = `{"__proto__": {"polluted": 9007199254740993}, "id": 1}`
    const record = parseExactJson(text) as Record<string, unknown>
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
    expect(Object.keys(record)).toEqual(['__proto__', 'id'])
    expect(jsonText(record)).toBe(`{"__proto__":{"polluted":9007199254740993},"id":1}`)
  })

  it('reads any depth JSON.parse reads: a hostile answer nested 30,000 deep (recursion ends near 10,000)', () => {
    const depth = 30_000
    let value = parseExactJson(`${'[{"a":'.repeat(depth)}9007199254740993${'}]'.repeat(depth)}`)
    for (let level = 0; level < depth; level++) value = (value as Array<{a: unknown}>)[0]!.a
    expect(value).toEqual(new ExactNumber('9007199254740993'))
  })

  it('escapes in strings are decoded as JSON.parse decodes them', () => {
    const text = String.raw`["a\"b\\c\/d\u00e9\n", "\ud83d\ude00", 12345678901234567]`
    expect(parseExactJson(text)).toEqual(['a"b\\c/d\u00e9\n', '\u{1f600}', new ExactNumber('12345678901234567')])
  })
})

describe('numbers a double cannot hold', () => {
  it.each([
    ['9007199254740993', false], // 2^53 + 1: the double is ...992
    ['9007199254740992', true], // 2^53 prints as sent
    ['-9007199254740993', false],
    ['1e400', false], // Infinity
    ['-1e400', false],
    ['1e-400', false], // 0
    ['0.10000000000000001', false], // the double is 0.1
    ['1000000000000000000000', false], // the double prints 1e+21
    ['1e21', true], // the same value as 1e+21
    ['1.50', true],
    ['1E2', true],
    ['-0', true], // JSON.parse's -0, a zero like any other
    ['0.1', true],
    ['5e-324', true],
  ])('%s fits a double: %s', (token, fits) => {
    expect(fitsDouble(token)).toBe(fits)
    expect(parseJsonExactly(token) instanceof ExactNumber).toBe(!fits)
  })

  it('any integer comes out of every writer with the digits the server sent', () => {
    fc.assert(
      fc.property(integerDigits, digits => {
        const record = parseJsonExactly(`[{"id":${digits},"n":[${digits}]}]`) as Array<Record<string, unknown>>
        expect(jsonText(record)).toBe(`[{"id":${digits},"n":[${digits}]}]`)
        expect(jsonText(record, 2)).toBe(`[\n  {\n    "id": ${digits},\n    "n": [\n      ${digits}\n    ]\n  }\n]`)
        expect(recordId(record[0])).toBe(digits)
        // a bare number is its own handle (`api GET … -q` on an answer that is one ID)
        expect(recordId(parseJsonExactly(digits))).toBe(digits)
        expect(inferColumns(record)).toEqual(['id', 'n'])
        expect(cellText(record[0]!.id)).toBe(digits)
        expect(cellText(record[0]!.n)).toBe(digits)
        expect(cellText(record[0])).toBe(`{"id":${digits},"n":[${digits}]}`)
      }),
      {numRuns: 500},
    )
  })

  it('any number token keeps its value: its own text when a double cannot hold it, else the double', () => {
    fc.assert(
      fc.property(anyNumberToken, token => {
        const value = parseExactJson(token)
        // the fast path gives the same value: JSON.parse only where no number can be lost
        expect(parseJsonExactly(token)).toStrictEqual(value)
        if (value instanceof ExactNumber) expect(jsonText([value])).toBe(`[${token}]`)
        else {
          expect(value).toBe(JSON.parse(token))
          expect(decimalValue(jsonText(value))).toBe(decimalValue(token))
        }
      }),
      {numRuns: 2000},
    )
  })

  it('a string that holds digits stays a string, quoted', () => {
    expect(jsonText(parseJsonExactly(`{"sha":"90071992547409931234","id":9007199254740993}`))).toBe(`{"sha":"90071992547409931234","id":9007199254740993}`)
  })

  it('JSON.stringify outside the writers shows the digits quoted, never a marker', () => {
    expect(JSON.stringify({id: new ExactNumber('9007199254740993')})).toBe('{"id":"9007199254740993"}')
    expect(`${new ExactNumber('9007199254740993')}`).toBe('9007199254740993')
  })

  it('compareNumbers orders any two integers as BigInt does', () => {
    fc.assert(
      fc.property(integerDigits, integerDigits, (a, b) => {
        const x = parseJsonExactly(a) as number | ExactNumber
        const y = parseJsonExactly(b) as number | ExactNumber
        expect(Math.sign(compareNumbers(x, y))).toBe(BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)
      }),
      {numRuns: 1000},
    )
  })

  it('compareNumbers orders numbers a double cannot tell apart, and huge exponents, without arithmetic on them', () => {
    const sorted = ['-1e400', '-9007199254740993', '0.10000000000000001', '0.10000000000000002', '9007199254740992', '9007199254740993', '1e400', '1.5e400', '1e999999999999']
    const values = sorted.map(token => ({v: parseJsonExactly(token)}))
    expect(sortRecords([...values].reverse(), 'v').map(r => String(r.v))).toEqual(sorted.map(t => String(parseJsonExactly(t))))
  })

  it('sameId tells apart IDs a double cannot, and matches an ID as read with its typed digits', () => {
    const big = parseJsonExactly('9007199254740993') as ApiId
    const edge = parseJsonExactly('9007199254740992') as ApiId
    expect(Number(big) === Number(edge)).toBe(true)
    expect(sameId(big, edge)).toBe(false)
    // each answer makes a new ExactNumber: === would call the same ID two records
    expect(sameId(big, parseJsonExactly('9007199254740993') as ApiId)).toBe(true)
    expect(sameId(big, '9007199254740993')).toBe(true)
    expect(sameId(12, '12')).toBe(true)
    expect(sameId(12, 13)).toBe(false)
  })
})

describe('yaml', () => {
  it('writes one number used in two places twice, without an anchor', async () => {
    const id = new ExactNumber('9007199254740993')
    let out = ''
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString('utf8')
        done()
      },
    })
    await new Printer({format: 'yaml', header: true, quiet: false}, {stdout, stderr: stdout, env: {}, now: Date.now}).record({id, same: id, list: [id, 1e21]})
    expect(out).toBe('id: 9007199254740993\nsame: 9007199254740993\nlist:\n  - 9007199254740993\n  - 1e+21\n')
  })
})
