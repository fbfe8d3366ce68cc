import {describe, expect, it} from 'vitest'
import {LABEL_FIELDS} from '../../src/api/labels.js'
import {fieldList} from '../../src/api/record-fields.js'

interface Sample {
  id: number
  name: string
  note?: string | null
}

describe('fieldList', () => {
  it('returns the names as given, at run time', () => {
    expect(fieldList<Sample>()(['id', 'name', 'note'])).toEqual(['id', 'name', 'note'])
    expect(LABEL_FIELDS).toContain('open_issues_count')
  })

  it('is refused by the compiler when a field is missing or invented (npm run typecheck checks these lines)', () => {
    // @ts-expect-error `note` is missing
    fieldList<Sample>()(['id', 'name'])
    // @ts-expect-error `title` is not a field of Sample
    fieldList<Sample>()(['id', 'name', 'note', 'title'])
    expect(true).toBe(true)
  })
})
