// Where a profile's token lives (issue 30): the system keyring by default, or the settings file (0600)
// when asked (`auth login --insecure-storage`, `config set token-store file`, FORGECTL_TOKEN_STORE=file)
// or when CI is set, as on a build machine with no keyring. The profile records which (`token-store`),
// so a read goes to the one place and never falls back silently; a profile written before the keyring
// existed holds `token` in the file and keeps working as it is.
import {ExitCode, UsageError} from '../base/errors.js'
import {visibleText} from '../base/escape.js'
import type {IO} from '../base/io.js'
import {warning} from '../base/notes.js'
import {type Profile, parseTokenStore, profileName, readProfile, storedTokenStore, type TokenStore, tokenLocation, updateProfile} from './config-store.js'
import {checkToken, credentialOrder} from './connection.js'
import {deleteKeyringToken, INSECURE_STORAGE_HINT, KeyringUnavailable, keyringAccount, readKeyringToken, writeKeyringToken} from './keyring.js'

/** where a new token of this profile goes: the flag, the profile's setting, FORGECTL_TOKEN_STORE, CI, else the keyring */
export function storeForNewToken(profile: string, insecureStorage: boolean, env: NodeJS.ProcessEnv): TokenStore {
  if (insecureStorage) return 'file'
  const {preference} = storedTokenStore(profile, env)
  if (preference) return preference
  if (env.FORGECTL_TOKEN_STORE) return parseTokenStore(env.FORGECTL_TOKEN_STORE, 'FORGECTL_TOKEN_STORE')
  return env.CI ? 'file' : 'keyring'
}

/** where no keyring service exists at all: the two ways that need none */
const otherWays = `${INSECURE_STORAGE_HINT}, or give it to each run in FORGECTL_TOKEN`

/** the profile's token from where it lives; a keyring that cannot be read is an error, never "no token" */
export async function readStoredToken(profile: string, env: NodeJS.ProcessEnv, stored: Profile = readProfile(profile, env)): Promise<string | undefined> {
  if (tokenLocation(stored) !== 'keyring') return stored.token
  let token: string | undefined
  try {
    token = await readKeyringToken(profile, env)
  } catch (error) {
    if (!(error instanceof KeyringUnavailable)) throw error
    // no keyring at all: nothing to unlock, the two ways that need none (as login says)
    const hint = error.absent ? otherWays : `unlock the keyring, or ${INSECURE_STORAGE_HINT}`
    throw new KeyringUnavailable(`read the token of profile "${profile}" from`, `${error.reason}; ${hint}`, ExitCode.auth, error.reason, error.absent)
  }
  return token === undefined ? undefined : checkedKeyringToken(token, profile)
}

/**
 * The keyring's value meets the rule of every token, as the file's does when it is read: another tool
 * may have written the entry (a line break at its end, a header after it), which `auth token` would
 * hand to a script's curl and a request would refuse in Node's words. Never quoted.
 */
function checkedKeyringToken(token: string, profile: string): string {
  try {
    return checkToken(token, `the token of profile "${profile}" in the system keyring`)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    throw new UsageError(`${error.message}: log in again to replace it (\`forgectl auth login --profile ${profile}\`)`)
  }
}

/**
 * Stores `token` as the profile's, in `where`, and takes it out of the other place. The keyring is
 * written first: if it cannot be reached, nothing is stored anywhere and the error says how to choose
 * the file instead.
 */
export async function storeToken(profile: string, token: string, where: TokenStore, run: Pick<IO, 'env' | 'stderr'>, change: (profile: Profile) => Profile = p => p): Promise<void> {
  const {env} = run
  if (where === 'keyring') {
    try {
      await writeKeyringToken(profile, token, env)
    } catch (error) {
      // with no keyring at all, the one other way too: the token in the environment of each run
      const hint = error instanceof KeyringUnavailable && error.absent ? otherWays : INSECURE_STORAGE_HINT
      if (error instanceof KeyringUnavailable) throw new KeyringUnavailable('store the token in', `${error.reason}; nothing was stored: ${hint}`, ExitCode.error, error.reason, error.absent)
      throw error
    }
    await updateProfile(profile, stored => ({...change(stored), token: undefined, 'token-store': 'keyring', 'keyring-empty': undefined}), env)
    return
  }
  const before = storedTokenStore(profile, env).location
  await updateProfile(profile, stored => ({...change(stored), token, 'token-store': 'file', 'keyring-empty': undefined}), env)
  // the keyring's copy goes only after the file holds the new one; if it stays, nothing reads it, but
  // a token (still valid, perhaps) left at rest without a word is what the keyring was meant to end
  if (before === 'keyring') await deleteKeyringToken(profile, env).catch(error => leftInKeyring(error, profile, run))
}

function leftInKeyring(error: unknown, profile: string, {env, stderr}: Pick<IO, 'env' | 'stderr'>): void {
  const reason = error instanceof KeyringUnavailable ? error.reason : String(error)
  const text = `the previous token of profile "${profile}" is still in the system keyring (${reason}); forgectl no longer reads it: remove it with the keyring's own tool (service forgectl, account ${keyringAccount(profile, env)}), and revoke it if it is no longer used`
  stderr.write(`${visibleText(warning(text).text)}\n`)
}

/** removes the profile's token from wherever it is; false when it had none */
export async function forgetToken(profile: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const stored = readProfile(profile, env)
  const location = tokenLocation(stored)
  if (location === undefined) return false
  // the entry tells whether there was one; either way the keyring now holds none, and the profile says
  // so (its token-store stays, the next login's preference), so that nothing shows or reads one
  const removed = location === 'keyring' ? await deleteKeyringToken(profile, env).catch(error => unremoved(error, profile)) : true
  await updateProfile(profile, current => (location === 'file' ? {...current, token: undefined} : {...current, 'keyring-empty': true}), env)
  return removed
}

/** a keyring that cannot be reached keeps the token: logout says so rather than "no stored token" */
function unremoved(error: unknown, profile: string): never {
  if (!(error instanceof KeyringUnavailable)) throw error
  // where no keyring service runs at all (a session over SSH), there is nothing here to unlock: the token waits where the keyring can be reached
  const hint = error.absent ? 'run `forgectl auth logout` again where the keyring can be reached (a desktop session)' : 'unlock the keyring and run `forgectl auth logout` again'
  throw new KeyringUnavailable(`remove the token of profile "${profile}" from`, `${error.reason}; it is still there: ${hint}`, ExitCode.error, error.reason, error.absent)
}

/** `config set token-store X`: the setting, and the profile's token moved there if it is elsewhere */
export async function moveToken(profile: string, to: TokenStore, run: Pick<IO, 'env' | 'stderr'>): Promise<boolean> {
  const {env} = run
  const stored = readProfile(profile, env)
  const from = tokenLocation(stored)
  if (from === to) {
    await updateProfile(profile, current => ({...current, 'token-store': to}), env)
    return false
  }
  const token = from === undefined ? undefined : await readStoredToken(profile, env, stored)
  if (token === undefined) {
    // no token to move: the setting is the next login's, and the keyring holds none yet
    await updateProfile(profile, current => ({...current, 'token-store': to, 'keyring-empty': to === 'keyring' ? true : undefined}), env)
    return false
  }
  await storeToken(profile, token, to, run)
  return true
}

/**
 * What a command that talks to the server reads before it resolves its connection: the keyring's token
 * of the profile in use, only when that token is the one the connection will take (connection.ts's
 * order: no --token, no FORGECTL_TOKEN unless --profile was typed, and a run aimed at the profile's host)
 */
export async function keyringTokenFor(flags: {profile?: string; token?: string; host?: string}, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const profile = profileName(flags.profile, env)
  const stored = readProfile(profile, env)
  if (!credentialOrder(flags, env, stored).storedTaken) return undefined
  return tokenLocation(stored) === 'keyring' ? readStoredToken(profile, env, stored) : undefined
}
