// Tables fit the terminal (issue 14, point 1): at 80 and 120 columns no line of a list is wider than
// the terminal, IDs and names are whole, long URLs and descriptions are cut with …; --wide may exceed
// the width. And wide characters (point 7) keep the columns aligned on a real terminal. What a
// relations export shows fits 80 columns too (issue 25, point 8): its spinner, and its download report,
// where the files' paths keep their names.
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeAll, describe, expect, it} from 'vitest'
import {displayWidth} from '../../src/core/output/display-width.js'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const sessions: TerminalSession[] = []

afterEach(async () => {
  await Promise.all(sessions.splice(0).map(s => s.close()))
})

const LONG_URL = 'https://hooks.example.com/receivers/system-events/' + 'segment/'.repeat(12) + 'end'
const LONG_TEXT = 'Tells the deployment service about every push to a protected branch so that it can start a pipeline on the mirror and report back'
const WIDE_NAMES = ['バグ修正', '🐛 bug', 'באג-קריטי']

/** the lines forgectl wrote (wrapped lines joined), once it has ended with exit 0 */
async function runAt(columns: number, args: string[], as: SeedRole = 'admin'): Promise<string[]> {
  const session = await startAt(columns, args, as)
  const code = await session.exitCode()
  const lines = await session.writtenLines()
  expect(code, lines.join('\n')).toBe(0)
  return lines.slice(
    0,
    lines.findIndex(line => line.startsWith('[exit ')),
  )
}

/** forgectl started in a terminal `columns` wide */
async function startAt(columns: number, args: string[], as: SeedRole = 'admin'): Promise<TerminalSession> {
  const session = await TerminalSession.start(
    args,
    {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS[as],
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
      NO_COLOR: '1',
    },
    {columns, rows: 50},
  )
  sessions.push(session)
  return session
}

const widest = (lines: string[]) => Math.max(...lines.map(displayWidth))

let accountId = 0
let hookId = 0
let mirrorId = 0

beforeAll(async () => {
  const hook = await sb.api<{id: number}>('POST', '/hooks', {as: 'admin', body: {url: LONG_URL, name: 'deploy-notifier-with-a-long-name', description: LONG_TEXT}})
  hookId = hook.body.id
  const mirror = await sb.api<{id: number}>('POST', '/projects/20/remote_mirrors', {as: 'owner', body: {url: LONG_URL.replace('hooks.', 'mirror.') + '.git'}})
  mirrorId = mirror.body.id
  await sb.api('POST', '/projects/20/labels', {body: {name: 'needs-triage-by-the-platform-team', color: '#abcdef', description: LONG_TEXT}})
  for (const name of WIDE_NAMES) await sb.api('POST', '/projects/20/labels', {body: {name, color: '#123456', description: `${name} ${LONG_TEXT}`}})
  const accounts = await sb.api<Array<{id: number}>>('GET', '/groups/10/service_accounts', {as: 'owner'})
  accountId = accounts.body[0]!.id
  await sb.api('POST', `/groups/10/service_accounts/${accountId}/personal_access_tokens`, {
    as: 'owner',
    body: {name: 'deploy-token-for-the-release-pipeline', scopes: ['api', 'read_repository', 'write_repository', 'read_registry']},
  })
  expect([hook.status, mirror.status]).toEqual([201, 201])
})

const COMMANDS: Array<{args: () => string[]; as?: SeedRole; whole: () => string[]}> = [
  {args: () => ['features', 'list'], whole: () => ['new_merge_request_dashboard', 'ci_job_token_allowlist_autopopulation', 'conditional']},
  {args: () => ['hooks', 'list'], whole: () => [String(hookId), 'deploy-notifier-with-a-long-name', 'Audit log']},
  {args: () => ['branches', 'list', '-p', '20'], whole: () => ['release/2026-01', 'feature-search', 'main']},
  {args: () => ['labels', 'list', '-p', '20'], whole: () => ['needs-triage-by-the-platform-team', 'priority::high', ...WIDE_NAMES]},
  {args: () => ['mirrors', 'list', '-p', '20'], as: 'owner', whole: () => [String(mirrorId), 'finished']},
  {args: () => ['tokens', 'list'], whole: () => ['support-session', 'sandbox-maintainer']},
  {args: () => ['service-accounts', 'tokens', 'list', String(accountId), '-g', 'acme'], as: 'owner', whole: () => ['deploy-token-for-the-release-pipeline']},
]

describe.each([80, 120])('a table on a %i-column terminal', columns => {
  it.each(COMMANDS.map(c => [c.args().slice(0, 2).join(' '), c] as const))('%s fits, with IDs and names whole', async (_name, command) => {
    const lines = await runAt(columns, command.args(), command.as)
    expect(lines.length, lines.join('\n')).toBeGreaterThan(1)
    expect(widest(lines), lines.join('\n')).toBeLessThanOrEqual(columns)
    for (const text of command.whole()) expect(lines.join('\n')).toContain(text)
  })
})

describe('cutting and --wide', () => {
  it('cuts a long URL and description with …, and --wide shows them whole, wider than the terminal', async () => {
    const cut = await runAt(80, ['hooks', 'list'])
    const row = cut.find(line => line.includes('deploy-notifier-with-a-long-name'))!
    expect(row).toMatch(/ {2}https:\/\/\S*… {2}/)
    expect(row).not.toContain(LONG_URL)

    const wide = await runAt(80, ['hooks', 'list', '--wide'])
    expect(wide.join('\n')).toContain(LONG_URL)
    expect(widest(wide)).toBeGreaterThan(80)
  })

  it('fits a single record by cutting its values, field names whole', async () => {
    const lines = await runAt(80, ['hooks', 'get', String(hookId)])
    expect(widest(lines)).toBeLessThanOrEqual(80)
    expect(lines.find(line => line.startsWith('description'))).toMatch(/^description\s+Tells the deployment.*…$/)
  })

  it('keeps the colour column aligned after CJK, emoji and Hebrew names', async () => {
    const lines = await runAt(80, ['labels', 'list', '-p', '20', '--columns', 'name,color,description'])
    const rows = lines.filter(line => /#[0-9a-f]{6}/i.test(line))
    expect(rows.filter(line => WIDE_NAMES.some(name => line.startsWith(name)))).toHaveLength(WIDE_NAMES.length)
    const colorAt = new Set(rows.map(line => displayWidth(line.slice(0, line.search(/#[0-9a-f]{6}/i)))))
    expect(colorAt.size, rows.join('\n')).toBe(1)
    expect(widest(lines)).toBeLessThanOrEqual(80)
  })
})

describe("names whole in every list, and the audit's reasons kept (issue 36)", () => {
  it('milestones list -g acme at 60 columns shows a long title whole (titles are names: table-layout.ts)', async () => {
    const title = 'Release 2026.12 runner hardening'
    expect((await sb.api('POST', '/groups/10/milestones', {as: 'owner', body: {title}})).status).toBe(201)
    const lines = await runAt(60, ['milestones', 'list', '-g', 'acme'])
    expect(lines.join('\n')).toContain(title)
  })

  it('tokens audit at 80 columns keeps reasons, and its expires_at cell counts the same days as its reason', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const created = await sb.api('POST', '/users/2/personal_access_tokens', {as: 'admin', body: {name: 'soon-gone', scopes: ['api'], expires_at: inThreeDays}})
    expect(created.status).toBe(201)
    const session = await startAt(80, ['tokens', 'audit'])
    expect(await session.exitCode()).toBe(10)
    const lines = await session.writtenLines()
    expect(lines.find(line => /^id\s/.test(line))).toMatch(/\breasons$/)
    const row = lines.find(line => line.includes('soon-gone'))!
    const [, tableDays, reasonDays] = /in (\d+) days?\s.*expires in (\d+) days?/.exec(row) ?? []
    expect(tableDays, row).toBe('3')
    expect(reasonDays, row).toBe('3')
  })
})

describe('a relations export on an 80-column terminal (issue 25, point 8)', () => {
  it('keeps the spinner on one line: what is awaited is cut with …, its status stays whole', async () => {
    // held (an hour's job) until the spinner has been read, however long forgectl takes to start; then let go
    await sb.withOptions({jobDelayMs: 3_600_000}, async () => {
      const session = await startAt(80, ['relations-export', 'start', '-p', 'acme/platform/api', '--wait', '--interval', '1s'])
      // the written lines, wrapped ones joined: a status that wrapped is found all the same
      let lines: string[] = []
      for (let tries = 0; tries < 100 && !lines.some(line => /relations (not picked up yet|ended)\)/.test(line)); tries++) {
        await new Promise(resolve => setTimeout(resolve, 50))
        lines = (await session.writtenLines()).filter(Boolean)
      }
      const spinner = lines.find(line => line.includes('Waiting for'))!
      expect(widest(lines), lines.join('\n')).toBeLessThan(80)
      expect(spinner).toMatch(/Waiting for relations export of proj.*… \(\d+ of \d+ relations (not picked up yet|ended)\)$/)
      sb.sandbox.store.options.jobDelayMs = 150
      expect(await session.exitCode(15_000)).toBe(0)
      const done = (await session.writtenLines()).find(line => line.includes(': finished'))
      expect(done).toMatch(/relations export of project acme\/platform\/api: finished$/)
    })
  })

  it('fits the spinner again at once when the terminal is made narrower', async () => {
    // an hour's job: it is interrupted, never awaited to its end
    await sb.withOptions({jobDelayMs: 3_600_000}, async () => {
      const session = await startAt(120, ['relations-export', 'start', '-p', 'acme/platform/api', '--wait', '--interval', '20s'])
      await session.waitFor(/relations (not picked up yet|ended)\)/)
      await session.resize(60)
      // the spinner's line is the last one written; its frames come every 80 ms
      let spinner = ''
      for (let tries = 0; tries < 40 && !(spinner.includes('…') && displayWidth(spinner) < 60); tries++) {
        await new Promise(resolve => setTimeout(resolve, 50))
        spinner =
          (await session.screen())
            .split('\n')
            .filter(line => line.trim() !== '')
            .at(-1) ?? ''
      }
      expect(spinner).toMatch(/^\S Waiting for rel.*… \(\d+ of \d+ relations (not picked up yet|ended)\)$/)
      expect(displayWidth(spinner)).toBeLessThan(60)
      await session.press('C-c')
    })
  })

  it('its download report keeps the end of each path, the file, and gives way elsewhere', async () => {
    const started = await sb.api('POST', '/projects/20/export_relations', {as: 'admin'})
    expect(started.status).toBe(202)
    await new Promise(resolve => setTimeout(resolve, 600))
    const dir = join(mkdtempSync(join(tmpdir(), 'forgectl-relations-')), 'a-folder-with-a-long-name-for-the-export')
    const lines = await runAt(80, ['relations-export', 'download', '-p', '20', '--all', dir])
    expect(widest(lines), lines.join('\n')).toBeLessThanOrEqual(80)
    const rows = lines.filter(line => / ok /.test(line))
    expect(rows.length, lines.join('\n')).toBeGreaterThan(3)
    for (const row of rows) {
      const relation = row.split(' ')[0]!
      expect(row, lines.join('\n')).toMatch(new RegExp(`  …\\S*/${relation}\\.ndjson\\.gz  +\\d+$`))
    }
  })
})
