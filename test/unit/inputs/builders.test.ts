// The core of the input model (src/core/input/input.ts, input-read.ts): what every declaration inherits.
import {describe, expect, it} from 'vitest'
import {boolean, checkText, checkValue, declare, integer, list, missingInputs, text} from '../../../src/core/input/input.js'
import {recordInputs} from '../../../src/core/input/input-read.js'

const inputs = declare({
  name: text({arg: true, required: true, description: 'thing name', max: 5}),
  scopes: list({description: 'scopes', options: ['api', 'read_user']}),
  count: integer({description: 'how many', min: 1, max: 3}),
  secret_value: text({description: 'a secret', secret: true, max: 3}),
  enabled: boolean({description: 'on or off'}),
})

describe('checking one value', () => {
  it('names the source and quotes the value, cut when long, never when secret', () => {
    expect(() => checkText(inputs.name, 'toolong')).toThrow('NAME "toolong": must be at most 5 characters, not 7')
    expect(() => checkText(inputs.count, '4', 'record 2: count')).toThrow('record 2: count "4": must be a whole number from 1 to 3')
    expect(() => checkText(inputs.secret_value, 'hunter2')).toThrow(/^--secret-value: must be at most 3 characters, not 7$/)
    expect(() => checkText(inputs.name, 'x'.repeat(100))).toThrow(`NAME "${'x'.repeat(60)}…"`)
  })

  it('names a file instead of quoting its text', () => {
    expect(() => checkText(inputs.name, 'line one\nline two', '--name-file notes.txt', false)).toThrow(/^--name-file notes\.txt: must be at most 5 characters/)
  })

  it('refuses an empty entry of a list from a flag and from a file alike', () => {
    expect(checkText(inputs.scopes, 'api, read_user')).toEqual(['api', 'read_user'])
    expect(() => checkText(inputs.scopes, 'api,,read_user')).toThrow('must not hold an empty entry')
    expect(() => checkValue(inputs.scopes, ['api', ''], 'record 1: scopes')).toThrow(/record 1: scopes "": must not be empty/)
    expect(() => checkText(inputs.scopes, 'api,write')).toThrow('must be one or more of api, read_user')
  })

  it('takes typed values of JSON and YAML records as their text', () => {
    expect(checkValue(inputs.count, 2, 'record 1: count')).toBe(2)
    expect(checkValue(inputs.enabled, false, 'record 1: enabled')).toBe(false)
    expect(() => checkValue(inputs.name, {nested: true}, 'record 1: name')).toThrow('record 1: name: must be text, a number or true/false')
  })
})

describe('a record of a file', () => {
  it('refuses a field the endpoint does not take, naming the fields it does', () => {
    expect(() => recordInputs(inputs, {name: 'a', colour: 'red'}, 3)).toThrow('record 3: unknown field "colour" (fields: name, scopes, count, secret_value, enabled)')
  })

  it('names every missing required field in one message', () => {
    expect(() => recordInputs(inputs, {count: 1}, 2)).toThrow('record 2: missing name (thing name)')
  })

  it('gives the values by API name', () => {
    expect(recordInputs(inputs, {name: 'a', scopes: 'api', count: '3'}, 1)).toEqual({name: 'a', scopes: ['api'], count: 3})
  })
})

describe('the missing message', () => {
  it('is one line naming each input and what it is', () => {
    expect(missingInputs([{label: 'NAME', description: 'label name'}]).message).toBe('missing NAME (label name)')
    expect(
      missingInputs([
        {label: 'NAME', description: 'a'},
        {label: '--b', description: 'b'},
        {label: '--c', description: 'c'},
      ]).message,
    ).toBe('missing NAME (a), --b (b) and --c (c)')
  })
})
