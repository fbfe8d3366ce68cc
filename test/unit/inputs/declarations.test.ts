/// <reference types="vite/client" />
// Rules every declared input follows, whatever its endpoint: swept over every declaration in src/api.
import {describe, expect, it} from 'vitest'
import {type AnyInput, checkText, helpText, InputError} from '../../../src/core/input/input.js'

const modules = import.meta.glob<Record<string, unknown>>('../../../src/api/*.ts', {eager: true})

const isInput = (value: unknown): value is AnyInput => typeof value === 'object' && value !== null && typeof (value as AnyInput).parse === 'function' && typeof (value as AnyInput).api === 'string'

/** every exported declaration: an object whose values are all inputs */
const declarations = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isInput))
    .map(([name, value]) => ({name: `${file.split('/').at(-1)} ${name}`, inputs: value as Record<string, AnyInput>})),
)

const refusal = (input: AnyInput, text: string): InputError | undefined => {
  try {
    checkText(input, text)
    return undefined
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
}

describe('every declared input', () => {
  it('is found in src/api', () => {
    expect(declarations.length).toBeGreaterThan(3)
  })

  for (const {name, inputs} of declarations) {
    describe(name, () => {
      it('is keyed by its API name, and its flags are distinct', () => {
        for (const [api, input] of Object.entries(inputs)) expect(input.api).toBe(api)
        const flags = Object.values(inputs).map(input => input.flag)
        expect(new Set(flags).size).toBe(flags.length)
      })

      it('refuses an empty value unless the declaration says what empty means', () => {
        for (const input of Object.values(inputs)) {
          const error = refusal(input, '')
          if (input.empty === undefined || input.boolean) expect(error?.rule, `${input.api} accepts ""`).toMatch(/must not be empty|must be/)
          else expect(error, `${input.api} refuses ""`).toBeUndefined()
        }
      })

      it('never shows a secret in a refusal', () => {
        for (const input of Object.values(inputs).filter(i => i.secret)) {
          const error = refusal(input, 'x'.repeat(100_000) + 'SECRET-VALUE')
          if (error) expect(error.message).not.toContain('SECRET-VALUE')
        }
      })

      it('says in its help what an empty value clears', () => {
        for (const input of Object.values(inputs).filter(i => i.empty === 'clears')) expect(helpText(input)).toContain('"" clears it')
      })
    })
  }
})
