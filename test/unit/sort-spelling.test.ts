// Issue 36: one spelling of a sort, the other its synonym, both ways (src/core/input/sort.ts).
import {describe, expect, it} from 'vitest'
import {TOKEN_SORTS} from '../../src/api/tokens.js'
import {apiSort, fieldSort} from '../../src/core/input/sort.js'

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
  ])("an endpoint's sort: %s is %s", (given, word) => {
    expect(apiSort(given, TOKEN_SORTS)).toBe(word)
  })
})
