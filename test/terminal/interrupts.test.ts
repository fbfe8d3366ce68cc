// Ctrl-C on a real terminal (tmux), where it reaches forgectl as a key when something has the
// terminal in raw mode (a spinner, a prompt) and as SIGINT otherwise: every state ends at once with
// exit 130, and leaves nothing half done behind without saying so. "At once" is an ordering, not a
// clock (issue 36: a 2-core machine busy with other work): in each test nothing but Ctrl-C can end the
// run for far longer than the test lasts (a job never done, a prompt, a download of minutes, answers
// held an hour), so the run ending with 130 and the interrupted line proves Ctrl-C was heard.
import {mkdtempSync, readdirSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {afterEach, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {type Answer, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'
import {TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const sessions: TerminalSession[] = []
const servers: HostileServer[] = []
/** a run still going this long after Ctrl-C ignored it: a safety net, never a measure */
const IGNORED_MS = 30_000

afterEach(async () => {
  sb.sandbox.faults.splice(0)
  await Promise.all([...sessions.splice(0).map(s => s.close()), ...servers.splice(0).map(s => s.close())])
})

async function terminal(args: string[], env: Record<string, string> = {}): Promise<TerminalSession> {
  const session = await TerminalSession.start(args, {
    FORGECTL_HOST: sb.url,
    FORGECTL_TOKEN: TOKENS.developer,
    FORGECTL_CONFIG_DIR: sb.configDir,
    TERM: 'xterm-256color',
    ...env,
  })
  sessions.push(session)
  return session
}

async function hostile(answer: Answer): Promise<HostileServer> {
  const server = await startHostileServer(answer)
  servers.push(server)
  return server
}

/** presses Ctrl-C and returns the exit code the command ended with */
async function ctrlC(t: TerminalSession): Promise<{code: number}> {
  await t.press('C-c')
  return {code: await t.exitCode(IGNORED_MS)}
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'forgectl-interrupt-'))

describe('Ctrl-C on a terminal', () => {
  it('stops a --wait spinner at once: exit 130, the spinner cleared', async () => {
    await sb.withOptions({jobDelayMs: 3_600_000}, async () => {
      const t = await terminal(['vuln-export', 'create', '-p', '20', '--wait', '--interval', '1'])
      await t.waitFor(/Waiting for vulnerability export \d+/)
      const {code} = await ctrlC(t)
      expect(code).toBe(130)
      const screen = await t.screen()
      expect(screen).toContain('Error: interrupted (SIGINT)')
      expect(screen).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Waiting/)
    })
  })

  it('stops a prompt: exit 130 and one line, no stack', async () => {
    const t = await terminal(['labels', 'create', '-p', 'acme/platform/api'])
    await t.waitFor('Label name')
    const {code} = await ctrlC(t)
    expect(code).toBe(130)
    const screen = await t.screen()
    expect(screen).toContain('Error: interrupted (SIGINT)')
    expect(screen).not.toMatch(/\n\s+at /)
  })

  it('stops a download that is trickling in, and removes its temporary file', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': String(10_000_000)})
      const drip = setInterval(() => res.write(Buffer.alloc(1000)), 50)
      res.on('close', () => clearInterval(drip))
    })
    const dir = tempDir()
    const t = await terminal(['api', 'GET', '/export', '--download', join(dir, 'slow.bin')], {FORGECTL_HOST: server.url})
    await t.waitFor(/kB of 10\.0 MB/)
    expect(readdirSync(dir)).toHaveLength(1) // the temporary file is there while it runs
    const {code} = await ctrlC(t)
    expect(code).toBe(130)
    expect(readdirSync(dir)).toEqual([])
    // the progress line is ended, not overwritten or run into
    expect(await t.screen()).toMatch(/kB of 10\.0 MB \(0%\) · .*\n\s*(\^C)?Error: interrupted \(SIGINT\)\n/)
  })

  it('stops a fan-out: the report lists what was done and what was not', async () => {
    const labels = Array.from({length: 10}, (_, i) => ({name: `ctrl-c-${i}`, color: 'red'}))
    const file = join(tempDir(), 'labels.json')
    writeFileSync(file, JSON.stringify(labels))
    // the first two are created at once; every later one is held an hour: only Ctrl-C ends the run
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/20/labels$', kind: 'latency', latencyMs: 3_600_000, skip: 2})
    const before = sb.sandbox.requests.length
    const posts = () => sb.sandbox.requests.slice(before).filter(r => r.method === 'POST' && r.path === '/projects/20/labels').length
    const t = await terminal(['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '2'])
    while (posts() < 4) await sleep(20) // the first two are answered, the next two held
    const {code} = await ctrlC(t)
    expect(code).toBe(130)
    const screen = await t.screen()
    const rows = labels.map(l => screen.match(new RegExp(`^${l.name}\\s+(created|interrupted|not done)\\b`, 'm'))?.[1])
    // which two of the first four the server takes first is the order their requests arrive in, not the list's
    expect(rows.slice(0, 4).sort(), screen).toEqual(['created', 'created', 'interrupted', 'interrupted'])
    expect(rows.slice(4), screen).toEqual(Array.from({length: 6}, () => 'not done'))
    expect(screen).toMatch(/Error: interrupted \(SIGINT\): 8 of 10 not done/)
    // what the report says is what the server has
    expect(posts()).toBe(4)
    for (const [i, label] of labels.entries()) expect((await sb.api('GET', `/projects/20/labels/${label.name}`)).status, label.name).toBe(rows[i] === 'created' ? 200 : 404)
  })

  it('stops an --all stream without waiting for the pages in flight', async () => {
    const server = await hostile((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1)
      // the pages after the first never come: the client has to give up on them
      if (page > 1) return void res.on('close', () => undefined)
      res.writeHead(200, {'content-type': 'application/json', 'x-total-pages': '5', 'x-page': String(page)})
      res.end(JSON.stringify([{id: page * 10 + 1, name: `first-page-label-${page}`}]))
    })
    // --timeout 3600: no request gives up on its own while the test lasts
    const t = await terminal(['labels', 'list', '-p', '20', '--all', '--json', '--timeout', '3600'], {FORGECTL_HOST: server.url})
    await t.waitFor('first-page-label-1')
    const {code} = await ctrlC(t)
    expect(code).toBe(130)
    expect(server.requests.length).toBeGreaterThan(1) // later pages were in flight
  })
})
