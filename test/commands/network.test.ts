// When the network is not the happy path: closed ports, names that do not exist, TLS spoken to a
// plain-HTTP port, untrusted certificates, blocked and impossible ports, slow answers, retries seen on
// a terminal, --profile against the environment, and company proxies. Every failure: its exit code,
// one line on stderr, nothing on stdout, and the token nowhere.
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {createServer as createHttpsServer, type Server} from 'node:https'
import {type AddressInfo, createServer as createNetServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {answers, type ForwardProxy, type HostileServer, startForwardProxy, startHostileServer} from '../helpers/hostile-server.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

const TOKEN = 'net-secret-token'
const USER = {id: 1, username: 'net-user', name: 'Net User', state: 'active'}

const dir = mkdtempSync(join(tmpdir(), 'forgectl-net-'))
const cert = join(dir, 'cert.pem')
let tlsServer: Server
let tlsUrl = ''
let plain: HostileServer

beforeAll(async () => {
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    {stdio: 'ignore'},
  )
  tlsServer = createHttpsServer({key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(cert)}, (req, res) => {
    const ok = req.url === '/api/v4/user' && req.headers['private-token'] === TOKEN
    res.writeHead(ok ? 200 : 401, {'content-type': 'application/json'})
    res.end(JSON.stringify(ok ? USER : {message: '401 Unauthorized'}))
  })
  await new Promise<void>(resolve => tlsServer.listen(0, '127.0.0.1', resolve))
  tlsUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`
  plain = await startHostileServer(answers.json(200, USER))
})

afterAll(async () => {
  await plain.close()
  await new Promise<void>(resolve => tlsServer.close(() => resolve()))
})

/** a port nothing listens on: bound once, then released */
async function closedPort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise<void>(resolve => server.close(() => resolve()))
  return port
}

const getUser = (host: string, args: string[] = [], env: Record<string, string> = {}) =>
  runCli(['api', 'GET', '/user', '--host', host, '--token', TOKEN, ...args], {env: {FORGECTL_CONFIG_DIR: freshConfigDir(), ...env}})

/** the shape of every expected failure: the exit code, one `Error:` line matching `message`, stdout empty, the token absent */
function expectOneLineError(result: RunResult, code: number, message: RegExp): void {
  expect(result.stderr).toMatch(/^Error: [^\n]*\n$/)
  expect(result.stderr).toMatch(message)
  expect(result.stderr).not.toContain(TOKEN)
  expect(result.stdout).toBe('')
  expect(result.code).toBe(code)
}

describe('connection failures in words', () => {
  it('a closed port: connection refused, after the retries', async () => {
    const result = await getUser(`http://127.0.0.1:${await closedPort()}`, ['--retries', '1'])
    expectOneLineError(result, 1, /connection refused by 127\.0\.0\.1:\d+ \(is the server running/)
  })

  it('a host name that does not exist: not found, not retried', async () => {
    const result = await getUser('forgectl-test.invalid', ['--retries', '3', '--verbose'])
    expect(result.stderr).not.toContain('retrying')
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^Error: GET https:\/\/forgectl-test\.invalid\/api\/v4\/user: host name "forgectl-test\.invalid" not found/)
    expect(result.code).toBe(1)
    const quiet = await getUser('forgectl-test.invalid')
    expectOneLineError(quiet, 1, /not found/)
  })

  it('https:// to a port that speaks plain HTTP: says so and hints at http://', async () => {
    const result = await getUser(plain.url.replace('http:', 'https:'))
    expectOneLineError(result, 1, new RegExp(`does not speak TLS; if it serves plain HTTP, use http://127\\.0\\.0\\.1:${plain.port}\\n`))
    expect(result.stderr).not.toMatch(/SSL routines|wrong version number|error:[0-9A-F]{8}/)
  })

  it('an untrusted certificate: hints at --ca-file, and --ca-file then trusts it', async () => {
    const result = await getUser(tlsUrl)
    expectOneLineError(result, 1, /certificate is not trusted .*--ca-file/)
    expect(result.stderr).not.toMatch(/SELF_SIGNED|self signed certificate/)
    expect((await getUser(tlsUrl, ['--ca-file', cert])).code).toBe(0)
  })

  it('an impossible port is a usage error; a port fetch blocks is explained, and nothing is retried', async () => {
    expectOneLineError(await getUser('127.0.0.1:70000'), 2, /invalid port "70000" in host "127\.0\.0\.1:70000": a port is a number from 1 to 65535/)
    expectOneLineError(await getUser('http://127.0.0.1:0'), 2, /invalid port "0"/)
    const blocked = await getUser('http://127.0.0.1:6000', ['--verbose'])
    expect(blocked.stderr).not.toContain('retrying')
    expect(blocked.stderr).toMatch(/Error: GET http:\/\/127\.0\.0\.1:6000\/api\/v4\/user: port 6000 is on fetch's list of blocked ports/)
    expectOneLineError(await getUser('http://127.0.0.1:9'), 1, /port 9 is on fetch's list of blocked ports/)
  })

  it('a bare loopback host means http://, any other bare host https://', async () => {
    const local = await getUser(`127.0.0.1:${plain.port}`)
    expect(local.code).toBe(0)
    expect(local.json()).toEqual(USER)
    const named = await getUser(`localhost:${plain.port}`)
    expect(named.code).toBe(0)
    const remote = await getUser('forgectl-test.invalid:8080', ['--dry-run'])
    expect(remote.stderr).toContain('DRY RUN GET https://forgectl-test.invalid:8080/api/v4/user')
  })
})

describe('timeouts', () => {
  it('a slow server: gives up saying how long in all and how many attempts (exit 8)', async () => {
    // a server that never answers: only --timeout can end the run (issue 36: no clock bound from above)
    const slow = await startHostileServer(() => undefined)
    try {
      const result = await getUser(slow.url, ['--timeout', '1', '--retries', '1'])
      expectOneLineError(result, 8, /: no answer after [\d.]+ s in all \(2 attempts, 1 s each\); the server may be down or --timeout too short\n$/)
      expect(slow.requests).toHaveLength(2)
    } finally {
      await slow.close()
    }
  })

  it('--timeout and `config set timeout` take the same units, refuse the same values with the same words, and never overflow a timer', async () => {
    const message = (stderr: string) => stderr.replace(/^Error: (--)?timeout /, '')
    for (const bad of ['99999999', '10x', '0', '500ms', '25h', '-5']) {
      const flag = await getUser(plain.url, ['--timeout', bad])
      const config = await runCli(['config', 'set', 'timeout', bad], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
      expectOneLineError(flag, 2, /^Error: --timeout "[^"]*": must be a duration from 1s to 24h/)
      expectOneLineError(config, 2, /^Error: timeout "[^"]*": must be a duration from 1s to 24h/)
      expect(message(flag.stderr), bad).toBe(message(config.stderr))
      expect(flag.stderr + config.stderr).not.toContain('TimeoutOverflowWarning')
    }
    // an empty value is refused as every empty argument is, before the duration is read
    expectOneLineError(await runCli(['config', 'set', 'timeout', ''], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}}), 2, /^Error: VALUE "": must not be empty\n$/)
    for (const flag of ['--timeout', '--wait-timeout', '--interval']) {
      const wait = await runCli(['vuln-export', 'wait', '1', flag, '25h', '--host', plain.url, '--token', TOKEN], {env: {FORGECTL_CONFIG_DIR: freshConfigDir()}})
      expectOneLineError(wait, 2, new RegExp(`^Error: ${flag} "25h": must be a duration from 1s to 24h`))
    }
    const env = {FORGECTL_CONFIG_DIR: freshConfigDir()}
    expect((await runCli(['config', 'set', 'timeout', '1.5m'], {env})).code).toBe(0)
    expect((await runCli(['config', 'get', 'timeout'], {env})).stdout).toBe('90\n')
    expect((await getUser(plain.url, ['--timeout', '2500ms'])).code).toBe(0)
  })

  it('a stored timeout is checked like a flag: a hand-edited huge value cannot overflow a timer', async () => {
    const env = {FORGECTL_CONFIG_DIR: freshConfigDir()}
    await runCli(['config', 'set', 'host', plain.url], {env})
    const file = join(env.FORGECTL_CONFIG_DIR, 'config.json')
    writeFileSync(file, JSON.stringify({profiles: {default: {host: plain.url, timeout: 99999999}}}))
    const result = await runCli(['api', 'GET', '/user', '--token', TOKEN], {env})
    expectOneLineError(result, 2, /timeout of profile "default" in \S+ "99999999": must be a duration from 1s to 24h/)
    writeFileSync(file, JSON.stringify({profiles: {default: {host: plain.url, timeout: 45}}}))
    expect((await runCli(['api', 'GET', '/user', '--token', TOKEN], {env})).code).toBe(0)
  })

  it('a retry is announced in one line on a terminal, and not in a pipe without --verbose', async () => {
    const busy = await startHostileServer(answers.json(503, {message: '503 Service Unavailable'}))
    try {
      const piped = await getUser(busy.url, ['--retries', '1'])
      expectOneLineError(piped, 1, /^Error: 503 Service Unavailable/)
      const verbose = await getUser(busy.url, ['--retries', '1', '--verbose'])
      expect(verbose.stderr).toMatch(/^retrying in \d+ ms: 503 Service Unavailable \(attempt 2 of 2\)$/m)
      if (!(await hasTmux())) return
      const terminal = await TerminalSession.start(['api', 'GET', '/user', '--host', busy.url, '--token', TOKEN, '--retries', '2'], {
        FORGECTL_CONFIG_DIR: freshConfigDir(),
        FORGECTL_RETRY_BASE_MS: '20',
        NO_COLOR: '1',
      })
      try {
        expect(await terminal.exitCode()).toBe(1)
        const screen = await terminal.screen()
        expect(screen).toMatch(/^retrying in \d+ ms: 503 Service Unavailable \(attempt 2 of 3\)$/m)
        expect(screen).toMatch(/^retrying in \d+ ms: 503 Service Unavailable \(attempt 3 of 3\)$/m)
        expect(screen).not.toContain(TOKEN)
      } finally {
        await terminal.close()
      }
    } finally {
      await busy.close()
    }
  })
})

describe('--profile on the command line beats FORGECTL_HOST and FORGECTL_TOKEN', () => {
  let envServer: HostileServer
  let profileServer: HostileServer
  const env: Record<string, string> = {}

  beforeAll(async () => {
    envServer = await startHostileServer(answers.json(200, {...USER, username: 'env-user'}))
    profileServer = await startHostileServer(answers.json(200, {...USER, username: 'ci-user'}))
    Object.assign(env, {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_HOST: envServer.url, FORGECTL_TOKEN: 'env-token-1234'})
    for (const [key, value] of [
      ['host', profileServer.url],
      ['token', 'profile-token-5678'],
    ]) {
      expect((await runCli(['config', 'set', key!, value!, '--profile', 'ci'], {env})).code).toBe(0)
    }
  })

  afterAll(async () => {
    await envServer.close()
    await profileServer.close()
  })

  it("sends the profile's token to the profile's host, and names both sources in auth status", async () => {
    const status = await runCli(['auth', 'status', '--profile', 'ci', '--json'], {env})
    expect(status.code).toBe(0)
    expect(status.json()).toMatchObject({profile: 'ci', host: profileServer.url, host_source: 'profile "ci"', token_source: 'profile "ci"', user: 'ci-user'})
    expect(envServer.requests).toHaveLength(0)
    expect(profileServer.requests.at(-1)?.headers['private-token']).toBe('profile-token-5678')
  })

  it('FORGECTL_PROFILE does not beat FORGECTL_HOST; --host and --token still beat --profile', async () => {
    const byEnv = await runCli(['auth', 'status', '--json'], {env: {...env, FORGECTL_PROFILE: 'ci'}})
    expect(byEnv.json()).toMatchObject({host: envServer.url, host_source: 'FORGECTL_HOST', token_source: 'FORGECTL_TOKEN', user: 'env-user'})
    const flags = await runCli(['auth', 'status', '--json', '--profile', 'ci', '--host', envServer.url, '--token', 'flag-token-0000'], {env})
    expect(flags.json()).toMatchObject({host_source: '--host', token_source: '--token'})
    expect(envServer.requests.at(-1)?.headers['private-token']).toBe('flag-token-0000')
  })

  it('a chosen profile without a token does not take the token meant for FORGECTL_HOST', async () => {
    expect((await runCli(['config', 'set', 'host', profileServer.url, '--profile', 'bare'], {env})).code).toBe(0)
    const status = await runCli(['auth', 'status', '--json', '--profile', 'bare'], {env})
    expect(status.json()).toMatchObject({host_source: 'profile "bare"', token: '(none)', token_source: 'none'})
    expect(status.code).toBe(4)
  })
})

describe('proxies', () => {
  let proxy: ForwardProxy

  beforeAll(async () => {
    proxy = await startForwardProxy()
  })

  afterAll(async () => {
    await proxy.close()
  })

  const seenSince = async (action: () => Promise<RunResult>) => {
    const before = proxy.seen.length
    const result = await action()
    return {result, seen: proxy.seen.slice(before)}
  }

  it('an http host goes through HTTP_PROXY as an absolute-URI request', async () => {
    const {result, seen} = await seenSince(() => getUser(plain.url, [], {HTTP_PROXY: proxy.url}))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(USER)
    expect(seen.map(s => `${s.method} ${s.target}`)).toEqual([`GET ${plain.url}/api/v4/user`])
  })

  it('an https host goes through a CONNECT tunnel of https_proxy: the proxy never sees the token', async () => {
    const {result, seen} = await seenSince(() => getUser(tlsUrl, ['--ca-file', cert], {https_proxy: proxy.url}))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.json()).toEqual(USER)
    expect(seen.map(s => `${s.method} ${s.target}`)).toEqual([`CONNECT ${tlsUrl.replace('https://', '')}`])
    expect(JSON.stringify(seen)).not.toContain(TOKEN)
  })

  it('NO_PROXY (or no_proxy) sends a matching host directly, and only a matching one', async () => {
    const env = {HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url}
    for (const noProxy of ['127.0.0.1', 'localhost,127.0.0.1:' + plain.port, '*']) {
      const {result, seen} = await seenSince(() => getUser(plain.url, [], {...env, NO_PROXY: noProxy}))
      expect(result.code, noProxy).toBe(0)
      expect(seen, noProxy).toEqual([])
    }
    const {seen} = await seenSince(() => getUser(plain.url, [], {...env, no_proxy: 'example.com'}))
    expect(seen).toHaveLength(1)
  })

  it('a proxy that is down is named as the problem', async () => {
    const result = await getUser(tlsUrl, ['--ca-file', cert, '--retries', '0'], {HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}`})
    expectOneLineError(result, 1, /the proxy 127\.0\.0\.1:\d+ refused the connection/)
  })
})
