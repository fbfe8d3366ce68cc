// The pieces of issue 23 point 7 that are pure: which fields a declaration makes secret, hiding them at
// any depth, and finding a secret flag's value on a raw command line (oclif's parse errors quote it).
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {VARIABLE_INPUTS, VARIABLE_KEY} from '../../src/api/ci-variables.js'
import {HOOK_CHANGES, NEW_HOOK, URL_VARIABLE} from '../../src/api/hooks.js'
import {hideFields, REDACTED, scrubStrings, valuesUnder} from '../../src/core/base/redact.js'
import {secretFieldsOf} from '../../src/core/input/input.js'
import {argsOf, flagsOf, secretFieldsOfCommand, secretFlagValues} from '../../src/core/input/input-flags.js'

describe('secret fields come from the declarations', () => {
  it('names the API fields of the inputs marked secret', () => {
    expect(secretFieldsOf(VARIABLE_INPUTS)).toEqual(['value'])
    expect(secretFieldsOf(VARIABLE_KEY)).toEqual([])
    expect(secretFieldsOf(NEW_HOOK).sort()).toEqual(['token', 'url'])
    expect(secretFieldsOf(URL_VARIABLE)).toEqual(['value'])
  })

  it("a command's flags and arguments derived from declarations say what it hides; other flags nothing", () => {
    expect(secretFieldsOfCommand(flagsOf(VARIABLE_INPUTS), argsOf(VARIABLE_INPUTS))).toEqual(['value'])
    expect(secretFieldsOfCommand(undefined, argsOf(VARIABLE_KEY))).toEqual([])
    expect(secretFieldsOfCommand({}, argsOf(URL_VARIABLE))).toEqual(['value'])
    expect(secretFieldsOfCommand(flagsOf(HOOK_CHANGES)).sort()).toEqual(['token', 'url'])
  })
})

const json = fc.jsonValue()
const FIELDS = ['value', 'url']

describe('hideFields', () => {
  it('leaves no text under a secret field, at any depth, and changes nothing else', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(...FIELDS), fc.string({minLength: 1}), (data, field, secret) => {
        const wrapped = {result: data, list: [{[field]: secret, other: 1}], [field]: secret}
        const hidden = hideFields(wrapped, FIELDS)
        expect(valuesUnder(hidden, FIELDS).every(v => v === REDACTED)).toBe(true)
        expect(JSON.stringify(hideFields(data, []))).toBe(JSON.stringify(data))
        expect((hidden as {list: Array<{other: number}>}).list[0]!.other).toBe(1)
      }),
    )
  })

  it('keeps an empty or null value: it hides nothing', () => {
    expect(hideFields({value: '', url: null, key: 'K'}, FIELDS)).toEqual({value: '', url: null, key: 'K'})
    expect(hideFields([{value: 'x'}, {nested: {value: 3}}], FIELDS)).toEqual([{value: REDACTED}, {nested: {value: REDACTED}}])
  })
})

describe('scrubStrings', () => {
  it('takes a known secret out of every text of a record', () => {
    expect(scrubStrings({description: 'was s3cr3t-value!', tags: ['s3cr3t-value'], n: 1}, ['s3cr3t-value'])).toEqual({description: `was ${REDACTED}!`, tags: [REDACTED], n: 1})
  })
})

describe('secretFlagValues', () => {
  const flags = flagsOf(VARIABLE_INPUTS)
  it.each([
    [['KEY', '--value', 'S1'], [{flag: '--value', value: 'S1'}]],
    [['KEY', '--value=S2', '--masked'], [{flag: '--value', value: 'S2'}]],
    [['KEY', '--value-file', 'path', '--description', 'd'], []],
    [['KEY', '--description', '--value'], []],
  ])('%j', (argv, found) => {
    expect(secretFlagValues(flags, argv)).toEqual(found)
  })
})
