// `forgectl sandbox` on a real terminal (tmux): Ctrl-C, the way a person stops it, ends it within
// about a second with exit 0 and a last line saying so, and the shell gets its terminal back.
import {afterEach, describe, expect, it} from 'vitest'
import {TerminalSession} from '../helpers/terminal.js'

const sessions: TerminalSession[] = []
/** "within about a second", with room for tmux's own polling */
const PROMPTLY_MS = 1500

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
    const pressed = Date.now()
    await t.press('C-c')
    expect(await t.exitCode(5000)).toBe(0)
    expect(Date.now() - pressed).toBeLessThan(PROMPTLY_MS)
    const after = await t.screen()
    expect(after).toContain('Sandbox stopped (SIGINT).')
    expect(after).not.toContain('Error')
  })
})
