// Tokens in the system keyring (issue 30, point 1), against a real Secret Service (gnome-keyring on a
// D-Bus session of the test's own: test/helpers/secret-service.ts). Spawned runs: the keyring library
// is native and talks to the bus of the process it is loaded in.
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'
import {type SecretService, startBareBus, startSecretService} from '../helpers/secret-service.js'

/**
 * A safety net, not a measure: every keyring call is a Node process of its own (keyring.ts), and a test
 * here runs up to a dozen spawned commands, which on a loaded 2-core machine passed the default 30 s
 */
const SLOW = {timeout: 120_000}

const sb = useSandbox()
let keyring: SecretService
beforeAll(() => {
  keyring = startSecretService()
})
afterAll(() => keyring?.stop())

/** forgectl with the keyring reachable and no store chosen: what a person's machine does */
const cli = (dir: string, args: string[], options: {stdin?: string; env?: Record<string, string | undefined>} = {}): Promise<RunResult> =>
  runCli(args, {spawn: true, stdin: options.stdin, env: {FORGECTL_CONFIG_DIR: dir, FORGECTL_TOKEN_STORE: undefined, CI: undefined, ...keyring.env, ...options.env}})
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles as Record<string, Record<string, unknown>>
const fileText = (dir: string) => readFileSync(join(dir, 'config.json'), 'utf8')
/** the keyring's entry for `account` as the library reads it, null when there is none */
function keyringEntry(account: string): string | null {
  const library = join(import.meta.dirname, '../../node_modules/@napi-rs/keyring')
  const read = `new (require(${JSON.stringify(library)}).AsyncEntry)('forgectl', ${JSON.stringify(account)}, {linux: {store: 'secret-service'}}).getPassword().then(v => process.stdout.write(JSON.stringify(v ?? null)))`
  return JSON.parse(execFileSync(process.execPath, ['-e', read], {env: {...process.env, ...keyring.env}, encoding: 'utf8'}))
}
/** a bus nobody listens on: no keyring can be reached */
const NO_BUS = {DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/forgectl-test-bus'}

async function login(dir: string, token: string, extra: string[] = [], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return cli(dir, ['auth', 'login', '--host', sb.url, '--token-stdin', '--json', ...extra], {stdin: `${token}\n`, env})
}

describe('auth login to the system keyring', SLOW, () => {
  it('stores the token in the keyring, not in the file, and every command reads it from there', async () => {
    const dir = freshConfigDir()
    const result = await login(dir, TOKENS.developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toMatchObject({username: 'bob', token_store: 'keyring'})
    expect(stored(dir).default).toEqual({host: sb.url, 'token-store': 'keyring'})
    expect(fileText(dir)).not.toContain(TOKENS.developer)

    const labels = await cli(dir, ['labels', 'list', '-p', '20', '-q'])
    expect(labels.code, labels.stderr).toBe(0)
    expect(labels.stdout).toMatch(/^\d+\n/)
    expect((await cli(dir, ['auth', 'token'])).stdout).toBe(`${TOKENS.developer}\n`)
    // `config list` says where the token is without reading it
    expect((await cli(dir, ['config', 'get', 'token'])).stdout.trim()).toBe('(in the system keyring)')
  })

  it('auth status names the keyring; logout removes the token from it', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.maintainer)
    const status = await cli(dir, ['auth', 'status', '--json'])
    expect(status.json()).toMatchObject({token_source: 'profile "default"', token_store: 'keyring', accepted: true, user: 'dave'})
    const logout = await cli(dir, ['auth', 'logout'])
    expect(logout.code, logout.stderr).toBe(0)
    expect(logout.stderr).toContain('Removed the token of profile "default"')
    const token = await cli(dir, ['auth', 'token'])
    expect(token.code).toBe(4)
    // and the keyring itself no longer holds it
    expect(keyringEntry(`default@${dir}`)).toBeNull()
    const again = await cli(dir, ['auth', 'logout'])
    expect(again.stderr).toContain('has no stored token')
  })

  it('after a logout every reader agrees there is no token, without asking the keyring; the next login still goes to the keyring', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.maintainer)
    expect((await cli(dir, ['auth', 'logout'])).code).toBe(0)
    // the keyring unreachable now: nothing below may need it
    const get = await cli(dir, ['config', 'get', 'token'], {env: NO_BUS})
    expect([get.code, get.stdout, get.stderr]).toEqual([3, '', 'Error: token is not set\n'])
    const list = await cli(dir, ['config', 'list', '--json'], {env: NO_BUS})
    expect(list.json()).toEqual({host: sb.url, 'token-store': 'keyring'})
    const token = await cli(dir, ['auth', 'token'], {env: NO_BUS})
    expect([token.code, token.stderr]).toEqual([4, 'Error: no token: run `forgectl auth login`, or set FORGECTL_TOKEN\n'])
    const status = await cli(dir, ['auth', 'status', '--json'], {env: NO_BUS})
    expect(status.code).toBe(4)
    expect(status.json()).toMatchObject({token: '(none)', token_source: 'none', token_store: null})
    expect((await cli(dir, ['auth', 'logout'], {env: NO_BUS})).stderr).toContain('has no stored token')
    // the profile's choice of store stays: the next login goes to the keyring, and config says so again
    expect((await login(dir, TOKENS.developer)).json()).toMatchObject({token_store: 'keyring'})
    expect(stored(dir).default).toEqual({host: sb.url, 'token-store': 'keyring'})
    expect((await cli(dir, ['config', 'get', 'token'])).stdout).toBe('(in the system keyring)\n')
    expect((await cli(dir, ['auth', 'token'])).stdout).toBe(`${TOKENS.developer}\n`)
  })

  it('config set token-store keyring on a profile without a token says none is stored, and moves nothing', async () => {
    const dir = freshConfigDir()
    const set = await cli(dir, ['config', 'set', 'token-store', 'keyring'], {env: NO_BUS})
    expect(set.code, set.stderr).toBe(0)
    expect((await cli(dir, ['config', 'get', 'token'], {env: NO_BUS})).code).toBe(3)
    expect((await cli(dir, ['config', 'set', 'token-store', 'file'], {env: NO_BUS})).code).toBe(0)
    expect((await cli(dir, ['config', 'unset', 'token-store'], {env: NO_BUS})).code).toBe(0)
    expect(stored(dir).default).toEqual({})
  })

  it('profiles are separate entries', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.developer, ['--profile', 'dev'])
    await login(dir, TOKENS.admin, ['--profile', 'root'])
    expect((await cli(dir, ['auth', 'token', '--profile', 'dev'])).stdout).toBe(`${TOKENS.developer}\n`)
    expect((await cli(dir, ['auth', 'token', '--profile', 'root'])).stdout).toBe(`${TOKENS.admin}\n`)
  })

  it('two settings folders (FORGECTL_CONFIG_DIR) with a profile of the same name keep a token each', async () => {
    const [work, home] = [freshConfigDir(), freshConfigDir()]
    await login(work, TOKENS.admin)
    await login(home, TOKENS.reporter)
    // keyed by the profile's name alone, the second login replaced the first's token, which the next
    // command of the first folder then sent to its host
    expect((await cli(work, ['auth', 'token'])).stdout).toBe(`${TOKENS.admin}\n`)
    expect((await cli(home, ['auth', 'token'])).stdout).toBe(`${TOKENS.reporter}\n`)
    expect((await cli(home, ['auth', 'logout'])).code).toBe(0)
    expect((await cli(work, ['auth', 'token'])).stdout).toBe(`${TOKENS.admin}\n`)
  })

  it('a keyring value that is no token (another tool wrote the entry) is refused by the token rule, never printed nor sent', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.developer, ['--profile', 'tampered'])
    // the entry rewritten from outside, as `secret-tool store` would: a header after a line break
    const library = join(import.meta.dirname, '../../node_modules/@napi-rs/keyring')
    const write = `new (require(${JSON.stringify(library)}).AsyncEntry)('forgectl', ${JSON.stringify(`tampered@${dir}`)}, {linux: {store: 'secret-service'}}).setPassword(${JSON.stringify(`${TOKENS.developer}\r\nX-Evil: 1`)})`
    execFileSync(process.execPath, ['-e', write], {env: {...process.env, ...keyring.env}})
    for (const args of [
      ['auth', 'token'],
      ['labels', 'list', '-p', '20'],
    ]) {
      const before = sb.sandbox.requests.length
      const result = await cli(dir, [...args, '--profile', 'tampered'])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(
        'Error: the token of profile "tampered" in the system keyring: an access token is printable ASCII without spaces, and this one holds a line break: log in again to replace it (`forgectl auth login --profile tampered`)\n',
      )
      expect(sb.sandbox.requests.length).toBe(before)
    }
  })

  it('tokens rotate self --update-profile replaces the keyring entry', async () => {
    const dir = freshConfigDir()
    const created = await sb.api<{token: string}>('POST', '/users/3/personal_access_tokens', {as: 'admin', body: {name: 'rotated-in-keyring', scopes: ['api']}})
    await login(dir, created.body.token)
    const rotate = await cli(dir, ['tokens', 'rotate', 'self', '--update-profile', '--yes', '--json'])
    expect(rotate.code, rotate.stderr).toBe(0)
    const now = (await cli(dir, ['auth', 'token'])).stdout.trim()
    expect(now).not.toBe(created.body.token)
    expect(now).toMatch(/^glpat-/)
    expect(fileText(dir)).not.toContain(now)
    expect((await cli(dir, ['auth', 'status', '--json'])).json()).toMatchObject({accepted: true, token_store: 'keyring'})
  })

  it('config set token-store moves the stored token between the keyring and the file', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.reporter)
    const toFile = await cli(dir, ['config', 'set', 'token-store', 'file'])
    expect(toFile.stderr).toContain('Moved the token of profile "default" to the settings file')
    expect(stored(dir).default).toMatchObject({token: TOKENS.reporter, 'token-store': 'file'})
    const back = await cli(dir, ['config', 'set', 'token-store', 'keyring'])
    expect(back.code, back.stderr).toBe(0)
    expect(stored(dir).default).toEqual({host: sb.url, 'token-store': 'keyring'})
    expect((await cli(dir, ['auth', 'token'])).stdout).toBe(`${TOKENS.reporter}\n`)
    // unsetting the setting would lose track of the token: refused
    const unset = await cli(dir, ['config', 'unset', 'token-store'])
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain('is in the system keyring')
  })
})

describe('the file instead of the keyring', SLOW, () => {
  it('--insecure-storage, FORGECTL_TOKEN_STORE=file and CI keep the token in the 0600 file', async () => {
    for (const [extra, env] of [
      [['--insecure-storage'], {}],
      [[], {FORGECTL_TOKEN_STORE: 'file'}],
      [[], {CI: 'true'}],
    ] as const) {
      const dir = freshConfigDir()
      const result = await login(dir, TOKENS.developer, [...extra], env)
      expect(result.code, result.stderr).toBe(0)
      expect(result.json()).toMatchObject({token_store: 'file'})
      expect(stored(dir).default).toMatchObject({token: TOKENS.developer, 'token-store': 'file'})
    }
  })

  it('a profile stored before the keyring (a token in the file, no token-store) keeps working', async () => {
    const dir = freshConfigDir()
    writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {default: {host: sb.url, token: TOKENS.developer}}}), {mode: 0o600})
    const labels = await cli(dir, ['labels', 'list', '-p', '20', '-q'])
    expect(labels.code, labels.stderr).toBe(0)
    expect((await cli(dir, ['auth', 'status', '--json'])).json()).toMatchObject({accepted: true, token_store: 'file'})
  })
})

describe('no keyring reachable', SLOW, () => {
  it('auth login says so, names the flag to use, and stores nothing', async () => {
    const dir = freshConfigDir()
    const result = await login(dir, TOKENS.developer, [], NO_BUS)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: cannot store the token in the system keyring \(.+; nothing was stored: .*--insecure-storage/)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).not.toContain(TOKENS.developer)
    let text = ''
    try {
      text = fileText(dir)
    } catch {
      // no file at all: nothing stored
    }
    expect(text).not.toContain(TOKENS.developer)
  })

  it('a command whose profile keeps its token there exits 4, saying the keyring cannot be read', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.developer)
    const {code, stderr} = await cli(dir, ['labels', 'list', '-p', '20'], {env: NO_BUS})
    expect(code).toBe(4)
    // no keyring service at all (the bus's socket is gone): nothing to unlock, the two ways that need none, as login says
    expect(stderr).toMatch(
      /^Error: cannot read the token of profile "default" from the system keyring \(this machine has none: no keyring service runs here, as on a server without a desktop session; log in with `forgectl auth login --insecure-storage`.*, or give it to each run in FORGECTL_TOKEN\)\n$/,
    )
    expect(stderr).not.toContain('unlock')
    // one line: the hint to check the token is for a token the server rejected, not for a keyring
    expect(stderr.trim().split('\n')).toHaveLength(1)
    // a token given another way does not need the keyring
    const given = await cli(dir, ['labels', 'list', '-p', '20', '-q'], {env: {...NO_BUS, FORGECTL_TOKEN: TOKENS.developer}})
    expect(given.code, given.stderr).toBe(0)
  })

  it('auth status still shows what is set up, the token as unreadable with the reason, then the same error line, exit 4', async () => {
    const dir = freshConfigDir()
    await login(dir, TOKENS.developer)
    const before = sb.sandbox.requests.length
    const status = await cli(dir, ['auth', 'status', '--json'], {env: NO_BUS})
    expect(status.code).toBe(4)
    const shown = status.json<Record<string, unknown>>()
    expect(shown).toMatchObject({profile: 'default', host: sb.url, host_source: 'profile "default"', token_source: 'profile "default"', token_store: 'keyring', user: null, accepted: false})
    expect(shown.token).toMatch(/^\(unreadable: .+\)$/)
    expect(shown.error).toMatch(/^cannot read the token of profile "default" from the system keyring/)
    expect(status.stderr).toMatch(
      /^Error: cannot read the token of profile "default" from the system keyring \(this machine has none: .+--insecure-storage.+, or give it to each run in FORGECTL_TOKEN\)\n$/,
    )
    expect(sb.sandbox.requests.length).toBe(before)
    // on a terminal's table as well: the rows come before the error
    const table = await cli(dir, ['auth', 'status', '-o', 'table'], {env: NO_BUS})
    expect(table.code).toBe(4)
    expect(table.stdout).toMatch(/unreadable/)
  })

  // a profile name no earlier run used: the library's silent fall-back, the kernel's keyutils keyring
  // (shared by every process of the user), holds nothing under it, so only a pinned store says the truth
  const fresh = () => `p${process.pid}-${Date.now()}`

  it('never falls back to the kernel keyring: a read says the keyring cannot be reached, not that there is no token', async () => {
    const dir = freshConfigDir()
    const profile = fresh()
    await login(dir, TOKENS.developer, ['--profile', profile])
    const token = await cli(dir, ['auth', 'token', '--profile', profile], {env: NO_BUS})
    expect(token.code).toBe(4)
    expect(token.stderr).toMatch(new RegExp(`^Error: cannot read the token of profile "${profile}" from the system keyring \\(`))
    expect(token.stdout).toBe('')
  })

  it('auth login stores nothing anywhere, the kernel keyring included', async () => {
    const profile = fresh()
    const result = await login(freshConfigDir(), TOKENS.developer, ['--profile', profile], NO_BUS)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('nothing was stored')
    if (existsSync('/proc/keys')) expect(readFileSync('/proc/keys', 'utf8')).not.toContain(`${profile}@forgectl`)
  })

  it('auth login --insecure-storage over a keyring profile says the old token stays in the keyring it cannot reach', async () => {
    const dir = freshConfigDir()
    const profile = fresh()
    await login(dir, TOKENS.developer, ['--profile', profile])
    const moved = await login(dir, TOKENS.reporter, ['--profile', profile, '--insecure-storage'], NO_BUS)
    expect(moved.code, moved.stderr).toBe(0)
    expect(stored(dir)[profile]).toMatchObject({token: TOKENS.reporter, 'token-store': 'file'})
    expect(moved.stderr).toMatch(new RegExp(`Warning: the previous token of profile "${profile}" is still in the system keyring \\(.+\\); forgectl no longer reads it`))
    expect(moved.stderr).not.toContain(TOKENS.developer)
  })

  it('auth logout says the token is still there, exits 1, and a later logout with the keyring back removes it', async () => {
    const dir = freshConfigDir()
    const profile = fresh()
    await login(dir, TOKENS.developer, ['--profile', profile])
    const before = fileText(dir)
    const logout = await cli(dir, ['auth', 'logout', '--profile', profile], {env: NO_BUS})
    expect(logout.code).toBe(1)
    expect(logout.stderr).toMatch(new RegExp(`^Error: cannot remove the token of profile "${profile}" from the system keyring \\(.+; it is still there`))
    // no keyring service at all (the bus's socket is gone): nothing to unlock here, as login and reads say
    expect(logout.stderr).toContain('this machine has none')
    expect(logout.stderr).toContain('again where the keyring can be reached')
    expect(logout.stderr).not.toContain('unlock')
    expect(fileText(dir)).toBe(before)
    expect((await cli(dir, ['auth', 'token', '--profile', profile])).stdout).toBe(`${TOKENS.developer}\n`)
    expect((await cli(dir, ['auth', 'logout', '--profile', profile])).stderr).toContain('Removed the token')
    expect((await cli(dir, ['auth', 'token', '--profile', profile])).code).toBe(4)
  })
})

// Issue 36: a headless server (over SSH, a container) has no keyring service at all. Off a terminal,
// login refuses in plain words and names the two ways that need none; the file is offered only to a
// person at a terminal (test/terminal/headless-login.test.ts). A keyring that exists but is locked keeps
// the library's reason and is never replaced.
describe('no keyring service at all, off a terminal', () => {
  let bare: ReturnType<typeof startBareBus>
  beforeAll(() => {
    bare = startBareBus()
  })
  afterAll(() => bare?.stop())

  const machines: Array<[string, () => Record<string, string | undefined>]> = [
    // libdbus would autolaunch a bus through X11, compiled out: "Using X11 for dbus-daemon autolaunch was disabled"
    ['no D-Bus session bus', () => ({DBUS_SESSION_BUS_ADDRESS: undefined})],
    ['a session bus address whose socket is gone', () => NO_BUS],
    // "The name org.freedesktop.secrets was not provided by any .service files"
    ['a session bus with no Secret Service on it', () => bare.env],
  ]
  for (const [machine, env] of machines) {
    it(`${machine}: auth login says so in one plain line, names --insecure-storage and FORGECTL_TOKEN, stores nothing`, async () => {
      const dir = freshConfigDir()
      const result = await login(dir, TOKENS.developer, [], env())
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(
        /^Error: cannot store the token in the system keyring \(this machine has none: no keyring service runs here, as on a server without a desktop session; nothing was stored: log in with `forgectl auth login --insecure-storage`.*, or give it to each run in FORGECTL_TOKEN\)\n$/,
      )
      expect(result.stderr).not.toMatch(/d-?bus|autolaunch|\.service|socket|platform/i)
      expect(existsSync(join(dir, 'config.json')) ? fileText(dir) : '').not.toContain(TOKENS.developer)
    })
  }
})

describe('a keyring that is there but locked', () => {
  let locked: SecretService
  beforeAll(() => {
    locked = startSecretService()
  })
  afterAll(() => locked?.stop())

  it("auth login keeps the keyring's reason, offers nothing else, and leaves the stored profile as it was", async () => {
    const dir = freshConfigDir()
    expect((await login(dir, TOKENS.developer, [], locked.env)).code).toBe(0)
    const before = fileText(dir)
    locked.lock()
    const result = await login(dir, TOKENS.reporter, [], locked.env)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^Error: cannot store the token in the system keyring \(Couldn't access platform storage: .*unlock.*; nothing was stored: log in with `forgectl auth login --insecure-storage`/,
    )
    expect(result.stderr).not.toContain('this machine has none')
    expect(fileText(dir)).toBe(before)
    expect(stored(dir).default).toMatchObject({'token-store': 'keyring'})
  })
})

describe('a keyring that is there but locked, read by a command', () => {
  let locked: SecretService
  beforeAll(() => {
    locked = startSecretService()
  })
  afterAll(() => locked?.stop())

  it('still says to unlock it (a keyring that exists is never called absent)', async () => {
    const dir = freshConfigDir()
    expect((await login(dir, TOKENS.developer, [], locked.env)).code).toBe(0)
    locked.lock()
    const {code, stderr} = await cli(dir, ['labels', 'list', '-p', '20'], {env: locked.env})
    expect(code).toBe(4)
    expect(stderr).toMatch(/^Error: cannot read the token of profile "default" from the system keyring \(.+; unlock the keyring, or log in with `forgectl auth login --insecure-storage`/)
    expect(stderr).not.toContain('this machine has none')
  })
})
