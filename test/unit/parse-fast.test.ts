// The fast reader of large YAML texts (js-yaml, src/core/input/parse-core.ts), issue 35: a state file
// of 100,000 projects took 14 s in yaml alone. It must read every text exactly as yaml reads it (the
// same data, numbers in each mode, the same refusal with yaml's words, line and column, since a text it
// does not take is read by yaml), and it must take the common case (else nothing is faster).
import fc from 'fast-check'
import * as jsYaml from 'js-yaml'
import {describe, expect, it} from 'vitest'
import * as yaml from 'yaml'
import {type ParseOptions, parseCore} from '../../src/core/input/parse-core.js'

const MODES: Array<ParseOptions['numbers']> = ['text', 'exact', 'value']
const options = (numbers: ParseOptions['numbers']): ParseOptions => ({json: false, numbers, limits: {depth: 8, items: 400}})

/** both readers' results, the fast one without its mark */
function both(text: string, numbers: ParseOptions['numbers']) {
  const slow = parseCore(yaml, text, options(numbers))
  const quick = parseCore(yaml, text, options(numbers), jsYaml)
  const fast = 'fast' in quick
  if ('fast' in quick) delete quick.fast
  return {slow, quick, fast}
}

const SCALARS = [
  '1.10',
  '007',
  '0x1F',
  '0o17',
  '1e3',
  '1e400',
  '+1',
  '-0',
  '.5',
  '1.',
  '.inf',
  '-.Inf',
  '.NaN',
  '12345678901234567891',
  '1_000',
  '0b11',
  'true',
  'False',
  'yes',
  '~',
  'null',
  '',
  'a b',
  '"q"',
  "'s'",
  '"\\u00e9"',
  '2001-12-14',
  '<<',
  '__proto__',
  'constructor',
  '#x',
  '- a',
  'a: b',
  '!!str 1',
  '!!int 2',
  '&a x',
  '*a',
  '|',
  '?',
  '%x',
  '"',
  'é',
  '\t1',
  '# c',
  'x # c',
  '|\n  line',
  '>-\n  a\n  b',
  '"a\n  b"',
  '&b [1]',
  '*b',
  '? k',
  'k: &c v',
  '0',
  '-1',
  '1.0e+3',
  '::',
  'a:b',
  '\u2028',
  '-',
]

/** a YAML text of nested mappings and lists, its scalars written raw (some of them not valid YAML) */
const document = fc.letrec<{node: string}>(tie => ({
  node: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    fc.constantFrom(...SCALARS),
    fc.array(fc.tuple(fc.constantFrom(...SCALARS), tie('node')), {maxLength: 4}).map(pairs => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    fc.array(tie('node'), {maxLength: 4}).map(items => `[${items.join(', ')}]`),
  ),
})).node

const block = fc
  .array(fc.tuple(fc.nat(2), fc.constantFrom(...SCALARS), fc.oneof(fc.constantFrom(...SCALARS), document), fc.boolean()), {minLength: 1, maxLength: 8})
  .chain(lines => fc.constantFrom('\n', '\r\n').map(eol => lines.map(([indent, key, value, item]) => `${'  '.repeat(indent)}${item ? '- ' : ''}${key}:${value === '' ? '' : ` ${value}`}`).join(eol)))

describe('the fast reader of large YAML texts', () => {
  it('reads every text as yaml does, or leaves it to yaml (data, numbers in every mode, refusals)', () => {
    fc.assert(
      fc.property(fc.oneof(block, document, fc.stringMatching(/^[-\s\w:[\]{},&*!|>'"#%@`?.\\]{0,60}$/), fc.string({unit: 'binary', maxLength: 40})), fc.constantFrom(...MODES), (text, numbers) => {
        const {slow, quick} = both(text, numbers)
        expect(quick).toEqual(slow)
      }),
      // 1,000 texts by default (RUNS=... for more): 3,000 took 4 s alone and 73 s on a loaded machine, past the limit
      {numRuns: Number(process.env.RUNS ?? 1000)},
    )
  }, 240_000)

  it('takes the common case: a state file, numbers and all, and keys given twice are still refused with their line', () => {
    const state = [
      'version: 1',
      'projects:',
      '  fleet/p1:',
      '    labels:',
      '      bug: {color: "#d9534f", description: Broken}',
      '    variables:',
      '      VERSION: 1.10',
      '      COUNT: 7',
      '      __proto__: x',
    ]
    for (const numbers of MODES) {
      const {slow, quick, fast} = both(state.join('\n'), numbers)
      expect(fast).toBe(true)
      expect(quick).toEqual(slow)
    }
    const twice = both([...state, '      COUNT: 8'].join('\n'), 'text')
    expect(twice.fast).toBe(false)
    expect(twice.quick).toEqual({problem: 'syntax', message: 'is not valid YAML: Map keys must be unique at line 10, column 7'})
  })
})
