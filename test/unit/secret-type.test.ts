// A secret is a type (issue 35, item 1): whatever a Secret holds, every way a value becomes text shows
// the marker, and only reveal (the request path's) gives the value back.
import {inspect} from 'node:util'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {stringify} from 'yaml'
import {reveal, revealDeep, revealedValues, SECRET_MARKER, Secret, secret} from '../../src/core/base/secret.js'

// a value no marker or key name contains by chance
const hidden = fc.string({minLength: 1}).map(text => `zq${text}xj`)

describe('a Secret prints as its marker', () => {
  it('in String(), a template literal, +, JSON, YAML, util.inspect (even showHidden), an error and its stack', () => {
    fc.assert(
      fc.property(hidden, value => {
        const held = new Secret(value)
        const record = {description: held, nested: [{token: held}]}
        const texts = [
          String(held),
          `${held}`,
          '' + held,
          JSON.stringify(record),
          stringify(record),
          inspect(record, {showHidden: true, depth: 10}),
          new Error(`refused: ${held}`).message,
          new Error(`refused: ${held}`).stack ?? '',
          Object.keys(held).join(','),
        ]
        for (const text of texts) expect(text).not.toContain(value)
        expect(String(held)).toBe(SECRET_MARKER)
        expect(JSON.parse(JSON.stringify(record))).toEqual({description: SECRET_MARKER, nested: [{token: SECRET_MARKER}]})
      }),
    )
  })

  it('gives its value back through reveal only, at any depth of a body; a body without secrets is the same object', () => {
    fc.assert(
      fc.property(hidden, fc.jsonValue(), (value, other) => {
        const body = {a: secret(value), b: [secret(value), other], c: {d: secret(value)}}
        expect(revealDeep(body)).toEqual({a: value, b: [value, other], c: {d: value}})
        expect(revealedValues(body)).toEqual([value, value, value])
        expect(reveal(secret(value))).toBe(value)
        const plain = {other}
        expect(revealDeep(plain)).toBe(plain)
      }),
    )
  })

  it('leaves nothing to hide as it is: null and undefined are not secrets', () => {
    expect(secret(null)).toBeNull()
    expect(secret(undefined)).toBeUndefined()
    const held = secret('x')
    expect(secret(held)).toBe(held)
  })
})
