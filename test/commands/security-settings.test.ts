import {describe, expect, it} from 'vitest'
import type {SecuritySettings} from '../../src/api/security-settings.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {TerminalSession} from '../helpers/terminal.js'

/** "Project security settings" fields of the spec */
const SPEC_FIELDS = [
  'project_id',
  'created_at',
  'updated_at',
  'auto_fix_container_scanning',
  'auto_fix_dast',
  'auto_fix_dependency_scanning',
  'auto_fix_sast',
  'continuous_vulnerability_scans_enabled',
  'container_scanning_for_registry_enabled',
  'secret_push_protection_enabled',
]
const SWITCH = '--secret-push-protection-enabled'
const NO_SWITCH = '--no-secret-push-protection-enabled'

const sb = useSandbox()

describe('security-settings get', () => {
  it('prints exactly the API JSON for a Developer, with every field of the spec', async () => {
    const result = await sb.run(['security-settings', 'get', '-p', 'acme/platform/api', '--json'], {as: 'developer'})
    expect(result.code).toBe(0)
    const api = await sb.api<SecuritySettings>('GET', '/projects/20/security_settings', {as: 'developer'})
    expect(result.json()).toEqual(api.body)
    expect(Object.keys(result.json<SecuritySettings>()).sort()).toEqual([...SPEC_FIELDS].sort())
    expect(result.json()).toMatchObject({project_id: 20, secret_push_protection_enabled: true})
  })

  it('shows field/value rows in a table', async () => {
    const result = await sb.run(['security-settings', 'get', '-p', '21', '-o', 'table'], {as: 'developer'})
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/project_id\s+21/)
    expect(result.stdout).toMatch(/secret_push_protection_enabled\s+false/)
  })

  it("the platform's 401 to a Reporter reads as not allowed (exit 5), and 404 to a non-member of a private project (exit 3)", async () => {
    const reporter = await sb.run(['security-settings', 'get', '-p', '20'], {as: 'reporter'})
    expect(reporter.code).toBe(5)
    expect(reporter.stderr).toContain('reading the security settings of project 20 needs the Developer role at least (the server answered 401)')
    expect(reporter.stderr).not.toContain('auth login')
    const outsider = await sb.run(['security-settings', 'get', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Project Not Found (GET /api/v4/projects/20/security_settings)')
    for (const r of [reporter, outsider]) expect(r.stdout).toBe('')
  })
})

describe('security-settings update', () => {
  it('turns secret push protection off and on again for a Maintainer, and the API shows it', async () => {
    const off = await sb.run(['security-settings', 'update', '-p', 'acme/platform/api', NO_SWITCH, '--json'], {as: 'maintainer'})
    expect(off.code).toBe(0)
    expect(off.json<SecuritySettings>().secret_push_protection_enabled).toBe(false)
    expect((await sb.api<SecuritySettings>('GET', '/projects/20/security_settings')).body).toEqual(off.json())
    const on = await sb.run(['security-settings', 'update', '-p', '20', SWITCH, '--json'], {as: 'maintainer'})
    expect(on.json<SecuritySettings>().secret_push_protection_enabled).toBe(true)
    expect(Date.parse(on.json<SecuritySettings>().updated_at)).toBeGreaterThanOrEqual(Date.parse(off.json<SecuritySettings>().updated_at))
    expect((await sb.api<SecuritySettings>('GET', '/projects/20/security_settings')).body).toEqual(on.json())
  })

  it("the platform's 401 to a Developer reads as not allowed (exit 5), leaving the setting as it was", async () => {
    const before = (await sb.api<SecuritySettings>('GET', '/projects/21/security_settings')).body
    const result = await sb.run(['security-settings', 'update', '-p', '21', SWITCH], {as: 'developer'})
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('changing the security settings of project 21 needs the Maintainer role at least (the server answered 401)')
    expect(result.stderr).not.toContain('auth login')
    expect((await sb.api<SecuritySettings>('GET', '/projects/21/security_settings')).body).toEqual(before)
  })

  it('requires exactly one of the two forms, sending nothing otherwise (exit 2)', async () => {
    const neither = await sb.runCounted(['security-settings', 'update', '-p', '20'], {as: 'maintainer'})
    expect(neither.result.code).toBe(2)
    expect(neither.result.stderr).toBe(`Error: missing ${SWITCH} (reject pushes that contain secrets: true, or false with ${NO_SWITCH})\n`)
    expect(neither.requests).toBe(0)
    const both = await sb.runCounted(['security-settings', 'update', '-p', '20', SWITCH, NO_SWITCH], {as: 'maintainer'})
    expect(both.result.code).toBe(2)
    expect(both.result.stderr).toContain(`give either ${SWITCH} or ${NO_SWITCH}, not both`)
    expect(both.requests).toBe(0)
  })

  it('on a terminal, neither form asks: true or false', async () => {
    const t = await TerminalSession.start(['security-settings', 'update', '-p', '21', '--json'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.maintainer,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    try {
      const screen = await t.waitFor('❯')
      expect(screen).toContain('? Reject pushes that contain secrets')
      // the two answers, each on a line of its own, the first one selected
      expect(screen).toMatch(/^\s*❯ true\s*$/m)
      expect(screen).toMatch(/^\s+false\s*$/m)
      await t.press('Enter')
      expect(await t.exitCode()).toBe(0)
      expect(await t.screen()).toContain('"secret_push_protection_enabled": true')
    } finally {
      await t.close()
    }
    expect((await sb.api<SecuritySettings>('GET', '/projects/21/security_settings')).body.secret_push_protection_enabled).toBe(true)
  })

  it('--dry-run prints the body and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['security-settings', 'update', '-p', '20', NO_SWITCH, '--dry-run'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN PUT ${sb.url}/api/v4/projects/20/security_settings`)
    expect(result.stderr).toContain('{"secret_push_protection_enabled":false}')
    expect(result.stderr).not.toContain('sandbox-maintainer-token')
  })
})
