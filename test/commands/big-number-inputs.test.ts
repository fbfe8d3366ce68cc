// Issue 23, point 2, from the other side: a number in a --from-file record (JSON or YAML) is sent as
// the file wrote it. A double rounded 12345678901234567891 to 12345678901234567000 and read 1e400 as
// Infinity, and YAML's unquoted `1.10` became the text 1.1: a CI/CD variable got another value than
// the file held, without a word.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {CiVariable} from '../../src/api/ci-variables.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-big-number-inputs-'))
const stored = async (key: string) => (await sb.api<CiVariable>('GET', `/admin/ci/variables/${key}`, {as: 'admin'})).body.value

describe('--from-file numbers are sent as written', () => {
  it.each([
    ['json', (p: string) => `[{"key":"${p}_A","value":12345678901234567891},{"key":"${p}_B","value":1e400},{"key":"${p}_C","value":42}]`],
    ['yaml', (p: string) => `- key: ${p}_A\n  value: 12345678901234567891\n- key: ${p}_B\n  value: 1e400\n- key: ${p}_C\n  value: 42\n- key: ${p}_D\n  value: 1.10\n`],
  ])('a %s file', async (kind, content) => {
    const prefix = `BIG_${kind.toUpperCase()}`
    const file = join(dir, `vars.${kind}`)
    writeFileSync(file, content(prefix))
    const result = await sb.run(['ci-variables', 'create', '--from-file', file, '-q'], {as: 'admin'})
    expect(result.code, result.stderr).toBe(0)
    expect(await stored(`${prefix}_A`)).toBe('12345678901234567891')
    expect(await stored(`${prefix}_B`)).toBe('1e400')
    expect(await stored(`${prefix}_C`)).toBe('42')
    if (kind === 'yaml') expect(await stored(`${prefix}_D`)).toBe('1.10')
  })

  it('a YAML file still refuses a repeated key', async () => {
    const file = join(dir, 'repeated.yaml')
    writeFileSync(file, '- key: REPEATED\n  value: x\n  value: y\n')
    const result = await sb.run(['ci-variables', 'create', '--from-file', file], {as: 'admin'})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/not valid YAML: Map keys must be unique/)
  })
})
