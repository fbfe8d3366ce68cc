// `auth login` at a terminal on a headless server (issue 36): no keyring service exists at all, so it says
// so in one plain sentence and offers the settings file, readable by the user only, on their word (the
// default is no); the choice is the profile's, asked once. A keyring that exists but is locked is never
// replaced: the error stands, nothing is offered. Off a terminal: test/commands/auth-keyring.test.ts.
import {existsSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'
import {type SecretService, startBareBus, startSecretService} from '../helpers/secret-service.js'
import {sandboxTerminals, type TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const terminals = sandboxTerminals(sb, TOKENS.developer)
let bare: ReturnType<typeof startBareBus>
let locked: SecretService
beforeAll(() => {
  bare = startBareBus()
  locked = startSecretService()
})
afterAll(() => {
  bare?.stop()
  locked?.stop()
})

const QUESTION = 'Keep it in the settings file'
/** no store chosen (the terminal helper chooses the file, and CI would), the token typed at the prompt */
async function login(dir: string, bus: Record<string, string>): Promise<TerminalSession> {
  const t = await terminals(['auth', 'login', '--host', sb.url], {FORGECTL_CONFIG_DIR: dir, FORGECTL_TOKEN: '', FORGECTL_HOST: '', FORGECTL_TOKEN_STORE: '', CI: '', ...bus})
  await t.waitFor('? Access token')
  await t.type(TOKENS.owner)
  await t.press('Enter')
  return t
}
const config = (dir: string) => readFileSync(join(dir, 'config.json'), 'utf8')

describe('auth login on a terminal with no keyring service at all', () => {
  // a session bus with no Secret Service on it, and no bus at all (its socket gone)
  const buses: Array<[string, () => Record<string, string>]> = [
    ['a bus without a Secret Service', () => bare.env],
    ['no bus', () => ({DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/forgectl-test-bus'})],
  ]
  for (const [what, bus] of buses) {
    it(`${what}: says so in one plain sentence and offers the file; the default, no, stores nothing`, async () => {
      const dir = freshConfigDir()
      const t = await login(dir, bus())
      const screen = await t.waitFor(QUESTION)
      expect(await t.writtenLines()).toContain('There is no system keyring here to keep the token in, as on a server without a desktop session.')
      expect(screen).toMatch(/\(y\/N\)/)
      expect(screen).not.toMatch(/d-?bus|autolaunch|platform failure/i)
      await t.press('Enter')
      expect(await t.exitCode()).toBe(1)
      expect(await t.writtenLines()).toContain('Error: nothing was stored: log in again with --insecure-storage to keep the token in the settings file, or give it to each run in FORGECTL_TOKEN')
      // no file at all, or one without the token: nothing stored
      expect(existsSync(join(dir, 'config.json')) ? config(dir) : '').not.toContain(TOKENS.owner)
    })
  }

  it('a yes keeps the token in the 0600 settings file, and the profile keeps that choice: the next login asks nothing', async () => {
    const dir = freshConfigDir()
    const t = await login(dir, bare.env)
    await t.waitFor(`${QUESTION} ${join(dir, 'config.json')} instead, readable by you only?`)
    await t.type('y')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(0)
    expect(await t.screen()).toContain('Logged in to')
    expect(JSON.parse(config(dir)).profiles.default).toMatchObject({token: TOKENS.owner, 'token-store': 'file'})
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600)

    const again = await login(dir, bare.env)
    expect(await again.exitCode()).toBe(0)
    expect(await again.screen()).not.toContain(QUESTION)
  })
})

describe('auth login on a terminal with a keyring that is there but locked', () => {
  it('says why, offers nothing, and leaves the stored profile as it was', async () => {
    const dir = freshConfigDir()
    const first = await runCli(['auth', 'login', '--host', sb.url, '--token-stdin'], {
      spawn: true,
      stdin: `${TOKENS.developer}\n`,
      env: {FORGECTL_CONFIG_DIR: dir, FORGECTL_TOKEN_STORE: undefined, CI: undefined, ...locked.env},
    })
    expect(first.code, first.stderr).toBe(0)
    const before = config(dir)
    locked.lock()
    const t = await login(dir, locked.env)
    expect(await t.exitCode()).toBe(1)
    const screen = await t.screen()
    expect(screen).toContain('Error: cannot store the token in the system keyring (')
    expect(screen).not.toContain(QUESTION)
    expect(config(dir)).toBe(before)
  })
})
