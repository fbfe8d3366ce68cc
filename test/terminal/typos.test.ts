// On a terminal, a mistyped command is refused exactly as in a pipe: no question, nothing run. And the
// screen shows the escapes of a hostile label name instead of obeying them.
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {hasTmux, sandboxTerminals} from '../helpers/terminal.js'

const sb = useSandbox()
const terminals = sandboxTerminals(sb, TOKENS.developer)
const terminal = (args: string[], token: string = TOKENS.developer) => terminals(args, {FORGECTL_TOKEN: token})

describe.runIf(await hasTmux())('on a terminal', () => {
  it('a mistyped command asks nothing and runs nothing', async () => {
    const hooks = (await sb.api<unknown[]>('GET', '/hooks', {as: 'admin'})).body.length
    const requests = sb.sandbox.requests.length
    const t = await terminal(['tokens', 'delete', '1012', '-y'], TOKENS.admin)
    expect(await t.exitCode()).toBe(2)
    const screen = await t.screen()
    expect(screen).toContain('Error: unknown command "tokens delete"\nRun forgectl help for the list of commands.\n[exit 2]')
    expect(screen).not.toContain('?')
    expect(sb.sandbox.requests.length).toBe(requests)
    expect((await sb.api<unknown[]>('GET', '/hooks', {as: 'admin'})).body).toHaveLength(hooks)
  })

  it('a near miss is named, not offered', async () => {
    const t = await terminal(['lables', 'list', '-p', '20'])
    expect(await t.exitCode()).toBe(2)
    expect(await t.screen()).toContain('Error: unknown command "lables list"\nDid you mean: forgectl labels list\n[exit 2]')
  })

  it('a label name that would clear the screen is shown escaped in the table', async () => {
    await sb.api('POST', '/projects/20/labels', {body: {name: 'tty\u001b[2J\u001b[Hgone\u0007', color: 'red'}})
    const t = await terminal(['labels', 'list', '-p', '20', '--columns', 'name'])
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    expect(screen).toContain('tty\\e[2J\\e[Hgone\\a')
    expect(screen).toContain('bug') // the rest of the table is still on the screen
  })
})
