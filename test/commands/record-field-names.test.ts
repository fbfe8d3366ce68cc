// A record's field names are read by one function (declaredField, src/core/input/fields.ts) for
// --from-file records and state files alike (issue 35, item 6a): a field named as a property every
// JavaScript object inherits (`constructor`, `toString`, `__proto__`, …) was taken as known in a
// --from-file record and then silently dropped, while a state file refused it. Both refuse it now, and
// `api -f __proto__=x` sends the field instead of dropping it.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-field-names-'))
let n = 0
const file = (name: string, text: string) => {
  const path = join(dir, `${++n}-${name}`)
  writeFileSync(path, text)
  return path
}

// every name an object inherits, and a plain unknown one beside them
const INHERITED = [...Object.getOwnPropertyNames(Object.prototype), 'nonsense']

describe('a field named as an inherited property', () => {
  it('is refused in a --from-file record of any format, nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...INHERITED), fc.constantFrom('json', 'yaml', 'csv'), async (field, format) => {
        const text =
          format === 'json'
            ? `[{"name": "x1", "color": "#ff0000", ${JSON.stringify(field)}: "v"}]`
            : format === 'yaml'
              ? `- name: x1\n  color: "#ff0000"\n  ${JSON.stringify(field)}: v\n`
              : `name,color,${field}\nx1,#ff0000,v\n`
        const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file(`records.${format}`, text), '-p', 'acme/website'], {as: 'admin'})
        expect(result.code, `${field} in ${format}: ${result.stderr}`).toBe(2)
        expect(result.stderr).toContain(`unknown field "${field}"`)
        expect(requests).toBe(0)
      }),
      {numRuns: 40},
    )
  }, 120_000)

  it('is refused in a state file the same way', async () => {
    for (const field of ['constructor', 'toString', '__proto__']) {
      const state = file('state.yaml', `version: 1\nprojects:\n  acme/website:\n    labels:\n      x1: {color: "#ff0000", ${JSON.stringify(field)}: v}\n`)
      const result = await sb.run(['plan', '-f', state], {as: 'admin'})
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toContain('unknown field')
    }
  })

  it('is a field like any other in api -f', async () => {
    const result = await sb.run(['api', 'POST', '/projects/21/labels', '-f', 'name=proto-x', '-f', 'color=#00ff00', '-f', '__proto__=sent', '--dry-run'], {as: 'admin'})
    expect(result.stderr).toContain('"__proto__":"sent"')
  })
})
