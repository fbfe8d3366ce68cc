// Issue 36: one spelling of a sort, the other its synonym, both ways (src/core/input/sort.ts).
import {describe, expect, it} from 'vitest'
import {TOKEN_FIELDS, TOKEN_SORTS} from '../../src/api/tokens.js'
import {apiSort, fieldSort, sortChoice} from '../../src/core/input/sort.js'

describe('sort spellings', () => {
  it.each([
    ['created_desc', '-created_at'],
    ['created_asc', 'created_at'],
    ['name_desc', '-name'],
    ['-created_at', '-created_at'],
    ['title', 'title'],
    ['colour_desc', 'colour_desc'], // no such field in either form: left for the field check to refuse
  ])('the output sort: %s is %s', (given, field) => {
    expect(fieldSort(given, ['id', 'name', 'title', 'created_at'])).toBe(field)
  })

  it.each([
    ['-created_at', 'created_desc'],
    ['created_at', 'created_asc'],
    ['-last_used_at', 'last_used_desc'],
    ['expires_at', 'expires_asc'],
    ['-name', 'name_desc'],
    ['name_asc', 'name_asc'],
    ['-colour', undefined],
    ['-name_at', undefined], // the tokens have no name_at: name is the field
    ['-created', 'created_desc'], // the word's stem
  ])("an endpoint's sort: %s is %s", (given, word) => {
    expect(apiSort(given, TOKEN_SORTS, TOKEN_FIELDS)).toBe(word)
  })

  it('names the fields of the records in its hint: name, not name_at', () => {
    expect(sortChoice(TOKEN_SORTS, {description: 'order', fields: TOKEN_FIELDS}).hint).toMatch(/^\[-\]FIELD with FIELD one of created_at, expires_at, last_used_at, name \(/)
  })
})
