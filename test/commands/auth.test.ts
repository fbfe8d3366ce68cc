import {chmodSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import type {AddressInfo} from 'node:net'
import {createServer} from 'node:net'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

/** a loopback port nobody listens on */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise(resolve => server.close(resolve))
  return port
}

/** forgectl with its own config folder and nothing from the environment unless given */
const cli = (dir: string, args: string[], env: Record<string, string> = {}, stdin?: string) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir, ...env}, stdin})

describe('auth login', () => {
  it('verifies the token with GET /user, then stores host and token in a 0600 file in a 0700 folder (FORGECTL_TOKEN_STORE=file, as in every test but the keyring ones)', async () => {
    const dir = join(freshConfigDir(), 'nested')
    const result = await cli(dir, ['auth', 'login', '--host', sb.url, '--token-stdin', '--json'], {}, `${sb.sandbox.tokens.developer}\n`)
    expect(result.code).toBe(0)
    expect(result.json()).toEqual({profile: 'default', host: sb.url, username: 'bob', name: 'Bob Developer', token_store: 'file'})
    expect(result.stderr).toContain('Logged in to')
    expect(result.stdout + result.stderr).not.toContain(sb.sandbox.tokens.developer)
    const file = join(dir, 'config.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default).toMatchObject({host: sb.url, token: sb.sandbox.tokens.developer})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/user'})
  })

  it('stores nothing when the server rejects the token', async () => {
    const dir = freshConfigDir()
    const result = await cli(dir, ['auth', 'login', '--host', sb.url, '--token', 'not-a-token'])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/^Error: 401 Unauthorized/)
    expect(result.stderr).not.toContain('not-a-token')
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow()
  })

  it('without a terminal and without a token, fails naming what is missing', async () => {
    const result = await cli(freshConfigDir(), ['auth', 'login', '--host', sb.url])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--token-stdin')
  })

  it('refuses to send a token over plain HTTP to a non-loopback host unless --allow-http', async () => {
    const result = await cli(freshConfigDir(), ['auth', 'login', '--host', 'http://forge.example.com', '--token', 'abcdefgh1234'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('refusing to send a token over plain HTTP to forge.example.com')
    expect(result.stderr).not.toContain('abcdefgh1234')
  })

  it('keeps profiles apart', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.admin, '--profile', 'admin'])
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.reporter])
    const asAdmin = await cli(dir, ['auth', 'status', '--profile', 'admin', '--json'])
    expect(asAdmin.json()).toMatchObject({profile: 'admin', user: 'root', token_source: 'profile "admin"'})
    const byEnv = await cli(dir, ['auth', 'status', '--json'], {FORGECTL_PROFILE: 'admin'})
    expect(byEnv.json()).toMatchObject({user: 'root'})
    const byDefault = await cli(dir, ['auth', 'status', '--json'])
    expect(byDefault.json()).toMatchObject({profile: 'default', user: 'erin'})
  })
})

describe('connection precedence: flags > environment > stored profile', () => {
  it('uses the stored profile, then the environment over it, then flags over both', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.reporter])
    const stored = await cli(dir, ['auth', 'status', '--json'])
    expect(stored.json()).toMatchObject({user: 'erin', token_source: 'profile "default"', host_source: 'profile "default"', accepted: true})
    const env = await cli(dir, ['auth', 'status', '--json'], {FORGECTL_TOKEN: sb.sandbox.tokens.maintainer})
    expect(env.json()).toMatchObject({user: 'dave', token_source: 'FORGECTL_TOKEN'})
    const flag = await cli(dir, ['auth', 'status', '--json', '--token', sb.sandbox.tokens.owner], {FORGECTL_TOKEN: sb.sandbox.tokens.maintainer})
    expect(flag.json()).toMatchObject({user: 'alice', token_source: '--token'})
    const closed = `http://127.0.0.1:${await closedPort()}`
    // another host by --host: the profile's token stays with the profile's host (issue 35), so --token goes with it
    const hostFlag = await cli(dir, ['auth', 'status', '--json', '--host', closed, '--retries', '0', '--token', sb.sandbox.tokens.owner], {FORGECTL_HOST: sb.url})
    expect(hostFlag.json()).toMatchObject({host: closed, host_source: '--host', token_source: '--token', accepted: false})
    expect(hostFlag.code).toBe(1)
    expect(hostFlag.stderr).toContain('connection refused')
  })

  it('masks the token in auth status and prints it whole only in auth token', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.owner])
    const status = await cli(dir, ['auth', 'status', '--json'])
    expect(status.json()).toMatchObject({token: '****oken'})
    expect(status.stdout).not.toContain(sb.sandbox.tokens.owner)
    const token = await cli(dir, ['auth', 'token'])
    expect(token.stdout).toBe(`${sb.sandbox.tokens.owner}\n`)
  })

  it('--token "", --host "" and --ca-file "" (a script\'s unset variable) are refused, not taken as absent: the profile\'s admin token is not used in their place', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.admin])
    for (const flag of ['--token', '--host', '--ca-file']) {
      for (const empty of ['', ' ']) {
        const before = sb.sandbox.requests.length
        const result = await cli(dir, ['labels', 'delete', 'bug', '-p', '20', '--yes', `${flag}=${empty}`])
        expect(result.code, `${flag}=${JSON.stringify(empty)}`).toBe(2)
        expect(result.stderr).toBe(`Error: ${flag} is empty (an unset variable?): give a value, or leave ${flag} out\n`)
        expect(sb.sandbox.requests.length).toBe(before)
      }
    }
    expect((await cli(dir, ['auth', 'login', '--host', sb.url, '--token', ''])).code).toBe(2)
  })

  it('auth token prints the token the commands send: a typed --profile beats FORGECTL_TOKEN, FORGECTL_PROFILE does not', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.owner, '--profile', 'prod'])
    const env = {FORGECTL_TOKEN: sb.sandbox.tokens.reporter}
    const status = await cli(dir, ['auth', 'status', '--profile', 'prod', '--json'], env)
    expect(status.json()).toMatchObject({user: 'alice', token_source: 'profile "prod"'})
    expect((await cli(dir, ['auth', 'token', '--profile', 'prod'], env)).stdout).toBe(`${sb.sandbox.tokens.owner}\n`)
    expect((await cli(dir, ['auth', 'token'], {...env, FORGECTL_PROFILE: 'prod'})).stdout).toBe(`${sb.sandbox.tokens.reporter}\n`)
    // a profile named wrongly is refused as every command refuses it, FORGECTL_TOKEN or not
    expect((await cli(dir, ['auth', 'token', '--profile', 'a b'], env)).code).toBe(2)
  })

  it('auth token holds FORGECTL_TOKEN to the token rule, as every command does: a line break or a space is refused (exit 2), never printed, never quoted', async () => {
    const dir = freshConfigDir()
    for (const token of ['sekrit\r\nX-Evil: 1', 'sekrit en', 'sekrit\u00e9']) {
      const result = await cli(dir, ['auth', 'token'], {FORGECTL_TOKEN: token})
      expect(result.code, result.stderr).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/^Error: FORGECTL_TOKEN: an access token is printable ASCII without spaces, and this one holds /)
      expect(result.stderr).not.toContain('sekrit')
    }
    expect((await cli(dir, ['auth', 'token'], {FORGECTL_TOKEN: 'good-token'})).stdout).toBe('good-token\n')
  })

  it('auth status exits 4 when the server rejects the token, and logout removes it', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.owner])
    const rejected = await cli(dir, ['auth', 'status', '--json'], {FORGECTL_TOKEN: 'revoked-token'})
    expect(rejected.code).toBe(4)
    expect(rejected.json()).toMatchObject({accepted: false})
    const logout = await cli(dir, ['auth', 'logout'])
    expect(logout.code).toBe(0)
    const after = await cli(dir, ['auth', 'token'])
    expect(after.code).toBe(4)
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default).toEqual({host: sb.url, 'token-store': 'file'})
  })
})

describe('config', () => {
  it('sets, gets, lists and unsets settings; path prints the file', async () => {
    const dir = freshConfigDir()
    expect((await cli(dir, ['config', 'set', 'host', 'forge.example.com'])).code).toBe(0)
    expect((await cli(dir, ['config', 'get', 'host'])).stdout).toBe('https://forge.example.com\n')
    expect((await cli(dir, ['config', 'set', 'timeout', '45'])).code).toBe(0)
    expect((await cli(dir, ['config', 'set', 'output', 'yaml', '--profile', 'ci'])).code).toBe(0)
    const list = await cli(dir, ['config', 'list', '--json'])
    expect(list.json()).toEqual({host: 'https://forge.example.com', timeout: 45})
    expect((await cli(dir, ['config', 'unset', 'timeout'])).code).toBe(0)
    expect((await cli(dir, ['config', 'get', 'timeout'])).code).toBe(3)
    expect((await cli(dir, ['config', 'path'])).stdout).toBe(join(dir, 'config.json') + '\n')
  })

  it('rejects unknown keys and bad values with exit 2', async () => {
    const dir = freshConfigDir()
    const key = await cli(dir, ['config', 'set', 'colour', 'blue'])
    expect(key.code).toBe(2)
    const value = await cli(dir, ['config', 'set', 'timeout', 'soon'])
    expect(value.code).toBe(2)
    expect(value.stderr).toContain('timeout "soon": must be a duration from 1s to 24h')
  })

  it('the stored output format becomes the default', async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', sb.sandbox.tokens.developer])
    await cli(dir, ['config', 'set', 'output', 'csv'])
    const result = await cli(dir, ['labels', 'list', '-p', '20', '--columns', 'name'])
    expect(result.stdout).toBe('name\nbug\nfeature\npriority::high\n')
  })

  it('repairs a config file that others can read', async () => {
    const dir = freshConfigDir()
    mkdirSync(dir, {recursive: true})
    const file = join(dir, 'config.json')
    writeFileSync(file, JSON.stringify({profiles: {default: {host: sb.url, token: sb.sandbox.tokens.developer}}}))
    chmodSync(file, 0o644)
    const result = await cli(dir, ['labels', 'list', '-p', '20', '-q'])
    expect(result.code).toBe(0)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})

describe('auth login while FORGECTL_TOKEN is set, and the hints of a 401 (issue 23.13)', () => {
  it('says at login that the environment wins, naming the variable, and stores the token', async () => {
    const dir = freshConfigDir()
    const login = await cli(dir, ['auth', 'login', '--host', sb.url, '--token', TOKENS.developer], {FORGECTL_TOKEN: 'an-old-token'})
    expect(login.code, login.stderr).toBe(0)
    expect(login.stderr).toContain(
      'Warning: FORGECTL_TOKEN is set in this environment and wins over what was stored in profile "default" unless --profile is given: `unset FORGECTL_TOKEN` to use the new login.',
    )
    expect(login.stderr).not.toContain('an-old-token')
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default.token).toBe(TOKENS.developer)
    // the same token in the environment wins over nothing: no warning
    const same = await cli(freshConfigDir(), ['auth', 'login', '--host', sb.url], {FORGECTL_TOKEN: TOKENS.developer})
    expect(same.code, same.stderr).toBe(0)
    expect(same.stderr).not.toContain('Warning')
  })

  it('-q keeps the warning', async () => {
    const login = await cli(freshConfigDir(), ['auth', 'login', '--host', sb.url, '--token', TOKENS.developer, '-q'], {FORGECTL_TOKEN: 'an-old-token', FORGECTL_HOST: 'https://elsewhere.example.com'})
    expect(login.code, login.stderr).toBe(0)
    expect(login.stderr).toContain('Warning: FORGECTL_HOST and FORGECTL_TOKEN are set in this environment and win over')
  })

  it("a 401 with FORGECTL_TOKEN's token says the token came from there", async () => {
    const dir = freshConfigDir()
    await cli(dir, ['auth', 'login', '--host', sb.url, '--token', TOKENS.developer])
    const result = await cli(dir, ['labels', 'list', '-p', '20'], {FORGECTL_TOKEN: 'revoked-token'})
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(
      /^Error: 401 Unauthorized[^\n]*\nThe token came from FORGECTL_TOKEN, which wins over a stored login: check it \(`forgectl auth status`\), or unset FORGECTL_TOKEN to use the stored one\.\n$/,
    )
    expect(result.stderr).not.toContain('revoked-token')
  })

  it('a 401 without a token says that no token was sent, and how to give one', async () => {
    const result = await sb.run(['labels', 'list', '-p', '20'], {as: null})
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/^Error: 401 Unauthorized[^\n]*\nNo token was sent: log in with `forgectl auth login`, set FORGECTL_TOKEN, or pass --token\.\n$/)
  })

  it('a 401 with a stored token advises a new login into that profile', async () => {
    const dir = freshConfigDir()
    writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {ci: {host: sb.url, token: 'revoked-token'}}}), {mode: 0o600})
    const result = await cli(dir, ['labels', 'list', '-p', '20', '--profile', 'ci'])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/\nCheck the token: `forgectl auth status --profile ci`, or log in again with `forgectl auth login --profile ci`\.\n$/)
  })
})
