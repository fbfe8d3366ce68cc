// plan and apply --sections (issue 37, item 6; STATE.md "--sections limits the references that must
// resolve to the sections planned"): a run over the labels of a file does not need the secrets of its
// variables in the environment, reads nothing of the other sections, and never prunes one it does not plan.
import {describe, expect, it} from 'vitest'
import {requestsOf as requestsOfSandbox, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const requestsOf = (run: () => Promise<unknown>) => requestsOfSandbox(sb, run)
const {folder, stateFile} = stateFiles('state-sections')
const admin: SandboxRunOptions = {as: 'admin', cwd: folder}

const FILE =
  'projects:\n  acme/website:\n    labels:\n      sections-only: {color: "#0000ff"}\n'
  + '    variables:\n      CDN_TOKEN: {value: {env: STATE_UNSET_CDN_TOKEN}, masked: true}\n      SECRET_FILE: {value: {file: no-such-file.pem}}\n'
  + '    prune: [labels, variables]\n'

describe('--sections', () => {
  it("plans the sections named, reads no reference of the others and nothing of the others' lists", async () => {
    const file = stateFile(FILE)
    // without it, the unset secret is refused before any request
    const whole = await sb.run(['plan', '-f', file], admin)
    expect(whole.code).toBe(2)
    expect(whole.stderr).toContain('variables.CDN_TOKEN.value: environment variable STATE_UNSET_CDN_TOKEN is not set')

    let planned = whole
    const requests = await requestsOf(async () => {
      planned = await sb.run(['plan', '-f', file, '--sections', 'labels', '--json'], admin)
    })
    expect(planned.code, planned.stderr).toBe(0)
    const changes = planned.json<{changes: Array<{section: string; id: string; action: string}>}>().changes
    expect(changes.filter(change => change.section !== 'labels')).toEqual([])
    expect(changes).toContainEqual(expect.objectContaining({section: 'labels', id: 'sections-only', action: 'create'}))
    expect(requests.filter(request => request.includes('/variables'))).toEqual([])
  })

  it('apply --sections changes that section only: prune: [variables] deletes no variable it does not plan', async () => {
    const file = stateFile(FILE)
    const before = (await sb.api<unknown[]>('GET', '/projects/21/variables?per_page=100', {as: 'admin'})).body.length
    const applied = await sb.run(['apply', '-f', file, '--sections', 'labels', '--yes', '--max-deletes', '100'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toMatch(/^done {8}\+ project acme\/website labels sections-only$/m)
    expect(applied.stdout).not.toContain('variables')
    expect((await sb.api<unknown[]>('GET', '/projects/21/variables?per_page=100', {as: 'admin'})).body.length).toBe(before)
    expect((await sb.run(['plan', '-f', file, '--sections', 'labels', '--exit-code'], admin)).code).toBe(0)
  })

  it.each([
    [['plan', '--sections', 'lables'], /^Error: --sections "lables": not a section \(sections: .*\); did you mean labels\?\n$/],
    [['plan', '--sections', ' , '], /^Error: --sections: name at least one section \(labels,variables\)\n$/],
    [['apply', 'saved.plan', '--sections', 'labels', '--yes'], /^Error: --sections limits a state file \(-f\); a saved PLAN is applied whole: plan with --sections instead\n$/],
  ])('refuses %j, exit 2, before any request', async (args, message) => {
    const file = stateFile(FILE)
    const command = args[0] === 'apply' ? args : [...args, '-f', file]
    const requests = await requestsOf(async () => {
      const result = await sb.run(command, admin)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(message)
    })
    expect(requests).toEqual([])
  })
})
