// The system keyring (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows), through
// @napi-rs/keyring: prebuilt binaries in its npm packages, nothing compiled at install. Every call runs in
// a child process of its own, bounded in time and killed when the run is stopped: on Linux the library
// connects to D-Bus synchronously, in the entry's constructor, so a bus that accepts and never answers
// held the whole process (no timer fired, SIGTERM was never heard); a worker thread would not do, as
// process.exit() waits for a worker stuck in native code, and Node's thread pool for a call under way
// there. A child can always be killed. Other runs pay nothing: no child, and the library is not loaded.
import {spawn} from 'node:child_process'
import {createRequire} from 'node:module'
import {join, resolve} from 'node:path'
import {CliError, ExitCode} from '../base/errors.js'
import {scrubText} from '../base/redact.js'
import {onInterrupt} from '../terminal/interrupt.js'
import {configDir} from './config-store.js'

/** one entry per profile: the service names the tool, the account the profile */
const SERVICE = 'forgectl'
const KEYRING_TIMEOUT_MS = 15_000

export const INSECURE_STORAGE_HINT = 'log in with `forgectl auth login --insecure-storage` to keep the token in a file only you can read (or set FORGECTL_TOKEN_STORE=file)'

/** the reason where no keyring service exists at all, in words for a person rather than D-Bus's */
export const NO_KEYRING = 'this machine has none: no keyring service runs here, as on a server without a desktop session'

/**
 * The library's words (through libdbus and the Secret Service) where no keyring service exists at all:
 * no D-Bus session bus (no address, and autolaunch is compiled out; or the address's socket is gone or
 * refuses), or a bus with no Secret Service on it nor any to start. A keyring that exists but is locked
 * or refuses says otherwise ("Couldn't access platform storage", a timeout), and is never taken for this.
 */
const NO_SERVICE = /autolaunch|Failed to connect to socket|org\.freedesktop\.secrets was not provided by any \.service files|ServiceUnknown/

/** the keyring could not be used: why, in the library's words, with the token taken out of them (call) */
export class KeyringUnavailable extends CliError {
  constructor(
    action: string,
    readonly reason: string,
    exitCode: ExitCode = ExitCode.error,
    /** the keyring's own words, without what forgectl adds to them (what to do) */
    readonly keyringReason = reason,
    /** no keyring service exists at all (NO_SERVICE), rather than one that is locked or refuses */
    readonly absent = false,
  ) {
    super(`cannot ${action} the system keyring (${reason})`, exitCode)
  }
}

/**
 * What the child runs: one call on one entry, the request (and a token to store) read from stdin, never
 * from its command line, which `ps` shows; the answer as one JSON line on stdout. Pinned to the Secret
 * Service on Linux: left to choose, the library falls back without a word to the kernel's keyutils
 * keyring when no Secret Service answers, a store in memory that a reboot empties. There a login
 * half-failed and left the token in the kernel while saying nothing was stored, and a read found "no
 * token" where the keyring could not be reached. Pinned, the constructor throws instead. (Other systems
 * have one store each and ignore the option.)
 */
const CHILD = `
const {AsyncEntry} = require(process.argv[1])
const {stdin, stdout} = process
let input = ''
stdin.setEncoding('utf8').on('data', chunk => (input += chunk)).on('end', async () => {
  const say = answer => stdout.write(JSON.stringify(answer) + '\\n', () => process.exit(0))
  try {
    const {op, service, account, password} = JSON.parse(input)
    const entry = new AsyncEntry(service, account, {linux: {store: 'secret-service'}})
    const value = op === 'read' ? await entry.getPassword() : op === 'write' ? await entry.setPassword(password) : await entry.deleteCredential()
    say({value: value === undefined ? null : value})
  } catch (error) {
    say({error: error instanceof Error ? error.message : String(error)})
  }
})
`

type Request = {op: 'read'} | {op: 'write'; password: string} | {op: 'delete'}

/** the library's entry file, resolved as the bundle (dist/runtime.cjs) would require it, so that an installed copy finds its own */
function libraryPath(): string {
  return createRequire(join(__dirname, 'runtime.cjs')).resolve('@napi-rs/keyring')
}

/** FORGECTL_KEYRING_TIMEOUT_MS shortens the limit for tests, as FORGECTL_RETRY_BASE_MS does the retries' */
function timeLimitMs(env: NodeJS.ProcessEnv): number {
  const asked = Number(env.FORGECTL_KEYRING_TIMEOUT_MS)
  return Number.isInteger(asked) && asked > 0 ? asked : KEYRING_TIMEOUT_MS
}

/**
 * The entry's account: the profile's name for the settings file in its usual place, the name and the
 * settings folder for another (FORGECTL_CONFIG_DIR). Keyed by the name alone, two folders' profiles of
 * one name (work and home, both `default`) shared one entry: a login to one host replaced the other's
 * token, and the next command sent it to the other host.
 */
export function keyringAccount(profile: string, env: NodeJS.ProcessEnv): string {
  const folder = resolve(configDir(env))
  return folder === resolve(configDir({...env, FORGECTL_CONFIG_DIR: undefined})) ? profile : `${profile}@${folder}`
}

/** the helper process gets the run's environment: the keyring's D-Bus address, and the folder that names the account */
async function call<T>(action: string, profile: string, request: Request, env: NodeJS.ProcessEnv): Promise<T> {
  const limit = timeLimitMs(env)
  const child = spawn(process.execPath, ['-e', CHILD, libraryPath()], {env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true})
  const kill = () => child.kill('SIGKILL')
  // Ctrl-C and SIGTERM end the run at once (interrupt.ts); the child, waiting on the keyring, goes with it
  const forget = onInterrupt(kill)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    kill()
  }, limit)
  try {
    const answer = await new Promise<{value?: unknown; error?: string}>((done, fail) => {
      let out = ''
      let said = ''
      child.stdout.setEncoding('utf8').on('data', chunk => (out += chunk))
      // a child that could not even start the call (its Node refused the library) says why on stderr: its first line, bounded
      child.stderr.setEncoding('utf8').on('data', chunk => (said = (said + chunk).slice(0, 4096)))
      child.on('error', fail)
      child.on('close', () => {
        try {
          done(JSON.parse(out) as {value?: unknown; error?: string})
        } catch {
          fail(new Error(timedOut ? '' : `its helper process ended without an answer${said.trim() ? `: ${said.trim().split('\n')[0]}` : ''}`))
        }
      })
      child.stdin.on('error', () => {})
      child.stdin.end(JSON.stringify({...request, service: SERVICE, account: keyringAccount(profile, env)}))
    })
    if (answer.error !== undefined) throw new Error(answer.error)
    return answer.value as T
  } catch (error) {
    const absent = !timedOut && NO_SERVICE.test(oneLine(error))
    // a keyring's words may quote what it was given (a Secret Service that names the refused item's secret): never the token
    const reason = timedOut ? `no answer within ${limit / 1000} s: is it locked?` : absent ? NO_KEYRING : scrubText(oneLine(error), request.op === 'write' ? [request.password] : [])
    throw new KeyringUnavailable(action, reason, ExitCode.error, reason, absent)
  } finally {
    clearTimeout(timer)
    forget()
    if (child.exitCode === null && child.signalCode === null) kill()
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
}

/** the profile's token, or undefined when the keyring holds none for it */
export async function readKeyringToken(profile: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const found = await call<unknown>('read from', profile, {op: 'read'}, env)
  if (found !== null && typeof found !== 'string') throw new KeyringUnavailable('read from', 'its answer was not a token')
  return found ?? undefined
}

export async function writeKeyringToken(profile: string, token: string, env: NodeJS.ProcessEnv): Promise<void> {
  await call('write to', profile, {op: 'write', password: token}, env)
}

/** true when there was one to remove */
export async function deleteKeyringToken(profile: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return (await call<boolean>('remove from', profile, {op: 'delete'}, env)) === true
}
