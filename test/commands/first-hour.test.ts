// Issue 36, item 4: a newcomer's first hour, each thing seen fixed as its class. Each describe names
// the class; the tests run forgectl against the sandbox over HTTP.
import {describe, expect, it} from 'vitest'
import {NOT_ALLOWED_HINT} from '../../src/core/base/errors.js'
import {tokenRecords} from '../../src/sandbox/token-records.js'
import {LAST_USED_AT_TIMEOUT_MS, recordTokenUse} from '../../src/sandbox/token-use.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

describe('every refusal of permission: exit 5 and the same words', () => {
  it("a 403, and the 401 the platform sends for another user's tokens, end alike; an invalid token stays exit 4", async () => {
    // the platform's 401 of restrict_non_admins! (lib/api/helpers/personal_access_tokens_helpers.rb)
    const audit = await sb.run(['tokens', 'audit', '--user', 'dave'])
    const list = await sb.run(['tokens', 'list', '--user', '5'])
    // a plain 403: a reporter may not delete a label
    const forbidden = await sb.run(['labels', 'delete', 'bug', '-p', 'acme/website', '--yes'], {as: 'reporter'})
    for (const result of [audit, list, forbidden]) {
      expect(result.code, result.stderr).toBe(5)
      expect(result.stderr).toMatch(new RegExp(`^Error: [^\\n]+\\n${NOT_ALLOWED_HINT}\\.\\n$`))
      expect(result.stdout).toBe('')
    }
    expect(audit.stderr).toMatch(/^Error: only administrators can audit another user's tokens \(the server answered 401 to --user \d+\)\n/)
    const invalid = await sb.run(['tokens', 'audit', '--user', 'dave'], {env: {FORGECTL_TOKEN: 'glpat-not-a-token'}})
    expect(invalid.code).toBe(4)
    expect(invalid.stderr).not.toContain(NOT_ALLOWED_HINT)
  })
})

describe("the sandbox records a token's use as the platform does", () => {
  // app/services/personal_access_tokens/last_used_service.rb, run on every authentication by
  // lib/gitlab/auth/auth_finders.rb: last_used_at set when unset or older than 10 minutes
  it('tokens audit --unused-for does not list the token it runs with as never used', async () => {
    const audit = await sb.run(['tokens', 'audit', '--unused-for', '30d', '--json'], {as: 'admin'})
    const rows = audit.json<Array<{name: string; reasons: string[]; last_used_at: string | null}>>()
    const mine = rows.find(row => row.name === 'sandbox-admin')
    // listed for having no expiry, never for want of use
    expect(mine?.reasons).toEqual(['no expiry'])
    expect(mine?.last_used_at).toEqual(expect.any(String))
  })

  it('records a use at most once every 10 minutes', () => {
    const store = sb.sandbox.store
    const token = [...tokenRecords(store).values()].find(t => t.name === 'sandbox-reporter')!
    const first = Date.parse('2027-01-01T10:00:00Z')
    token.last_used_at = null
    recordTokenUse(store, token.value, first)
    expect(token.last_used_at).toBe('2027-01-01T10:00:00.000Z')
    recordTokenUse(store, token.value, first + LAST_USED_AT_TIMEOUT_MS - 1)
    expect(token.last_used_at).toBe('2027-01-01T10:00:00.000Z')
    recordTokenUse(store, token.value, first + LAST_USED_AT_TIMEOUT_MS)
    expect(token.last_used_at).toBe('2027-01-01T10:10:00.000Z')
  })
})

describe('one spelling of a sort everywhere, the other its synonym (src/core/input/sort.ts)', () => {
  it('the output sort takes created_desc as -created_at; an endpoint that sorts takes -created_at as created_desc', async () => {
    const field = await sb.run(['tokens', 'list', '--sort', '-created_at', '--json'])
    const word = await sb.run(['tokens', 'list', '--sort', 'created_desc', '--json'])
    expect(word.code, word.stderr).toBe(0)
    expect(word.stdout).toBe(field.stdout)
    const created = (JSON.parse(field.stdout) as Array<{created_at: string}>).map(t => t.created_at)
    expect(new Set(created).size).toBeGreaterThan(1)
    expect(created).toEqual([...created].sort().reverse())

    const accounts = await sb.api<Array<{id: number}>>('GET', '/groups/10/service_accounts', {as: 'owner'})
    const account = String(accounts.body[0]!.id)
    for (const sort of ['-created_at', 'created_desc']) {
      const listed = await sb.run(['service-accounts', 'tokens', 'list', account, '-g', 'acme', '--sort', sort, '--json'], {as: 'owner'})
      expect(listed.code, listed.stderr).toBe(0)
      expect(sb.sandbox.requests.at(-1)?.query).toContain('sort=created_desc')
    }
    const wrong = await sb.runCounted(['service-accounts', 'tokens', 'list', account, '-g', 'acme', '--sort', '-colour'], {as: 'owner'})
    expect(wrong.result.code).toBe(2)
    expect(wrong.requests).toBe(0)
  })
})

describe('access levels in words and numbers, wherever taken, and shown in words (src/core/input/access-level.ts)', () => {
  it('branches protect takes developer as 30 and 40 as itself, sends numbers, and a table shows the roles', async () => {
    const result = await sb.run(
      [
        'branches',
        'protect',
        'fh-*',
        '-p',
        'acme/website',
        '--push-access-level',
        'developer',
        '--merge-access-level',
        '40',
        '-o',
        'table',
        '--columns',
        'name,push_access_levels.access_level,merge_access_levels.access_level',
      ],
      {as: 'maintainer'},
    )
    expect(result.code, result.stderr).toBe(0)
    // one record: field/value rows
    expect(result.stdout).toMatch(/^push_access_levels\.access_level\s+developer$/m)
    expect(result.stdout).toMatch(/^merge_access_levels\.access_level\s+maintainer$/m)
    const sent = await sb.api<Array<{name: string; push_access_levels: Array<{access_level: number}>}>>('GET', '/projects/acme%2Fwebsite/protected_branches', {as: 'maintainer'})
    expect(sent.body.find(b => b.name === 'fh-*')?.push_access_levels[0]?.access_level).toBe(30)
    const wrong = await sb.runCounted(['branches', 'protect', 'fh2', '-p', 'acme/website', '--push-access-level', 'reporter'], {as: 'maintainer'})
    expect(wrong.result.code).toBe(2)
    expect(wrong.requests).toBe(0)
    expect(wrong.result.stderr).toBe('Error: --push-access-level "reporter": must be one of 0, 30, 40, 60 (or their roles: no one, developer, maintainer, admin)\n')
  })

  it('one protected branch shown as field/value rows, no --columns: its levels in words as a list table shows them, not its rules as JSON (core/output/words.ts recordRows)', async () => {
    const result = await sb.run(['branches', 'protect', 'fh3-*', '-p', 'acme/website', '--push-access-level', 'no one', '--merge-access-level', '30', '-o', 'table'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^name\s+fh3-\*$/m)
    expect(result.stdout).toMatch(/^push_access_levels\.access_level\s+no one$/m)
    expect(result.stdout).toMatch(/^merge_access_levels\.access_level\s+developer$/m)
    expect(result.stdout).not.toContain('{')
    expect(result.stdout).not.toMatch(/^push_access_levels\s/m)
  })
})

describe('another name of a topic gets the suggestion (src/core/input/suggest.ts topicFor)', () => {
  it('variable list, a glab habit, as label list does', async () => {
    for (const [typed, meant] of [
      [['variable', 'list'], 'ci-variables list'],
      [['label', 'list'], 'labels list'],
    ] as const) {
      const result = await sb.run([...typed, '-p', '20'])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`Did you mean: forgectl ${meant}`)
    }
  })
})
