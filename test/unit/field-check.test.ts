import {describe, expect, it} from 'vitest'
import {checkedPages, checkFieldNames, recordFields, sortField, unknownField} from '../../src/core/output/field-check.js'
import {columnValue} from '../../src/core/output/format.js'

const features = [
  {name: 'a', state: 'on', gates: [{key: 'boolean', value: true}], definition: null},
  {name: 'b', state: 'off', gates: [], definition: {type: 'beta', milestone: '17.0'}, user: {id: 1, username: 'ann'}},
]

describe('recordFields', () => {
  it("is the union of the records' keys, in the order first seen", () => {
    expect(recordFields(features)).toEqual(['name', 'state', 'gates', 'definition', 'user'])
    expect(recordFields([])).toEqual([])
  })
})

describe('unknownField', () => {
  it('accepts a field some record has, and lists the fields for one none has', () => {
    expect(unknownField('user', features)).toBeUndefined()
    expect(unknownField('nonexistent', features)).toBe('no field "nonexistent"; available: name, state, gates, definition, user')
  })

  it('follows dotted paths into objects and into arrays of objects', () => {
    expect(unknownField('user.username', features)).toBeUndefined()
    expect(unknownField('definition.type', features)).toBeUndefined()
    expect(unknownField('gates.key', features)).toBeUndefined()
    expect(unknownField('user.login', features)).toBe('no field "user.login"; available: user.id, user.username')
    expect(unknownField('gates.nope', features)).toBe('no field "gates.nope"; available: gates.key, gates.value')
    expect(unknownField('name.first', features)).toBe('"name" has no fields')
  })

  it('accepts a path into an object no record shows (null everywhere)', () => {
    expect(unknownField('definition.type', [{definition: null}])).toBeUndefined()
  })

  it('for an empty list, checks the first segment against the record type, and accepts anything without one', () => {
    expect(unknownField('name', [], ['id', 'name'])).toBeUndefined()
    expect(unknownField('user.username', [], ['id', 'user'])).toBeUndefined()
    expect(unknownField('nope', [], ['id', 'name'])).toBe('no field "nope"; available: id, name')
    expect(unknownField('nope', [])).toBeUndefined()
  })
})

describe('checkFieldNames', () => {
  it('throws a usage error (exit 2) naming the flag', () => {
    expect(() => checkFieldNames('--sort', ['nope'], features)).toThrow(expect.objectContaining({exitCode: 2, message: expect.stringMatching(/^--sort: no field "nope"/)}))
    expect(() => checkFieldNames('--columns', ['name', 'gates.key'], features)).not.toThrow()
  })

  it('sortField drops the descending sign', () => {
    expect(sortField('-created_at')).toBe('created_at')
    expect(sortField('name')).toBe('name')
  })
})

describe('checkedPages', () => {
  it('checks the first page before handing it on, and an empty list with no records', async () => {
    const seen: number[] = []
    async function* pages() {
      yield [{id: 1}]
      yield [{id: 2}]
    }
    const out: unknown[][] = []
    for await (const page of checkedPages(pages(), records => seen.push(records.length))) out.push(page)
    expect(out).toEqual([[{id: 1}], [{id: 2}]])
    expect(seen).toEqual([1])
    async function* none(): AsyncGenerator<unknown[]> {}
    const checks: number[] = []
    for await (const _ of checkedPages(none(), records => checks.push(records.length))) void _
    expect(checks).toEqual([0])
  })
})

describe('columnValue through arrays', () => {
  it("gives each element's value: gates.key", () => {
    expect(columnValue(features[0], 'gates.key')).toEqual(['boolean'])
    expect(columnValue(features[1], 'user.username')).toBe('ann')
  })
})
