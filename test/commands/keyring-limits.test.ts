// Keyring calls are bounded in time and interruptible (issue 35, item 4): a D-Bus session bus that
// accepts the connection and never answers held `auth login` and every command of a keyring profile
// forever, SIGTERM included, because the library connects to the bus synchronously on Node's main
// thread. The real binary, spawned, against a Unix socket of the test's own that accepts and says
// nothing. FORGECTL_KEYRING_TIMEOUT_MS shortens the 15 s limit so that the test does not wait for it.
// And a keyring whose refusal quotes the secret it was given is never quoted with it.
import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {createServer, type Server, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN, cleanEnv, freshConfigDir, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

/** a session bus that accepts every connection and never writes a byte */
let bus: {server: Server; sockets: Set<Socket>; folder: string; address: string; connected: number}
beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'forgectl-mute-bus-'))
  const path = join(folder, 'bus')
  const sockets = new Set<Socket>()
  const server = createServer(socket => {
    bus.connected++
    sockets.add(socket)
    // read and dropped, so that the end of a client is seen
    socket.resume()
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  bus = {server, sockets, folder, address: `unix:path=${path}`, connected: 0}
  await new Promise<void>(resolve => server.listen(path, resolve))
})
afterAll(async () => {
  for (const socket of bus.sockets) socket.destroy()
  await new Promise(resolve => bus.server.close(resolve))
  rmSync(bus.folder, {recursive: true, force: true})
})

/** a settings folder whose default profile keeps its token in the keyring, for the sandbox's host */
function keyringProfile(): string {
  const dir = freshConfigDir()
  writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {default: {host: sb.url, 'token-store': 'keyring'}}}), {mode: 0o600})
  return dir
}

const muteBus = (dir: string, limitMs?: number) => ({
  FORGECTL_CONFIG_DIR: dir,
  FORGECTL_TOKEN_STORE: undefined,
  CI: undefined,
  DBUS_SESSION_BUS_ADDRESS: bus.address,
  ...(limitMs ? {FORGECTL_KEYRING_TIMEOUT_MS: String(limitMs)} : {}),
})

describe('a keyring that never answers', () => {
  it('ends a command of a keyring profile at the time limit: one line, exit 4, nothing sent', async () => {
    const before = sb.sandbox.requests.length
    const result = await runCli(['labels', 'list', '-p', '1'], {spawn: true, env: muteBus(keyringProfile(), 1500)})
    expect(result.code).toBe(4)
    expect(result.stderr).toBe(
      'Error: cannot read the token of profile "default" from the system keyring (no answer within 1.5 s: is it locked?; unlock the keyring, or log in with `forgectl auth login --insecure-storage` to keep the token in a file only you can read (or set FORGECTL_TOKEN_STORE=file))\n',
    )
    expect(sb.sandbox.requests.length).toBe(before)
  })

  it('ends auth login at the time limit: one line, exit 1, nothing stored', async () => {
    const dir = freshConfigDir()
    const result = await runCli(['auth', 'login', '--host', sb.url, '--token-stdin'], {spawn: true, stdin: `${TOKENS.developer}\n`, env: muteBus(dir, 1500)})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: cannot store the token in the system keyring \(no answer within 1\.5 s: is it locked\?; nothing was stored: [^\n]*\n$/)
    expect(result.stderr).not.toContain(TOKENS.developer)
  })

  it('ends auth logout at the time limit: one line, exit 1, the token said to be still there', async () => {
    const result = await runCli(['auth', 'logout'], {spawn: true, env: muteBus(keyringProfile(), 1500)})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: cannot remove the token of profile "default" from the system keyring \(no answer within 1\.5 s: is it locked\?; it is still there: [^\n]*\n$/)
  })

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'is no reason to outlive %s: the run ends with %i while the keyring is still silent, and leaves no helper behind',
    async (signal, code) => {
      const connectedBefore = bus.connected
      // the default limit (15 s): a run that ends with 143 or 130 was ended by the signal, not by the limit (exit 4)
      const env = Object.fromEntries(Object.entries({...cleanEnv(), ...muteBus(keyringProfile())}).filter(([, value]) => value !== undefined)) as Record<string, string>
      const child = spawn(process.execPath, [BIN, 'labels', 'list', '-p', '1'], {env, stdio: ['ignore', 'pipe', 'pipe']})
      let stderr = ''
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      const ended = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
      while (bus.connected === connectedBefore) await new Promise(resolve => setTimeout(resolve, 20))
      child.kill(signal)
      expect(await ended).toBe(code)
      expect(stderr).toMatch(/^Error: (terminated|interrupted) \(SIG(TERM|INT)\)\n$/)
      // the helper process that held the bus's connection is gone with the run: the bus sees it close
      while (bus.sockets.size > 0) await new Promise(resolve => setTimeout(resolve, 20))
    },
    60_000,
  )
})

describe('a keyring that quotes what it was given', () => {
  it("auth login's refusal never holds the token, whichever way it came (stdin, --token)", async () => {
    // the library replaced, in the keyring's own process only (NODE_OPTIONS reaches it), by one whose refusal names the secret
    const folder = mkdtempSync(join(tmpdir(), 'forgectl-echo-keyring-'))
    const preload = join(folder, 'echoing-keyring.cjs')
    writeFileSync(
      preload,
      `const Module = require('node:module')
const load = Module._load
Module._load = function (request, ...rest) {
  if (!/@napi-rs[\\\\/]keyring/.test(request)) return load.call(this, request, ...rest)
  return {AsyncEntry: class {
    async setPassword(secret) { throw new Error('org.freedesktop.Secret.Error.Refused: item secret=' + secret + ' (' + Buffer.from(secret).toString('base64') + ') not stored') }
  }}
}
`,
    )
    const env = {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_TOKEN_STORE: undefined, CI: undefined, NODE_OPTIONS: `--require ${preload}`}
    for (const [args, stdin] of [
      [['--token-stdin'], `${TOKENS.developer}\n`],
      [['--token', TOKENS.developer], undefined],
    ] as const) {
      const result = await runCli(['auth', 'login', '--host', sb.url, ...args], {spawn: true, env, ...(stdin ? {stdin} : {})})
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(
        /^Error: cannot store the token in the system keyring \(org\.freedesktop\.Secret\.Error\.Refused: item secret=\[REDACTED\] \(\[REDACTED\]\) not stored; nothing was stored: /,
      )
      expect(result.stderr).not.toContain(TOKENS.developer)
    }
    rmSync(folder, {recursive: true, force: true})
  })
})
