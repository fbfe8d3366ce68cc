import {describe, expect, it} from 'vitest'
import {ExactNumber} from '../../src/core/base/exact-number.js'
import {pickFields, pickPage} from '../../src/core/output/pick-fields.js'

const feature = {
  name: 'a',
  state: 'on',
  gates: [
    {key: 'boolean', value: true},
    {key: 'actors', value: 3},
  ],
  definition: {type: 'beta', milestone: '17.0'},
  user: null,
}

describe('pickFields', () => {
  it('keeps the named fields, in the order named, and nothing else', () => {
    const picked = pickFields(feature, ['state', 'name'])
    expect(picked).toEqual({state: 'on', name: 'a'})
    expect(Object.keys(picked as object)).toEqual(['state', 'name'])
  })

  it('keeps a nested field inside its parent, through lists of objects too', () => {
    expect(pickFields(feature, ['definition.type', 'name', 'gates.key'])).toEqual({definition: {type: 'beta'}, name: 'a', gates: [{key: 'boolean'}, {key: 'actors'}]})
    expect(Object.keys(pickFields(feature, ['definition.type', 'name']) as object)).toEqual(['definition', 'name'])
  })

  it('gathers several paths under one parent, and a whole field wins over its parts', () => {
    expect(pickFields(feature, ['definition.type', 'definition.milestone'])).toEqual({definition: {type: 'beta', milestone: '17.0'}})
    expect(pickFields(feature, ['definition.type', 'definition'])).toEqual({definition: {type: 'beta', milestone: '17.0'}})
    expect(pickFields(feature, ['definition', 'definition.type'])).toEqual({definition: {type: 'beta', milestone: '17.0'}})
    expect(pickFields(feature, ['name', 'name'])).toEqual({name: 'a'})
  })

  it('leaves a missing field absent and a null parent null', () => {
    expect(pickFields(feature, ['name', 'nope'])).toEqual({name: 'a'})
    expect(pickFields(feature, ['user.username'])).toEqual({user: null})
    expect(pickFields({user: {id: 1}}, ['user.username'])).toEqual({user: {}})
  })

  it('returns values that are not records as they are, and prunes every record of a list', () => {
    const big = new ExactNumber('123456789012345678901234567890')
    expect(pickFields(big, ['id'])).toBe(big)
    expect(pickFields('text', ['id'])).toBe('text')
    expect(pickFields(null, ['id'])).toBe(null)
    expect(pickFields([{id: big, name: 'x'}, 'y'], ['id'])).toEqual([{id: big}, 'y'])
    expect(pickPage([feature, {name: 'b', state: 'off'}], ['name'])).toEqual([{name: 'a'}, {name: 'b'}])
  })

  it('keeps a field named __proto__ a field, never the prototype', () => {
    const record = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as unknown
    const picked = pickFields(record, ['__proto__', 'id']) as Record<string, unknown>
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype)
    expect(Object.hasOwn(picked, '__proto__')).toBe(true)
    expect((picked as {polluted?: boolean}).polluted).toBeUndefined()
  })
})
