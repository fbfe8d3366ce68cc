// Which known value a refused one names: near slips only, a case slip included, never a far one.
import {describe, expect, it} from 'vitest'
import {didYouMean, nearValues} from '../../../src/core/input/did-you-mean.js'

const SCOPES = ['api', 'read_api', 'read_user', 'read_repository', 'write_repository', 'sudo', 'self_rotate']
const TYPES = ['conan', 'generic', 'helm', 'maven', 'npm', 'nuget', 'pypi']

describe('nearValues', () => {
  it.each([
    ['apii', SCOPES, ['api']],
    ['API', SCOPES, ['api']],
    ['aip', SCOPES, ['api']],
    ['read_repositry', SCOPES, ['read_repository']],
    ['sudoo', SCOPES, ['sudo']],
    ['selfrotate', SCOPES, ['self_rotate']],
    ['mvn', TYPES, []],
    ['gem', TYPES, []],
    ['everything', SCOPES, []],
    ['', SCOPES, []],
  ] as const)('%s', (typed, known, expected) => {
    expect(nearValues(typed, known)).toEqual(expected)
  })

  it('names every value at the same least distance', () => {
    expect(nearValues('read_usr', ['read_user', 'read_api', 'read_us'])).toEqual(['read_user', 'read_us'])
    expect(nearValues('nuge', ['nuget', 'huge'])).toEqual(['nuget', 'huge'])
  })
})

describe('didYouMean', () => {
  it('is a clause to append to a rule, or nothing', () => {
    expect(didYouMean('apii', SCOPES)).toBe('; did you mean api?')
    expect(didYouMean('nuge', ['nuget', 'huge'])).toBe('; did you mean nuget or huge?')
    expect(didYouMean('zzz', SCOPES)).toBe('')
  })
})
