// The rules a stored setting shares with its flag (issue 23.11): one parser each, for `--retries`,
// `config set retries` and a value typed into the settings file.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {UsageError} from '../../src/core/base/errors.js'
import {quoted} from '../../src/core/base/escape.js'
import {MAX_RETRIES, PROFILE_KEYS, parseRetries} from '../../src/core/config/config-store.js'
import {InputError} from '../../src/core/input/input.js'

describe('parseRetries', () => {
  it('takes every whole number from 0 to MAX_RETRIES, as typed or with spaces around', () => {
    fc.assert(
      fc.property(fc.integer({min: 0, max: MAX_RETRIES}), fc.constantFrom('', ' '), (n, pad) => {
        expect(parseRetries(`${pad}${n}${pad}`, 'retries')).toBe(n)
      }),
    )
  })

  it('refuses anything else with the same sentence, naming what was given', () => {
    const notRetries = fc.string().filter(text => !/^\s*\d+\s*$/.test(text) || Number(text) > MAX_RETRIES)
    fc.assert(
      fc.property(notRetries, text => {
        expect(() => parseRetries(text, '--retries')).toThrow(new InputError(`--retries ${quoted(text)}`, `must be a whole number from 0 to ${MAX_RETRIES}`))
      }),
    )
    for (const text of ['11', '1000000', '-1', '1.5', '1e3', '0x3', 'three', '']) expect(() => parseRetries(text, 'retries')).toThrow(UsageError)
  })
})

describe('PROFILE_KEYS', () => {
  it('reads a boolean typed as text as the boolean, and refuses one that is neither', () => {
    for (const key of ['insecure', 'allow-http', 'follow-redirects'] as const) {
      expect(PROFILE_KEYS[key].parse('false', key)).toBe(false)
      expect(PROFILE_KEYS[key].parse('yes', key)).toBe(true)
      expect(() => PROFILE_KEYS[key].parse('maybe', key)).toThrow(`${key} "maybe": must be true or false`)
    }
  })
})
