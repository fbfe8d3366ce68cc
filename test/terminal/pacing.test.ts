// Issue 29, point 1, on a real terminal (tmux): a wait of the pacer is said on stderr without --verbose,
// as a person watching needs it (a run that stops for seconds without a word looks hung): the pacing
// line when the server's RateLimit-Remaining runs low, the pause line when a 429 pauses the run.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {freshConfigDir} from '../helpers/cli.js'
import {type LimitedServer, startLimitedServer} from '../helpers/limited-server.js'
import {TerminalSession} from '../helpers/terminal.js'

const dir = mkdtempSync(join(tmpdir(), 'forgectl-pacing-tty-'))
let server: LimitedServer
const sessions: TerminalSession[] = []

beforeEach(async () => {
  // the platform's 600 a minute, scaled down to 30 per 2 seconds
  server = await startLimitedServer({limit: 30, windowMs: 2000})
})
afterEach(async () => {
  await Promise.all(sessions.splice(0).map(s => s.close()))
  await server.close()
})

/** `labels create --from-file` of `count` labels on a terminal, against the limited server, without --verbose */
async function createOnTerminal(count: number, prefix: string): Promise<TerminalSession> {
  const file = join(dir, `${prefix}.csv`)
  writeFileSync(file, `name,color\n${Array.from({length: count}, (_, i) => `${prefix}${i},red`).join('\n')}\n`)
  const args = ['labels', 'create', '--from-file', file, '-p', '7', '--concurrency', '8', '--host', server.url, '--token', `${prefix}-token`]
  const session = await TerminalSession.start(args, {FORGECTL_CONFIG_DIR: freshConfigDir(), TERM: 'xterm-256color'})
  sessions.push(session)
  return session
}

describe('the pacer says why it waits, on a terminal, without --verbose', () => {
  it('RateLimit-Remaining low: the pacing line, and every label created once', async () => {
    const t = await createOnTerminal(50, 'paced')
    // read while the run waits: the table printed at the end may scroll it off the screen
    await t.waitForLine(/^pacing to the server's rate limit: \d+ requests? left for the next [\d.]+ (s|ms) \(RateLimit-Remaining\)$/, 15_000)
    expect(await t.exitCode(20_000)).toBe(0)
    expect(server.created.size).toBe(50)
    expect([...server.created.values()].every(n => n === 1)).toBe(true)
    expect(server.statuses.filter(s => s === 429)).toEqual([])
  })

  it('a 429 pauses the run: the pause line, and every label created once', async () => {
    server.storm(2500, 1)
    const t = await createOnTerminal(20, 'storm')
    // wider than the terminal: read with the lines it wrapped joined again
    await t.waitForLine(/^retrying in 1 s: 429 Too Many Requests \(attempt \d of 4\); every request of this run waits, then they resume slowly$/, 15_000)
    expect(await t.exitCode(20_000)).toBe(0)
    expect(server.created.size).toBe(20)
    expect([...server.created.values()].every(n => n === 1)).toBe(true)
  })
})
