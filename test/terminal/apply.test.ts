// `forgectl apply` on a real terminal (tmux): the plan on the screen, then a question; a "no" changes
// nothing, a "yes" makes the changes and reports each (issue 28, point 2).
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {sandboxTerminals} from '../helpers/terminal.js'

const sb = useSandbox()
const terminal = sandboxTerminals(sb, TOKENS.developer)

describe('apply on a terminal', () => {
  it('shows the plan and asks; "no" sends nothing, "yes" applies and reports each change', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-apply-tty-')), 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  acme/platform/api:\n    labels:\n      from-a-file: {color: teal}\n')
    const no = await terminal(['apply', '-f', file])
    const asked = await no.waitFor('Apply 1 change?')
    expect(asked).toContain('+ labels from-a-file: color "teal"')
    await no.type('n')
    await no.press('Enter')
    expect(await no.exitCode()).toBe(1)
    expect(await no.screen()).toContain('cancelled, nothing was changed')
    expect((await sb.api('GET', '/projects/20/labels/from-a-file')).status).toBe(404)

    const yes = await terminal(['apply', '-f', file])
    await yes.waitFor('Apply 1 change?')
    await yes.type('y')
    await yes.press('Enter')
    expect(await yes.exitCode()).toBe(0)
    expect(await yes.screen()).toMatch(/done {8}\+ project acme\/platform\/api labels from-a-file/)
    expect((await sb.api('GET', '/projects/20/labels/from-a-file')).status).toBe(200)
  })
})
