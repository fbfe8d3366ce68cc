// `forgectl sandbox` on a real terminal (tmux): Ctrl-C, the way a person stops it, ends it
// at once with exit 0 and a last line saying so, and the shell gets its terminal back. "At once" is
// an ordering, not a clock (issue 36): the sandbox never ends by itself, so its ending with exit 0 and
// the stopped line proves Ctrl-C was heard.
import {afterEach, describe, expect, it} from 'vitest'
import {TerminalSession} from '../helpers/terminal.js'

const sessions: TerminalSession[] = []
/** a sandbox still running this long after Ctrl-C ignored it: a safety net, never a measure */
const IGNORED_MS = 30_000

afterEach(async () => {
  await Promise.all(sessions.splice(0).map(s => s.close()))
})

describe('forgectl sandbox on a terminal', () => {
  it('shows its URL and tokens, and stops on Ctrl-C with exit 0', async () => {
    const t = await TerminalSession.start(['sandbox'], {TERM: 'xterm-256color'})
    sessions.push(t)
    const screen = await t.waitFor('Ctrl-C stops it')
    expect(screen).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/m)
    expect(screen).toContain('developer sandbox-developer-token')
    await t.press('C-c')
    expect(await t.exitCode(IGNORED_MS)).toBe(0)
    const after = await t.screen()
    expect(after).toContain('Sandbox stopped (SIGINT).')
    expect(after).not.toContain('Error')
  })
})
