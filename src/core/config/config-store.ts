// Stored profiles. The file is conf's JSON; we read it with plain fs (loading conf costs ~90 ms of
// start-up, mostly its schema validator) and write it through conf, which writes atomically, under a
// lock (settings-lock.ts). Who may own it and how it is read: settings-file.ts.
import {accessSync, constants} from 'node:fs'
import {userInfo} from 'node:os'
import {isAbsolute, join} from 'node:path'
import {parseSize, SIZE_HELP} from '../answer/answer-limit.js'
import {DURATION_HELP, parseDuration} from '../base/duration.js'
import {UsageError} from '../base/errors.js'
import {isOutputFormat, OUTPUT_FORMATS, type OutputFormat} from '../base/format-names.js'
import {refused} from '../base/input-error.js'
import {importModule} from '../base/launcher.js'
import {ensureFolder} from './folder.js'
import {checkToken, normalizeHost} from './host.js'
import {PAGES_HELP, parsePageLimit} from './page-limit.js'
import {parseSettings, readSettingsText} from './settings-file.js'
import {withSettingsLock} from './settings-lock.js'

/** where a profile's token lives (token-store.ts) */
export const TOKEN_STORES = ['keyring', 'file'] as const
export type TokenStore = (typeof TOKEN_STORES)[number]

/** what `config set` sets (PROFILE_KEYS) */
export interface ProfileSettings {
  host?: string
  /** the token, when the profile keeps it in this file */
  token?: string
  'token-store'?: TokenStore
  'ca-file'?: string
  insecure?: boolean
  timeout?: number
  retries?: number
  /** bytes */
  'max-answer-size'?: number
  /** pages */
  'max-pages'?: number
  output?: OutputFormat
  'allow-http'?: boolean
  'follow-redirects'?: boolean
}
export type ProfileKey = keyof ProfileSettings

/**
 * A stored profile: its settings, and what forgectl records for itself. `token-store` is both where the
 * token is and where the next login puts it, so a logout that empties the keyring keeps it (the user's
 * choice) and records `keyring-empty` instead: what config shows and every read of the token (auth
 * token, auth status, the connection) then agree that there is none, without asking the keyring.
 * A profile written before has no such mark, and its `token-store: keyring` says the keyring holds it.
 */
export interface Profile extends ProfileSettings {
  'keyring-empty'?: true
}

interface StoredConfig {
  defaultProfile?: string
  profiles?: Record<string, Profile>
}

export const MAX_RETRIES = 10

/**
 * What `config set` accepts, and how each value is parsed: the same rule as the flag of the same name
 * (--timeout, --retries, --output), and the same rule again for a value found in the file, which may
 * have been edited by hand. `what` names the value in the message: `retries`, `--retries`, or
 * `retries of profile "ci" in ~/.config/forgectl/config.json`.
 */
export const PROFILE_KEYS: Record<ProfileKey, {description: string; parse: (value: string, what: string) => ProfileSettings[ProfileKey]}> = {
  // the host's rule is the one --host and FORGECTL_HOST pass (connection.ts); called, not referenced, at parse time
  host: {description: 'server base URL (https://forge.example.com) or host name', parse: v => normalizeHost(v)},
  token: {description: 'access token (prefer `auth login`), stored where token-store says', parse: checkToken},
  'token-store': {description: 'where the token is kept: keyring (the system keyring) or file (this file, readable by you only); setting it moves a stored token', parse: parseTokenStore},
  'ca-file': {description: 'PEM file with extra CA certificates to trust', parse: v => v},
  insecure: {description: 'skip TLS certificate verification (true/false)', parse: parseBoolean},
  timeout: {description: `how long one request may take (${DURATION_HELP})`, parse: parseDuration},
  retries: {description: `retries of failed idempotent requests (0 to ${MAX_RETRIES})`, parse: parseRetries},
  'max-answer-size': {description: `the most an API answer may take once decompressed, in ${SIZE_HELP}; default 100 MiB`, parse: parseSize},
  'max-pages': {description: `the most pages read of one list (--all, and every command that reads a whole list), ${PAGES_HELP}`, parse: parsePageLimit},
  output: {description: `default output format (${OUTPUT_FORMATS.join(', ')})`, parse: parseOutput},
  'allow-http': {description: 'allow a plain-HTTP host that is not loopback (true/false)', parse: parseBoolean},
  'follow-redirects': {description: 'fetch downloads the server redirects to another host (object storage) from there, without the token (true/false)', parse: parseBoolean},
}

export const DEFAULT_PROFILE = 'default'

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.FORGECTL_CONFIG_DIR) {
    // a relative folder would be another one in every directory a script runs from: tokens scattered, or not found
    if (!isAbsolute(env.FORGECTL_CONFIG_DIR))
      throw new UsageError(`FORGECTL_CONFIG_DIR must be an absolute path, not "${env.FORGECTL_CONFIG_DIR}": a relative one names another folder wherever forgectl runs`)
    return env.FORGECTL_CONFIG_DIR
  }
  // XDG Base Directory: "If an implementation encounters a relative path in any of these variables it
  // should consider the path invalid and ignore it." Else a token would land under the current folder.
  const xdg = env.XDG_CONFIG_HOME
  // the run's HOME, as os.homedir() reads the process's; without one, the user's home as the system knows it
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || userInfo().homedir, '.config')
  return join(base, 'forgectl')
}

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'config.json')
}

/** the whole file as stored, its shape checked (profiles are objects); values are checked by readProfile */
export function readConfig(env: NodeJS.ProcessEnv): StoredConfig {
  const file = configPath(env)
  const text = readSettingsText(file)
  return text === undefined ? {} : checkShape(parseSettings(text, file), file)
}

function checkShape(data: unknown, file: string): StoredConfig {
  const broken = (what: string) => new UsageError(`the settings file ${file} ${what}; it was left as it is: correct it, or move it away and log in again (\`forgectl auth login\`)`)
  if (!isObject(data)) throw broken('does not hold an object')
  const {profiles, defaultProfile} = data as {profiles?: unknown; defaultProfile?: unknown}
  if (defaultProfile !== undefined && typeof defaultProfile !== 'string') throw broken('has a "defaultProfile" that is not a name')
  if (profiles === undefined) return data as StoredConfig
  if (!isObject(profiles)) throw broken('has "profiles" that are not an object')
  for (const [name, profile] of Object.entries(profiles)) if (!isObject(profile)) throw broken(`has a profile "${name}" that is not an object`)
  return data as StoredConfig
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function profileName(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const name = flag ?? env.FORGECTL_PROFILE ?? readConfig(env).defaultProfile ?? DEFAULT_PROFILE
  if (!/^[\w-]+$/.test(name)) throw new UsageError(`invalid profile name "${name}": use letters, digits, - and _`)
  return name
}

/** a stored profile, every value checked by the rule of its flag, so that a hand-edited file cannot ask for what a flag may not */
export function readProfile(name: string, env: NodeJS.ProcessEnv): Profile {
  const profiles = readConfig(env).profiles ?? {}
  if (!Object.hasOwn(profiles, name)) return {}
  return checkProfile(profiles[name] as Record<string, unknown>, name, configPath(env))
}

/**
 * Where a profile keeps its token, read without checking its other values: a login or a new token must
 * be able to replace a profile whose retries or token someone broke by hand
 */
export function storedTokenStore(name: string, env: NodeJS.ProcessEnv): {location: TokenStore | undefined; preference: TokenStore | undefined} {
  const profiles = readConfig(env).profiles ?? {}
  const raw = (Object.hasOwn(profiles, name) ? profiles[name] : {}) as Record<string, unknown>
  const preference = raw['token-store'] === 'keyring' || raw['token-store'] === 'file' ? raw['token-store'] : undefined
  return {location: tokenLocation(raw), preference}
}

/**
 * Where the profile's token is now, undefined when it has none: the one answer of every reader (the
 * connection, auth token and status, config list and get, logout, a move), read from the file alone.
 * A file value wins; else the keyring, unless a logout emptied it (`keyring-empty`).
 */
export function tokenLocation(stored: {token?: unknown; 'token-store'?: unknown; 'keyring-empty'?: unknown}): TokenStore | undefined {
  if (stored.token !== undefined && stored.token !== null) return 'file'
  return stored['token-store'] === 'keyring' && stored['keyring-empty'] !== true ? 'keyring' : undefined
}

function checkProfile(stored: Record<string, unknown>, name: string, file: string): Profile {
  const profile: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(stored)) {
    // forgectl's own mark, kept only as it writes it: anything else (a hand edit) is no mark
    if (key === 'keyring-empty' && value === true) profile[key] = true
    if (!Object.hasOwn(PROFILE_KEYS, key) || value === undefined || value === null) continue
    const what = `${key} of profile "${name}" in ${file}`
    const wayOut = `: correct the file, or run \`forgectl config set ${key} VALUE --profile ${name}\``
    if (typeof value === 'object') throw new UsageError(`${what} must be a single value, not ${Array.isArray(value) ? 'a list' : 'an object'}${wayOut}`)
    try {
      profile[key] = PROFILE_KEYS[key as ProfileKey].parse(String(value), what)
    } catch (error) {
      // the host's rule says `invalid host "…"`, without the profile and the file
      if (error instanceof UsageError) throw new UsageError(`${error.message.startsWith(what) ? '' : `${what}: `}${error.message}${wayOut}`)
      throw error
    }
  }
  return profile as Profile
}

/**
 * Why the config folder cannot be written (an error code such as EACCES or EROFS), or undefined when it
 * can: lets a command that changes something on the server refuse before, rather than fail to store after.
 */
export function configWriteProblem(env: NodeJS.ProcessEnv): string | undefined {
  try {
    accessSync(configDir(env), constants.W_OK)
    return undefined
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error)
  }
}

/** conf creates its folder without a mode; we make it 0700 first so the token's folder is private too */
async function openConf(env: NodeJS.ProcessEnv) {
  const dir = configDir(env)
  // a folder that was there is left as it is: it may be FORGECTL_CONFIG_DIR=/tmp, or a symlink
  ensureFolder(dir, 'the settings folder')
  const {default: Conf} = await importModule<typeof import('conf')>('conf')
  return new Conf<StoredConfig>({cwd: dir, configName: 'config', projectName: 'forgectl', projectSuffix: '', configFileMode: 0o600})
}

/**
 * Every write of the settings file: the file read again under the lock, the change applied to what it
 * holds then, and written back, so that no other forgectl's change is lost.
 */
export async function updateProfile(name: string, change: (profile: Profile) => Profile, env: NodeJS.ProcessEnv): Promise<Profile> {
  // a broken file or another user's is refused before conf (which would only say "SyntaxError") is loaded
  readConfig(env)
  const conf = await openConf(env)
  return withSettingsLock(
    configPath(env),
    () => {
      const profiles: Record<string, Profile> = Object.assign(Object.create(null), readConfig(env).profiles)
      const next = change({...(Object.hasOwn(profiles, name) ? profiles[name] : {})})
      for (const key of Object.keys(next) as Array<keyof Profile>) if (next[key] === undefined) delete next[key]
      profiles[name] = next
      conf.set('profiles', profiles)
      return next
    },
    env,
  )
}

export async function removeProfileKeys(name: string, keys: Array<keyof Profile>, env: NodeJS.ProcessEnv): Promise<void> {
  await updateProfile(
    name,
    profile => {
      for (const key of keys) delete profile[key]
      return profile
    },
    env,
  )
}

function parseBoolean(value: string, what: string): boolean {
  if (/^(true|yes|1|on)$/i.test(value)) return true
  if (/^(false|no|0|off)$/i.test(value)) return false
  throw refused(what, value, 'must be true or false')
}

/** --retries and the `retries` setting: a whole number from 0 to MAX_RETRIES */
export function parseRetries(value: string, what: string): number {
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN
  if (!(n <= MAX_RETRIES)) throw refused(what, value, `must be a whole number from 0 to ${MAX_RETRIES}`)
  return n
}

export function parseTokenStore(value: string, what: string): TokenStore {
  if (!(TOKEN_STORES as readonly string[]).includes(value)) throw refused(what, value, 'must be keyring or file')
  return value as TokenStore
}

function parseOutput(value: string, what: string): OutputFormat {
  if (!isOutputFormat(value)) throw refused(what, value, `must be one of ${OUTPUT_FORMATS.join(', ')}`)
  return value
}
