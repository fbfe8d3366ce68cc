// Plans compare feature flags as the platform stores them (issue 34): 100 % is the boolean gate on and
// 0 % off (app/services/admin/set_feature_flag_service.rb), and a percentage is set alone, beside the
// boolean gate (Flipper), so a flag that is on is turned off before it is given a percentage.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {Feature} from '../../src/api/features.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-features-'))
let files = 0

function stateFile(features: string): string {
  const path = join(folder, `state-${++files}.yaml`)
  writeFileSync(path, `version: 1\ninstance:\n  features:\n${features}`)
  return path
}

const flag = async (name: string) => (await sb.api<Feature[]>('GET', '/features', {as: 'admin'})).body.find(f => f.name === name)

describe('plan and apply of feature flags, as the platform stores them', () => {
  it('{percentage_of_actors: 100} is planned as true, applied, and then settled', async () => {
    const file = stateFile('    labels_archive: {percentage_of_actors: 100}\n    maven_virtual_registry: {value: 0, key: percentage_of_time}\n')
    const planned = await sb.run(['plan', '-f', file], admin)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('+ features labels_archive: value true')
    // 0 % is off: a flag no one has set is already so
    expect(planned.stdout).not.toContain('maven_virtual_registry')
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(await flag('labels_archive')).toMatchObject({state: 'on', gates: [{key: 'boolean', value: true}]})
    const again = await sb.run(['plan', '-f', file, '--exit-code'], admin)
    expect(again.stdout).toContain('No changes')
    expect(again.code).toBe(0)
  })

  // the file's every spelling of a whole gate, not only the `{percentage_of_actors: 100}` shorthand: each
  // is stored as the boolean gate, so each must read as it before it is compared (or it never settles)
  it.each(['{value: 100}', '{value: 100.0, key: percentage_of_actors}', '{percentage_of_time: 100.0}', '{value: 0}', '{percentage_of_actors: 0.0}'])(
    '%s is settled by one apply: the next plan shows no change',
    async spelled => {
      const file = stateFile(`    whole_gate_spellings: ${spelled}\n`)
      const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
      expect(applied.code, applied.stderr).toBe(0)
      const again = await sb.run(['plan', '-f', file, '--exit-code'], admin)
      expect(again.stdout, again.stderr).toContain('No changes')
      expect(again.code).toBe(0)
      await sb.api('DELETE', '/features/whole_gate_spellings', {as: 'admin'})
    },
  )

  it('a flag that is on and is given a percentage ends with that percentage alone, and the next plan is empty', async () => {
    await sb.api('POST', '/features/vulnerabilities_pdf_export', {as: 'admin', body: {value: 'true'}})
    const file = stateFile('    vulnerabilities_pdf_export: {percentage_of_actors: 30}\n')
    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(await flag('vulnerabilities_pdf_export')).toMatchObject({
      state: 'conditional',
      gates: [
        {key: 'boolean', value: false},
        {key: 'percentage_of_actors', value: 30},
      ],
    })
    // and from one percentage key to the other: the old gate does not stay behind
    const time = stateFile('    vulnerabilities_pdf_export: {percentage_of_time: 10}\n')
    expect((await sb.run(['apply', '-f', time, '--yes'], admin)).code).toBe(0)
    expect((await flag('vulnerabilities_pdf_export'))?.gates).toEqual([
      {key: 'boolean', value: false},
      {key: 'percentage_of_time', value: 10},
    ])
    expect((await sb.run(['plan', '-f', time, '--exit-code'], admin)).code).toBe(0)
  })
})

describe('a decimal percentage, which the platform takes (set_feature_flag_service.rb, numeric_value?)', () => {
  it('is set by features set, and an export of it plans nothing', async () => {
    const set = await sb.run(['features', 'set', 'sidekiq_throttle_exports', '12.5', '--json'], admin)
    expect(set.code, set.stderr).toBe(0)
    expect(set.json<Feature>().gates).toContainEqual({key: 'percentage_of_time', value: 12.5})
    const exported = await sb.run(['export', '--instance', '--sections', 'features'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toMatch(/sidekiq_throttle_exports:\s+percentage_of_time: 12\.5\n/)
    const path = join(folder, 'exported.yaml')
    writeFileSync(path, exported.stdout)
    const planned = await sb.run(['plan', '-f', path, '--exit-code'], admin)
    expect(planned.stdout, planned.stderr).toContain('No changes')
  })
})

describe('features set with 100 or 0', () => {
  it('sends true or false, leaves --key out and says so', async () => {
    const result = await sb.runCounted(['features', 'set', 'labels_archive', '100', '--key', 'percentage_of_actors', '--dry-run'], admin)
    expect(result.result.code).toBe(0)
    expect(result.result.stderr).toContain('Warning: VALUE 100 turns the flag on for everyone, as the platform stores it; it was sent as true and --key percentage_of_actors left out')
  })

  it('takes 100 and 0 with gate targets, as the platform does', async () => {
    const result = await sb.run(['features', 'set', 'labels_archive', '0', '--user', 'alice', '--json'], admin)
    expect(result.code, result.stderr).toBe(0)
  })
})
