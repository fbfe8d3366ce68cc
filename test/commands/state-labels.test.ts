// The labels section knows what a scope inherits (issue 34): the platform refuses a project or group
// label that an ancestor group has (409, lib/api/helpers/label_helpers.rb) and changes an ancestor's
// label only in its own group, so a plan neither creates, changes nor deletes one from a descendant.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner: SandboxRunOptions = {as: 'owner'}
const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-labels-'))
let files = 0

function stateFile(text: string): string {
  const path = join(folder, `state-${++files}.yaml`)
  writeFileSync(path, `version: 1\n${text}`)
  return path
}

describe("plans over labels an ancestor group has (acme's priority::high, seen by acme/platform/api and acme/platform)", () => {
  it('a project or subgroup entry that repeats it as it is plans nothing: no create the platform would refuse', async () => {
    const file = stateFile(
      'projects:\n  acme/platform/api:\n    labels:\n      priority::high: {color: "#ff0000", description: Needs attention this week}\ngroups:\n  acme/platform:\n    labels:\n      priority::high: {color: "#FF0000"}\n',
    )
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], owner)
    expect(planned.stdout).toContain('No changes')
    expect(planned.code, planned.stderr).toBe(0)
  })

  it('one that differs is an error of the plan, naming the field, and apply sends nothing', async () => {
    const file = stateFile('projects:\n  acme/platform/api:\n    labels:\n      priority::high: {color: "#00ff00"}\n')
    const planned = await sb.run(['plan', '-f', file], owner)
    expect(planned.code).not.toBe(0)
    expect(planned.stdout).toContain('error: project acme/platform/api labels priority::high: inherited from an ancestor group, where it has other color; it can be changed only there')
    const before = sb.sandbox.requests.length
    const applied = await sb.run(['apply', '-f', file, '--yes'], owner)
    expect(applied.code).not.toBe(0)
    expect(sb.sandbox.requests.slice(before).filter(r => r.method !== 'GET')).toEqual([])
  })

  it('prune leaves the inherited label alone, and export writes it in its own group only', async () => {
    const file = stateFile(
      'projects:\n  acme/platform/api:\n    labels:\n      bug: {color: "#d9534f", description: Something is broken, priority: 1}\n      feature: {color: "#5cb85c", description: New functionality}\n    prune: [labels]\n',
    )
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], owner)
    expect(planned.stdout, planned.stderr).toContain('No changes')
    const exported = await sb.run(['export', '-p', 'acme/platform/api', '--sections', 'labels'], owner)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain('bug:')
    expect(exported.stdout).not.toContain('priority::high')
  })
})
