// The README's "Recipes for CI" run exactly as printed, against the sandbox: their effects are read back
// through the API, and their failure paths are provoked to show the exit code a job would see.
import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import type {CiVariable as Variable} from '../../src/api/ci-variables.js'
import type {Feature} from '../../src/api/features.js'
import type {PersonalAccessToken as Token} from '../../src/api/tokens.js'
import {FAIL_FEATURE} from '../../src/sandbox/routes/vuln-export.js'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {tokenRecords} from '../../src/sandbox/token-records.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {plainId} from '../helpers/plain-id.js'
import {type RecipeResult, runRecipe} from '../helpers/recipes.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({jobDelayMs: 150})

afterEach(() => {
  sb.sandbox.faults.splice(0)
})

/** the recipe as a CI job with `role`'s token in FORGECTL_TOKEN runs it */
const runAs = (name: string, role: SeedRole, env: Record<string, string> = {}, cwd?: string) =>
  runRecipe(name, {env: {FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS[role], FORGECTL_CONFIG_DIR: freshConfigDir(), ...env}, cwd})

/** GET /user with a raw token value: 200 with the user while it authenticates, 401 once it does not */
async function whoIs(token: string): Promise<{status: number; username?: string}> {
  const response = await fetch(`${sb.url}/api/v4/user`, {headers: {'PRIVATE-TOKEN': token}})
  const body = (await response.json()) as {username?: string}
  return {status: response.status, username: body.username}
}

const printed = (result: RecipeResult) => result.stdout + result.stderr

describe("recipe: rotate the job's own token before it expires", () => {
  const DAY = 86_400_000
  const daysFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
  /** the sandbox's record of a token, as if `days` had passed since it was created (and since each later date) */
  const age = (id: number, days: number) => {
    const record = tokenRecords(sb.sandbox.store).get(id)!
    record.created_at = new Date(Date.parse(record.created_at) - days * DAY).toISOString()
    record.expires_at = new Date(Date.parse(`${record.expires_at}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10)
  }
  /**
   * A token of bob's with the scopes the recipe names, expiring in `days` days, stored by `auth login`;
   * with `lifetime`, created that many days before it expires (a 90-day token on its 87th day).
   */
  async function loggedInJob(days: number, lifetime = days): Promise<{configDir: string; token: Token & {token: string}}> {
    const {body: token} = await sb.api<Token & {token: string}>('POST', '/users/3/personal_access_tokens', {
      as: 'admin',
      body: {name: 'ci-job', scopes: ['api', 'self_rotate'], expires_at: daysFromToday(lifetime)},
    })
    age(plainId(token.id), lifetime - days)
    token.expires_at = daysFromToday(days)
    const configDir = freshConfigDir()
    const login = await runCli(['auth', 'login', '--host', sb.url, '--token-stdin'], {stdin: token.token + '\n', env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(login.code, login.stderr).toBe(0)
    return {configDir, token}
  }
  const profileToken = async (configDir: string) => {
    const result = await runCli(['auth', 'token'], {env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(result.code, result.stderr).toBe(0)
    return result.stdout.trim()
  }

  it('rotates a token that expires within a week; the old one stops working, the profile holds the new one, which works', async () => {
    const {configDir, token: old} = await loggedInJob(3)
    const result = await runRecipe('rotate-own-token', {env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`token rotated: it was to expire on ${old.expires_at}`)

    const fresh = await profileToken(configDir)
    expect(fresh).not.toBe(old.token)
    expect(await whoIs(old.token)).toEqual({status: 401, username: undefined})
    expect(await whoIs(fresh)).toEqual({status: 200, username: 'bob'})
    // the job went on with the new token: `auth status` reached the server with it
    expect(sb.sandbox.requests.at(-1)).toMatchObject({token: fresh})
    expect(printed(result)).not.toContain(fresh)
  })

  it("holds its cadence: the new token keeps the old one's lifetime, so the next day's run does not rotate again", async () => {
    const {configDir} = await loggedInJob(3, 90)
    const first = await runRecipe('rotate-own-token', {env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain('token rotated')
    // the recipe prints the new token's id,expires_at: 90 more days, not the platform's week
    const [id, expires] = first.stdout
      .split('\n')
      .find(line => /^\d+,/.test(line))!
      .split(',')
    expect(expires).toBe(daysFromToday(90))
    const rotated = await profileToken(configDir)

    // a day later, the job runs again with the token it stored
    age(Number(id), 1)
    const second = await runRecipe('rotate-own-token', {env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(second.code, second.stderr).toBe(0)
    expect(second.stderr).not.toContain('token rotated')
    expect(await profileToken(configDir)).toBe(rotated)
    expect(await whoIs(rotated)).toEqual({status: 200, username: 'bob'})
  })

  it('leaves a token that expires later alone', async () => {
    const {configDir, token} = await loggedInJob(90)
    const result = await runRecipe('rotate-own-token', {env: {FORGECTL_CONFIG_DIR: configDir}})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).not.toContain('token rotated')
    expect(await profileToken(configDir)).toBe(token.token)
    expect(await whoIs(token.token)).toMatchObject({status: 200})
  })

  it('refuses to run with FORGECTL_TOKEN set, which would win over the profile it rotates (exit 2)', async () => {
    const {configDir, token} = await loggedInJob(3)
    const result = await runRecipe('rotate-own-token', {env: {FORGECTL_CONFIG_DIR: configDir, FORGECTL_TOKEN: token.token}})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('unset FORGECTL_TOKEN')
    expect(await whoIs(token.token)).toMatchObject({status: 200})
  })
})

describe("recipe: hand a service account's new token to every pipeline", () => {
  const GROUP = '/groups/acme/service_accounts'
  const deployer = async () => {
    const {body} = await sb.api<Array<{id: number; username: string}>>('GET', GROUP, {as: 'admin'})
    return body.find(a => a.username === 'service_account_group_10_deployer')!.id
  }
  const tokensOf = async (account: number) => (await sb.api<Token[]>('GET', `${GROUP}/${account}/personal_access_tokens?per_page=100`, {as: 'admin'})).body
  const variable = async () => sb.api<Variable>('GET', '/admin/ci/variables/DEPLOY_TOKEN', {as: 'admin'})

  it('rotates the token and stores the new value, masked and protected; run again, the previous value stops working', async () => {
    const account = await deployer()
    const seeded = (await tokensOf(account)).find(t => t.name === 'deploy-prod' && t.active)!
    expect((await variable()).status).toBe(404)

    const first = await runAs('service-account-token', 'admin')
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toBe('DEPLOY_TOKEN\n')
    const stored = (await variable()).body
    expect(stored).toMatchObject({masked: true, protected: true})
    expect(await whoIs(stored.value)).toEqual({status: 200, username: 'service_account_group_10_deployer'})
    expect(printed(first)).not.toContain(stored.value)
    expect((await tokensOf(account)).find(t => t.id === seeded.id)).toMatchObject({revoked: true})

    const second = await runAs('service-account-token', 'admin')
    expect(second.code, second.stderr).toBe(0)
    const restored = (await variable()).body.value
    expect(restored).not.toBe(stored.value)
    expect(await whoIs(stored.value)).toMatchObject({status: 401})
    expect(await whoIs(restored)).toEqual({status: 200, username: 'service_account_group_10_deployer'})
  })

  it('a failed rotation fails the job and leaves the variable as it was, never emptied', async () => {
    const before = (await variable()).body
    expect(before.value).not.toBe('')
    sb.sandbox.faults.push({path: '/personal_access_tokens/\\d+/rotate$', method: 'POST', kind: 'status', status: 500})
    const result = await runAs('service-account-token', 'admin')
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('500')
    expect((await variable()).body).toEqual(before)
    expect(await whoIs(before.value)).toMatchObject({status: 200})
  })
})

describe('recipe: roll a feature flag out to 25 % of actors, and back if a check fails', () => {
  const FLAG = 'maven_virtual_registry'
  const actorsShare = async () => {
    const {body} = await sb.api<Feature[]>('GET', '/features?per_page=100', {as: 'admin'})
    return body.find(f => f.name === FLAG)?.gates.find(g => g.key === 'percentage_of_actors')?.value ?? 0
  }

  it('sets the flag to 25 % of actors when the check passes', async () => {
    expect(await actorsShare()).toBe(0)
    const result = await runAs('feature-rollout', 'admin')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(`${FLAG} is at 25 % of actors`)
    expect(await actorsShare()).toBe(25)
  })

  it('puts the flag back at its previous share and fails the job when the check fails', async () => {
    await sb.api('POST', `/features/${FLAG}`, {as: 'admin', body: {value: '10', key: 'percentage_of_actors'}})
    // the first reading (the share before) goes through; the check's reading answers 500
    sb.sandbox.faults.push({path: '^/features$', method: 'GET', kind: 'latency', latencyMs: 0, times: 1}, {path: '^/features$', method: 'GET', kind: 'status', status: 500, times: 1})
    const before = sb.sandbox.requests.length
    const result = await runAs('feature-rollout', 'admin')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`check failed: ${FLAG} is back at 10 % of actors`)
    expect(await actorsShare()).toBe(10)
    // it did go to 25 % before the check, then back
    const sets = sb.sandbox.requests.slice(before).filter(r => r.method === 'POST' && r.path === `/features/${FLAG}`)
    expect(sets).toHaveLength(2)
  })
})

describe('recipe: save a nightly vulnerability export, and say what went wrong', () => {
  const RECIPE = 'nightly-vulnerability-export'
  const job = () => mkdtempSync(join(tmpdir(), 'forgectl-nightly-'))

  it('saves the export as reports/vulnerabilities-<id>.csv', async () => {
    const cwd = job()
    const result = await runAs(RECIPE, 'developer', {}, cwd)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('saved in reports/\n')
    const [file] = readdirSync(join(cwd, 'reports'))
    expect(file).toMatch(/^vulnerabilities-\d+\.csv$/)
    expect(readFileSync(join(cwd, 'reports', file!), 'utf8')).toMatch(/^Group Name,Project Name,/)
  })

  it('exits 9 when the export fails on the server', async () => {
    const cwd = job()
    sb.sandbox.store.options.features.add(FAIL_FEATURE)
    try {
      const result = await runAs(RECIPE, 'developer', {}, cwd)
      expect(result.code).toBe(9)
      expect(result.stderr).toContain('the export failed on the server')
      expect(readdirSync(join(cwd, 'reports'))).toEqual([])
    } finally {
      sb.sandbox.store.options.features.delete(FAIL_FEATURE)
    }
  })

  it("exits 5 when the token's role may not export, 4 when the server refuses the token", async () => {
    const reporter = await runAs(RECIPE, 'reporter')
    expect(reporter.code).toBe(5)
    expect(reporter.stderr).toContain('it needs the Developer role')
    const refused = await runRecipe(RECIPE, {env: {FORGECTL_HOST: sb.url, FORGECTL_TOKEN: 'revoked-long-ago', FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(refused.code).toBe(4)
    expect(refused.stderr).toContain('the server refused the token')
  })

  it('exits 8 when the export does not finish within EXPORT_TIMEOUT, 7 while it still runs', async () => {
    await sb.withOptions({jobDelayMs: 3_600_000}, async () => {
      const cwd = job()
      const result = await runAs(RECIPE, 'maintainer', {EXPORT_TIMEOUT: '1s'}, cwd)
      expect(result.code).toBe(8)
      expect(result.stderr).toContain('the export did not finish within 1s')
      expect(existsSync(join(cwd, 'reports'))).toBe(true)
      expect(readdirSync(join(cwd, 'reports'))).toEqual([])
      const again = await runAs(RECIPE, 'maintainer')
      expect(again.code).toBe(7)
      expect(again.stderr).toContain('still running')
    })
  })
})

describe("recipe: audit the instance's tokens every night", () => {
  const RECIPE = 'token-audit'

  it('writes the tokens to act on to token-audit.csv and exits 10', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'forgectl-audit-'))
    const result = await runAs(RECIPE, 'admin', {}, cwd)
    expect(result.code, result.stderr).toBe(10)
    const [header, ...rows] = readFileSync(join(cwd, 'token-audit.csv'), 'utf8').trimEnd().split('\n')
    expect(header).toBe('username,kind,name,expires_at,last_used_at,reasons')
    expect(rows[0]).toMatch(/^dave,personal,nightly-backup,\d{4}-\d\d-\d\d,.*,expires in 3 days$/)
    expect(rows.filter(row => row.startsWith('erin,personal,dashboard,'))).toEqual([expect.stringMatching(/^erin,personal,dashboard,\d{4}-\d\d-\d\d,,never used$/)])
    expect(result.stderr).toContain(`${rows.length} tokens need attention: see token-audit.csv`)
  })

  it('says the audit itself failed, with its code, when the server refuses the token', async () => {
    const refused = await runRecipe(RECIPE, {env: {FORGECTL_HOST: sb.url, FORGECTL_TOKEN: 'revoked-long-ago', FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(refused.code).toBe(4)
    expect(refused.stderr).toContain('the token audit failed (exit 4)')
  })
})

describe('recipe: many projects as code', () => {
  it('plans, applies, finds nothing left to do, and exports, as printed', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'forgectl-state-recipe-'))
    const result = await runAs('many-projects-as-code', 'owner', {}, cwd)
    expect(result.code, printed(result)).toBe(0)
    // the first plan, then apply's copy of it: the group's labels, every project but the skipped one
    expect(result.stdout).toContain('group acme\n  + labels bug: color "#d9534f", description "Something is broken"\n  + labels triage: color "orange"')
    expect(result.stdout).toContain('project acme/platform/api\n  + labels needs-review: color "#428bca", priority 1')
    expect(result.stdout).toContain('  - labels bug\n  - labels feature')
    expect(result.stdout).toContain('  ~ protected_branches main: merge_access_level "maintainer" → "developer"')
    expect(result.stdout).not.toContain('acme/design/brand')
    expect(result.stdout).toMatch(/^done {8}\+ project acme\/website protected_branches release\/\*$/m)
    // the second plan has nothing to do
    expect(result.stdout).toMatch(/No changes: the server matches the file\.\nPlan: 0 to create, 0 to update, 0 to delete, \d+ unchanged/)
    const labels = await sb.api<Array<{name: string}>>('GET', '/projects/acme%2Fplatform%2Fapi/labels?include_ancestor_groups=false', {as: 'owner'})
    expect(labels.body.map(label => label.name)).toEqual(['needs-review'])
    const exported = readFileSync(join(cwd, 'acme-now.yaml'), 'utf8')
    expect(exported).toContain('  acme/website:\n    labels:\n      needs-review:\n        color: "#428bca"\n        priority: 1\n')
  })
})

describe('recipe: a fleet-wide file (issue 37)', () => {
  it('plans the labels alone, applies every project the token sees, and exports a key in two scopes as a list, as printed', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'forgectl-fleet-recipe-'))
    const result = await runAs('fleet-wide-as-code', 'owner', {CDN_TOKEN: 'Y2RuLXRva2VuLXJlY2lwZQ=='}, cwd)
    expect(result.code, printed(result)).toBe(0)
    // the first plan: labels only, in every project alice sees, and the website's own instead of the fleet's
    const first = result.stdout.slice(0, result.stdout.indexOf('Plan: '))
    expect(first).toContain('project opensource/docs\n  + labels needs-triage: color "#f0ad4e"')
    expect(first).toContain('project acme/website\n  + labels website-only: color "#5cb85c"')
    expect(first).not.toContain('variables')
    expect(first).not.toContain('protected_branches')
    expect(result.stdout).toContain('~ variables CDN_TOKEN: value (sensitive) differs')
    expect(result.stdout).toMatch(/No changes: the server matches the file\.\nPlan: 0 to create, 0 to update, 0 to delete, \d+ unchanged/)
    const labels = async (project: string) => (await sb.api<Array<{name: string}>>('GET', `/projects/${encodeURIComponent(project)}/labels?per_page=100`, {as: 'owner'})).body.map(l => l.name)
    expect(await labels('acme/platform/api')).toContain('needs-triage')
    expect(await labels('acme/website')).not.toContain('needs-triage')
    const exported = readFileSync(join(cwd, 'website-now.yaml'), 'utf8')
    expect(exported).toContain('      SITE_URL:\n        - environment_scope: staging\n')
    expect(exported).toContain('        - environment_scope: production\n')
  })
})

describe('recipe: fleet-wide settings (issue 37)', () => {
  it('plans one settings line per project that differs, applies them merged field by field, and then matches, as printed', async () => {
    const result = await runAs('fleet-settings-as-code', 'owner')
    expect(result.code, printed(result)).toBe(0)
    const first = result.stdout.slice(0, result.stdout.indexOf('Plan: '))
    expect(first).toContain('group acme\n  ~ settings (own): require_two_factor_authentication false → true')
    expect(first).toMatch(/project acme\/website\n {2}~ settings \(own\): only_allow_merge_if_pipeline_succeeds false → true, squash_option "default_off" → "default_on"/)
    expect(result.stdout).toMatch(/No changes: the server matches the file\.\nPlan: 0 to create, 0 to update, 0 to delete, \d+ unchanged/)
    const api = (await sb.api<Record<string, unknown>>('GET', '/projects/20', {as: 'owner'})).body
    expect(api).toMatchObject({merge_method: 'ff', only_allow_merge_if_pipeline_succeeds: true, squash_option: 'default_on'})
    const website = (await sb.api<Record<string, unknown>>('GET', '/projects/21', {as: 'owner'})).body
    expect(website.merge_method).toBe('merge')
    // the members: carol added to every project under acme as a Reporter (20), once
    expect(first).toMatch(/project acme\/website\n(?:.*\n)*? {2}\+ members carol/)
    expect(result.stdout).toContain('{\n  "username": "carol",\n  "access_level": 20\n}\n')
    const carol = (await sb.api<Record<string, unknown>>('GET', '/projects/21/members/4', {as: 'owner'})).body
    expect(carol).toMatchObject({username: 'carol', access_level: 20})
  })
})
