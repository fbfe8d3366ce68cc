import {describe, expect, it} from 'vitest'
import {ENVIRONMENT_SCOPE, maskedValueProblem, VARIABLE_INPUTS} from '../../../src/api/ci-variables.js'
import {LABEL_CHANGES, LABEL_FILTERS, NEW_LABEL} from '../../../src/api/labels.js'
import {ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/

describe('labels inputs', () => {
  ruleTable('new label', NEW_LABEL, [
    ['name', 'bug', {value: 'bug'}],
    ['name', '', EMPTY],
    ['name', '   ', EMPTY],
    ['color', '#d9534f', {value: '#d9534f'}],
    ['color', 'RebeccaPurple', {value: 'RebeccaPurple'}],
    ['color', 'blurple', /must be #RRGGBB .* or a CSS colour name/],
    ['color', '#12', /must be #RRGGBB or #RGB/],
    ['color', '#fff', {value: '#fff'}],
    ['color', '#A0b', {value: '#A0b'}],
    ['color', '#ffff', /must be #RRGGBB or #RGB/],
    ['color', '#ggg', /must be #RRGGBB or #RGB/],
    ['color', '', EMPTY],
    ['description', 'Needs a look', {value: 'Needs a look'}],
    ['description', '', {value: ''}],
    ['priority', '0', {value: 0}],
    ['priority', 'null', {value: null}],
    ['priority', '-1', /whole number, 0 or more/],
    ['priority', 'high', /whole number/],
    ['archived', 'true', {value: true}],
    ['archived', 'maybe', /true or false/],
  ])
  ruleTable('label changes', LABEL_CHANGES, [
    ['new_name', 'needs-triage', {value: 'needs-triage'}],
    ['new_name', '', EMPTY],
    ['color', 'orange', {value: 'orange'}],
    ['color', 'orang', /CSS colour name/],
    ['description', '', {value: ''}],
    ['priority', 'none', {value: null}],
    ['archived', 'false', {value: false}],
  ])
  ruleTable('label filters', LABEL_FILTERS, [
    ['with_counts', 'true', {value: true}],
    ['include_ancestor_groups', 'false', {value: false}],
    ['include_descendant_groups', 'true', {value: true}],
    ['only_group_labels', 'yes', /true or false/],
    ['search', 'bug', {value: 'bug'}],
    ['archived', 'true', {value: true}],
  ])
})

describe('ci-variables inputs', () => {
  ruleTable('variable', VARIABLE_INPUTS, [
    ['key', 'DEPLOY_REGION', {value: 'DEPLOY_REGION'}],
    ['key', 'A'.repeat(255), {value: 'A'.repeat(255)}],
    ['key', 'A'.repeat(256), /at most 255 characters, not 256/],
    ['key', 'BAD-KEY', /only A-Z, a-z, 0-9 and _/],
    ['key', '', EMPTY],
    ['value', '', {value: ''}],
    ['value', 'x'.repeat(10_000), {value: 'x'.repeat(10_000)}],
    ['value', 'x'.repeat(10_001), /at most 10000 characters/],
    ['description', 'd'.repeat(256), /at most 255 characters/],
    ['description', '', {value: ''}],
    ['variable_type', 'file', {value: 'file'}],
    ['variable_type', 'secret', /one of env_var, file/],
    ['masked', 'true', {value: true}],
    ['protected', 'false', {value: false}],
    ['raw', '1', /true or false/],
  ])
})

describe('ci-variables: environment scope and the masked-value rule', () => {
  ruleTable('environment scope', ENVIRONMENT_SCOPE, [
    ['environment_scope', 'production', {value: 'production'}],
    ['environment_scope', 'review/*', {value: 'review/*'}],
    ['environment_scope', 'e'.repeat(256), /at most 255 characters/],
    ['environment_scope', '', EMPTY],
  ])

  it('takes 8 or more characters of the Base64 alphabet and @ : . ~, and anything unmasked', () => {
    for (const value of ['12345678', 'Ab0+/=-_@:.~', 'npm_c2VlZGVkLW5wbS10b2tlbg', 'glpat-xxxxxxxxxxxxxxxxxxxx']) expect(maskedValueProblem({value, masked: true}), value).toBeUndefined()
    for (const masked of [false, undefined]) expect(maskedValueProblem({value: 'a b', masked})).toBeUndefined()
  })

  it('names what breaks the rule, never the value', () => {
    expect(maskedValueProblem({value: '1234567', masked: true})).toMatch(/this one has 7 characters, fewer than 8$/)
    expect(maskedValueProblem({value: 'two words here', masked: true})).toMatch(/this one holds a space$/)
    expect(maskedValueProblem({value: 'line-one\nline-two', masked: true})).toMatch(/this one holds a line break$/)
    expect(maskedValueProblem({value: 'c2VjcmV0LXZhbHVl\n', masked: true})).toMatch(/this one ends with a line break \(a file keeps its last one: write it with printf, not echo\)$/)
    expect(maskedValueProblem({value: 'line-one\nline-two\r\n', masked: true})).toMatch(/this one holds a line break and ends with a line break/)
    expect(maskedValueProblem({value: 'tab\there-x', masked: true})).toMatch(/holds white space$/)
    expect(maskedValueProblem({value: 'pass!word#1', masked: true})).toMatch(/holds "!", "#"$/)
    expect(maskedValueProblem({value: 'zero\u200bwidth', masked: true})).toMatch(/holds U\+200B$/)
    expect(maskedValueProblem({value: 'é!', masked: true})).toMatch(/has 2 characters, fewer than 8 and holds "é", "!"$/)
  })

  it('a raw value (not expanded) may hold any character but white space, as the platform masks it', () => {
    for (const value of ['pa$$word!#', 'mot-de-passé', '%{}[]()<>|"\'', 'zero\u200bwidth']) expect(maskedValueProblem({value, masked: true, raw: true}), value).toBeUndefined()
    expect(maskedValueProblem({value: 'pa$$word!#', masked: true, raw: false})).toMatch(/holds "\$", "!", "#"$/)
    expect(maskedValueProblem({value: 'two words!', masked: true, raw: true})).toBe(
      'cannot be masked: a masked raw value needs at least 8 characters, on one line without white space; this one holds a space',
    )
    expect(maskedValueProblem({value: '$h0rt\n', masked: true, raw: true})).toMatch(/this one has 6 characters, fewer than 8 and ends with a line break/)
  })
})
