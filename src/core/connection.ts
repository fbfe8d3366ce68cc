// Where host, token and settings come from: flags > environment > stored profile.
import {isIP} from 'node:net'
import {profileName, readProfile, type OutputFormat} from './config-store.js'
import {UsageError} from './errors.js'

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none'

export interface ConnectionFlags {
  host?: string
  token?: string
  profile?: string
  'ca-file'?: string
  insecure?: boolean
  'allow-http'?: boolean
  timeout?: number
  retries?: number
}

export interface Connection {
  profile: string
  /** the server's base URL, normalised: scheme and host, no trailing slash, no /api/v4 */
  host: string
  hostSource: Source
  token: string | undefined
  tokenSource: Source
  caFile: string | undefined
  insecure: boolean
  timeoutMs: number
  retries: number
  output: OutputFormat | undefined
}

export const DEFAULT_TIMEOUT_SECONDS = 30
export const DEFAULT_RETRIES = 3

export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): Connection {
  const profile = profileName(flags.profile, env)
  const stored = readProfile(profile, env)
  const [rawHost, hostSource] = pick(flags.host, env.FORGECTL_HOST, stored.host)
  const [token, tokenSource] = pick(flags.token, env.FORGECTL_TOKEN, stored.token)
  if (rawHost === undefined) {
    throw new UsageError('no host configured: run `forgectl auth login --host URL`, set FORGECTL_HOST, or pass --host')
  }
  const host = normalizeHost(rawHost)
  assertSafeScheme(host, token, flags['allow-http'] ?? stored['allow-http'] ?? false)
  return {
    profile,
    host,
    hostSource,
    token,
    tokenSource,
    caFile: flags['ca-file'] ?? stored['ca-file'],
    insecure: flags.insecure ?? stored.insecure ?? false,
    timeoutMs: (flags.timeout ?? stored.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    retries: flags.retries ?? stored.retries ?? DEFAULT_RETRIES,
    output: stored.output,
  }
}

function pick(flag: string | undefined, env: string | undefined, stored: string | undefined): [string | undefined, Source] {
  if (flag) return [flag, 'flag']
  if (env) return [env, 'env']
  if (stored) return [stored, 'profile']
  return [undefined, 'none']
}

/** `forge.example.com` → `https://forge.example.com`; a trailing `/api/v4` or slash is dropped */
export function normalizeHost(raw: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new UsageError(`invalid host "${raw}": expected a URL such as https://forge.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`invalid host "${raw}": only http and https are supported`)
  if (url.username || url.password) throw new UsageError('the host URL must not carry credentials: use --token or `auth login`')
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')
  return `${url.protocol}//${url.host}${path}`
}

export function isLoopback(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (isIP(name) === 4) return name.startsWith('127.')
  return name === '::1'
}

/** a token sent over plain HTTP can be read on the way: allowed to loopback only, unless asked for */
function assertSafeScheme(host: string, token: string | undefined, allowHttp: boolean): void {
  const url = new URL(host)
  if (url.protocol === 'http:' && token !== undefined && !allowHttp && !isLoopback(url.hostname)) {
    throw new UsageError(`refusing to send a token over plain HTTP to ${url.host}: use https, or pass --allow-http if you accept the risk`)
  }
}
