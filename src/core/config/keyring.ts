// The system keyring (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows), through
// @napi-rs/keyring: prebuilt binaries in its npm packages, nothing compiled at install. Loaded only when a
// token is read from or written to it, so that other runs pay nothing. Every call is bounded in time: a
// locked keyring may ask for its password in a window nobody at a shell sees, and a run must not hang.
import {resolve} from 'node:path'
import {CliError, ExitCode} from '../command/errors.js'
import {importModule} from '../command/launcher.js'
import {io} from '../output/io.js'
import {configDir} from './config-store.js'

type KeyringModule = typeof import('@napi-rs/keyring')

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

/** the keyring could not be used: why, in the library's words, which never hold the token */
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
 * Pinned to the Secret Service on Linux: left to choose, the library falls back without a word to the
 * kernel's keyutils keyring when no Secret Service answers, a store in memory that a reboot empties.
 * There a login half-failed and left the token in the kernel while saying nothing was stored, and a read
 * found "no token" where the keyring could not be reached. Pinned, the constructor throws instead.
 * (Other systems have one store each and ignore the option.)
 */
async function entry(profile: string) {
  const {AsyncEntry} = await importModule<KeyringModule>('@napi-rs/keyring')
  return new AsyncEntry(SERVICE, keyringAccount(profile), {linux: {store: 'secret-service'}})
}

/**
 * The entry's account: the profile's name for the settings file in its usual place, the name and the
 * settings folder for another (FORGECTL_CONFIG_DIR). Keyed by the name alone, two folders' profiles of
 * one name (work and home, both `default`) shared one entry: a login to one host replaced the other's
 * token, and the next command sent it to the other host.
 */
export function keyringAccount(profile: string, env: NodeJS.ProcessEnv = io().env): string {
  const folder = resolve(configDir(env))
  return folder === resolve(configDir({...env, FORGECTL_CONFIG_DIR: undefined})) ? profile : `${profile}@${folder}`
}

async function call<T>(action: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(KEYRING_TIMEOUT_MS)
  try {
    return await work(signal)
  } catch (error) {
    const absent = !signal.aborted && NO_SERVICE.test(oneLine(error))
    const reason = signal.aborted ? `no answer within ${KEYRING_TIMEOUT_MS / 1000} s: is it locked?` : absent ? NO_KEYRING : oneLine(error)
    throw new KeyringUnavailable(action, reason, ExitCode.error, reason, absent)
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
}

/** the profile's token, or undefined when the keyring holds none for it */
export async function readKeyringToken(profile: string): Promise<string | undefined> {
  const found = await call('read from', async signal => (await entry(profile)).getPassword(signal))
  return found ?? undefined
}

export async function writeKeyringToken(profile: string, token: string): Promise<void> {
  await call('write to', async signal => (await entry(profile)).setPassword(token, signal))
}

/** true when there was one to remove */
export async function deleteKeyringToken(profile: string): Promise<boolean> {
  return call('remove from', async signal => (await entry(profile)).deleteCredential(signal))
}
