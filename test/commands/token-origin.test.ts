// A stored token goes only to the origin it was stored for (issue 35, item 3): a run aimed at another
// host by --host or FORGECTL_HOST gets no stored token, says so in one line, and takes --token or
// FORGECTL_TOKEN for that host. The other host is a recording server of the test's own, so that what
// reached it (and with which PRIVATE-TOKEN) is seen, not guessed.
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
let other: HostileServer
beforeAll(async () => {
  // the platform answers a request without a token to a private resource with 401 (lib/api/helpers.rb, authenticate!)
  other = await startHostileServer(answers.json(401, {message: '401 Unauthorized'}))
})
afterAll(() => other?.close())

const cli = (dir: string, args: string[], env: Record<string, string | undefined> = {}) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir, ...env}})

/** a settings folder whose default profile holds the admin token, for the sandbox's host */
async function loggedIn(): Promise<string> {
  const dir = freshConfigDir()
  const login = await cli(dir, ['auth', 'login', '--host', sb.url, '--token', TOKENS.admin])
  expect(login.code, login.stderr).toBe(0)
  return dir
}

/** the tokens the other host was sent since `from` */
const tokensSentToOther = (from: number) => other.requests.slice(from).map(r => r.headers['private-token'])

const port = () => new URL(sb.url).port

describe('a stored token stays with its host', () => {
  it('is not sent to a host named by --host, FORGECTL_HOST, or --host beside a typed --profile; the run says so in one line', async () => {
    const dir = await loggedIn()
    const ways: Array<{args: string[]; env: Record<string, string>; from: string}> = [
      {args: ['--host', other.url], env: {}, from: '--host'},
      {args: [], env: {FORGECTL_HOST: other.url}, from: 'FORGECTL_HOST'},
      {args: [], env: {FORGECTL_HOST: other.url, FORGECTL_PROFILE: 'default'}, from: 'FORGECTL_HOST'},
      {args: ['--profile', 'default', '--host', other.url], env: {}, from: '--host'},
    ]
    for (const {args, env, from} of ways) {
      const before = other.requests.length
      const result = await cli(dir, ['labels', 'list', '-p', '1', '--json', ...args], env)
      expect(tokensSentToOther(before), from).toEqual([undefined])
      expect(result.code, result.stderr).toBe(4)
      const warning = result.stderr.split('\n').filter(line => line.includes('is not sent to'))
      expect(warning).toEqual([`Warning: the stored token of profile "default" is for ${sb.url} and is not sent to ${other.url} (${from}); pass --token or set FORGECTL_TOKEN for ${other.url}`])
      expect(result.stderr).toContain('No token was sent: the stored one belongs to another host')
    }
  })

  it('plan, with and without --dry-run (its reads have a client of their own), sends no stored token elsewhere and says so', async () => {
    const dir = await loggedIn()
    const file = join(dir, 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      bug: {color: red}\n')
    for (const extra of [[], ['--dry-run']]) {
      const before = other.requests.length
      const result = await cli(dir, ['plan', '-f', file, ...extra], {FORGECTL_HOST: other.url})
      expect(other.requests.length, extra.join(' ')).toBeGreaterThan(before)
      expect(new Set(tokensSentToOther(before))).toEqual(new Set([undefined]))
      expect(result.stderr.split('\n').filter(line => line.includes('is not sent to'))).toHaveLength(1)
    }
  })

  it('takes --token or FORGECTL_TOKEN for the other host instead, and says nothing of the stored one', async () => {
    const dir = await loggedIn()
    for (const [args, env] of [
      [['--host', other.url, '--token', 'glpat-for-the-other-host'], {}],
      [[], {FORGECTL_HOST: other.url, FORGECTL_TOKEN: 'glpat-for-the-other-host'}],
    ] as Array<[string[], Record<string, string>]>) {
      const before = other.requests.length
      const result = await cli(dir, ['labels', 'list', '-p', '1', '--json', ...args], env)
      expect(tokensSentToOther(before)).toEqual(['glpat-for-the-other-host'])
      expect(result.stderr).not.toContain('is not sent to')
    }
  })

  it('goes to its own host however that host is spelled: case, default port, trailing slash, /api/v4 (property)', async () => {
    const dir = await loggedIn()
    const spellings = fc.record({
      scheme: fc.constantFrom('http://', 'HTTP://', 'Http://'),
      host: fc.constantFrom('127.0.0.1', '127.0.0.1', '127.1'),
      tail: fc.constantFrom('', '/', '//', '/api/v4', '/api/v4/', '/API/v4'.toLowerCase()),
    })
    await fc.assert(
      fc.asyncProperty(spellings, async ({scheme, host, tail}) => {
        const result = await cli(dir, ['labels', 'list', '-p', '20', '-q'], {FORGECTL_HOST: `${scheme}${host}:${port()}${tail}`})
        expect(result.code, result.stderr).toBe(0)
        expect(result.stderr).not.toContain('is not sent to')
      }),
      {numRuns: 8},
    )
  })

  it('another origin is another host: localhost for 127.0.0.1, another port, https for http', async () => {
    const dir = await loggedIn()
    for (const elsewhere of [sb.url.replace('127.0.0.1', 'localhost'), `http://127.0.0.1:${other.port}`, `https://127.0.0.1:${port()}`]) {
      const status = await cli(dir, ['auth', 'status', '--json'], {FORGECTL_HOST: elsewhere})
      expect(status.code, elsewhere).toBe(4)
      expect(status.json()).toMatchObject({token: '(none)', token_source: 'none', accepted: false})
      expect(status.stderr).toContain(`Error: no token: the stored token of profile "default" is for ${sb.url} and is not sent to ${elsewhere}`)
    }
  })

  it('auth token prints nothing for another host, as the commands would send nothing', async () => {
    const dir = await loggedIn()
    const token = await cli(dir, ['auth', 'token'], {FORGECTL_HOST: other.url})
    expect(token.code).toBe(4)
    expect(token.stdout).toBe('')
    expect(token.stderr).not.toContain(TOKENS.admin)
    expect(token.stderr).toContain('is not sent to')
    // aimed at its own host, it is printed as before
    expect((await cli(dir, ['auth', 'token'], {FORGECTL_HOST: `${sb.url}/`})).stdout).toBe(`${TOKENS.admin}\n`)
  })

  it('a profile that names no host sends its token to none', async () => {
    const dir = freshConfigDir()
    expect((await cli(dir, ['config', 'set', 'token', TOKENS.admin])).code).toBe(0)
    const before = other.requests.length
    const result = await cli(dir, ['labels', 'list', '-p', '1', '--json'], {FORGECTL_HOST: other.url})
    expect(tokensSentToOther(before)).toEqual([undefined])
    expect(result.stderr).toContain(`profile "default" names no host, so its stored token is sent to none: not to ${other.url} (FORGECTL_HOST)`)
  })

  it('config set host to another origin keeps the token from going there: refused, the profile as it was; the same origin respelled is fine', async () => {
    const dir = await loggedIn()
    const refused = await cli(dir, ['config', 'set', 'host', other.url])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(
      `Error: profile "default" holds a token for ${sb.url}, which goes only there: to use ${other.url}, log in to it (\`forgectl auth login --host ${other.url} --profile default\`), or remove the token first (\`forgectl auth logout --profile default\`)\n`,
    )
    expect((await cli(dir, ['config', 'get', 'host'])).stdout).toBe(`${sb.url}\n`)
    expect((await cli(dir, ['config', 'set', 'host', `${sb.url.toUpperCase().replace('HTTP', 'http')}/api/v4/`])).code).toBe(0)
    // logged out, the profile holds no token, and its host is the user's to change
    expect((await cli(dir, ['auth', 'logout'])).code).toBe(0)
    expect((await cli(dir, ['config', 'set', 'host', other.url])).code).toBe(0)
  })

  it('tokens rotate --update-profile aimed at another host sends nothing and writes nothing back', async () => {
    const dir = await loggedIn()
    const before = other.requests.length
    const result = await cli(dir, ['tokens', 'rotate', 'self', '--update-profile', '-y'], {FORGECTL_HOST: other.url})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--update-profile: the stored token of profile "default"')
    expect(other.requests.length).toBe(before)
  })
})
