// Stored profiles. The file is conf's JSON; we read it with plain fs (loading conf costs ~90 ms of
// start-up, mostly its schema validator) and write it through conf, which writes atomically.
import {accessSync, chmodSync, constants, mkdirSync, readFileSync, statSync} from 'node:fs'
import {homedir} from 'node:os'
import {join} from 'node:path'
import {parseSize, SIZE_HELP} from './answer-limit.js'
import {DURATION_HELP, parseDuration} from './duration.js'
import {UsageError} from './errors.js'
import {importModule} from './launcher.js'

export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'csv', 'ndjson'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export interface Profile {
  host?: string
  token?: string
  'ca-file'?: string
  insecure?: boolean
  timeout?: number
  retries?: number
  /** bytes */
  'max-answer-size'?: number
  output?: OutputFormat
  'allow-http'?: boolean
  'follow-redirects'?: boolean
}
export type ProfileKey = keyof Profile

interface StoredConfig {
  defaultProfile?: string
  profiles?: Record<string, Profile>
}

/** what `config set` accepts, and how each value is parsed */
export const PROFILE_KEYS: Record<ProfileKey, {description: string; parse: (value: string) => Profile[ProfileKey]}> = {
  host: {description: 'server base URL (https://forge.example.com) or host name', parse: v => v},
  token: {description: 'access token (prefer `auth login`)', parse: v => v},
  'ca-file': {description: 'PEM file with extra CA certificates to trust', parse: v => v},
  insecure: {description: 'skip TLS certificate verification (true/false)', parse: parseBoolean},
  timeout: {description: `how long one request may take (${DURATION_HELP})`, parse: v => parseDuration(v, 'timeout')},
  retries: {description: 'retries of failed idempotent requests', parse: v => parseCount(v, 'retries')},
  'max-answer-size': {description: `the most an API answer may take once decompressed, in ${SIZE_HELP}; default 100 MiB`, parse: v => parseSize(v, 'max-answer-size')},
  output: {description: `default output format (${OUTPUT_FORMATS.join(', ')})`, parse: parseOutput},
  'allow-http': {description: 'allow a plain-HTTP host that is not loopback (true/false)', parse: parseBoolean},
  'follow-redirects': {description: 'fetch downloads the server redirects to another host (object storage) from there, without the token (true/false)', parse: parseBoolean},
}

export const DEFAULT_PROFILE = 'default'

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORGECTL_CONFIG_DIR) return env.FORGECTL_CONFIG_DIR
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config')
  return join(base, 'forgectl')
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json')
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  const file = configPath(env)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return {}
  }
  tightenMode(file)
  try {
    return JSON.parse(text) as StoredConfig
  } catch {
    throw new UsageError(`the config file ${file} is not valid JSON; fix or remove it`)
  }
}

/** a token file that others can read is repaired on sight, not only on the next write */
function tightenMode(file: string): void {
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  } catch {
    // not ours to change (another owner): reading still works
  }
}

export function profileName(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const name = flag ?? env.FORGECTL_PROFILE ?? readConfig(env).defaultProfile ?? DEFAULT_PROFILE
  if (!/^[\w-]+$/.test(name)) throw new UsageError(`invalid profile name "${name}": use letters, digits, - and _`)
  return name
}

export function readProfile(name: string, env: NodeJS.ProcessEnv = process.env): Profile {
  return readConfig(env).profiles?.[name] ?? {}
}

export function listProfiles(env: NodeJS.ProcessEnv = process.env): Record<string, Profile> {
  return readConfig(env).profiles ?? {}
}

/**
 * Why the config folder cannot be written (an error code such as EACCES or EROFS), or undefined when it
 * can: lets a command that changes something on the server refuse before, rather than fail to store after.
 */
export function configWriteProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
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
  mkdirSync(dir, {recursive: true, mode: 0o700})
  chmodSync(dir, 0o700)
  const {default: Conf} = await importModule<typeof import('conf')>('conf')
  return new Conf<StoredConfig>({cwd: dir, configName: 'config', projectName: 'forgectl', projectSuffix: '', configFileMode: 0o600})
}

export async function updateProfile(name: string, change: (profile: Profile) => Profile, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
  const conf = await openConf(env)
  const profiles = {...conf.get('profiles')}
  const next = change({...profiles[name]})
  for (const key of Object.keys(next) as ProfileKey[]) if (next[key] === undefined) delete next[key]
  profiles[name] = next
  conf.set('profiles', profiles)
  return next
}

export async function removeProfileKeys(name: string, keys: ProfileKey[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await updateProfile(
    name,
    profile => {
      for (const key of keys) delete profile[key]
      return profile
    },
    env,
  )
}

function parseBoolean(value: string): boolean {
  if (/^(true|yes|1|on)$/i.test(value)) return true
  if (/^(false|no|0|off)$/i.test(value)) return false
  throw new UsageError(`expected true or false, got "${value}"`)
}

function parseCount(value: string, key: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new UsageError(`${key} must be a whole number from 0 to 10, got "${value}"`)
  return n
}

function parseOutput(value: string): OutputFormat {
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) throw new UsageError(`output must be one of ${OUTPUT_FORMATS.join(', ')}`)
  return value as OutputFormat
}
