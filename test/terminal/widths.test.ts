// Tables fit the terminal (issue 14, point 1): at 80 and 120 columns no line of a list is wider than
// the terminal, IDs and names are whole, long URLs and descriptions are cut with …; --wide may exceed
// the width. And wide characters (point 7) keep the columns aligned on a real terminal.
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
  const code = await session.exitCode()
  const lines = await session.writtenLines()
  expect(code, lines.join('\n')).toBe(0)
  return lines.slice(
    0,
    lines.findIndex(line => line.startsWith('[exit ')),
  )
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
