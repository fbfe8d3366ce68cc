// --jq prints strings raw: exactly into a pipe (test/commands/jq.test.ts), but on a terminal a name
// from the server must not clear the screen.
import {afterEach, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const sessions: TerminalSession[] = []

afterEach(async () => {
  await Promise.all(sessions.splice(0).map(s => s.close()))
})

describe.runIf(await hasTmux())('--jq on a terminal', () => {
  it('shows the escapes of a raw string instead of obeying them', async () => {
    await sb.api('POST', '/projects/20/labels', {body: {name: 'jq\u001b[2J\u001b[Hgone\u0007', color: 'red'}})
    const t = await TerminalSession.start(['labels', 'list', '-p', '20', '--jq', '.[].name'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.developer,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    sessions.push(t)
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    expect(screen).toContain('jq\\e[2J\\e[Hgone\\a')
    expect(screen).toContain('bug\n') // the other names are still on the screen
  })
})
