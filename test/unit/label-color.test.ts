// Label colours compared as colours (src/api/label-color.ts): how a file writes one and how a server
// answers with it may differ in form only.
import {describe, expect, it} from 'vitest'
import {canonicalColor, isLabelColor, sameLabelColor} from '../../src/api/label-color.js'

describe('label colours', () => {
  it('a CSS name, #RGB and #RRGGBB in any case are one form: #rrggbb', () => {
    expect(canonicalColor('Red')).toBe('#ff0000')
    expect(canonicalColor('#FFF')).toBe('#ffffff')
    expect(canonicalColor('#D9534F')).toBe('#d9534f')
    expect(canonicalColor('rebeccapurple')).toBe('#663399')
    expect(canonicalColor('not-a-colour')).toBe('not-a-colour')
  })

  it('the same colour however written, and only then', () => {
    expect(sameLabelColor('red', '#FF0000')).toBe(true)
    expect(sameLabelColor('white', '#fff')).toBe(true)
    expect(sameLabelColor('grey', 'gray')).toBe(true)
    expect(sameLabelColor('red', '#fe0000')).toBe(false)
    expect(sameLabelColor('#abc', '#abd')).toBe(false)
  })

  it('every name the rule takes has a value', () => {
    for (const name of ['aliceblue', 'yellowgreen', 'orange', 'transparent']) expect(isLabelColor(name) ? canonicalColor(name).startsWith('#') : name === 'transparent').toBe(true)
  })
})
