// Where host, token and settings come from: flags > environment > stored profile.
import {isIP} from 'node:net'
import {answerLimit} from '../answer/answer-limit.js'
import {CliError, ExitCode, UsageError} from '../command/errors.js'
import {pageLimit} from '../lists/page-limit.js'
import {io} from '../output/io.js'
import {type OutputFormat, profileName, readProfile} from './config-store.js'

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none'

export interface ConnectionFlags {
  host?: string
  token?: string
  profile?: string
  'ca-file'?: string
  insecure?: boolean
  'allow-http'?: boolean
  /** seconds */
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
  /** the most an API answer may take, in bytes (answer-limit.ts) */
  maxAnswerBytes: number
  /** the most pages read of one list (page-limit.ts) */
  maxPages: number
  output: OutputFormat | undefined
  /** the first retry waits about this long, doubling after (retry.ts): FORGECTL_RETRY_BASE_MS, else 500 ms; tests shorten it */
  retryBaseMs: number
  /** downloads follow a redirect to another host (the profile's `follow-redirects`); --[no-]follow-redirects decides per run */
  followRedirects: boolean
}

/** a run that needs a token and has none (auth status, auth token): the message says what to do */
export class NoToken extends CliError {
  constructor() {
    super('no token: run `forgectl auth login`, or set FORGECTL_TOKEN', ExitCode.auth)
  }
}

export const DEFAULT_TIMEOUT_SECONDS = 30
export const DEFAULT_RETRIES = 3
export const DEFAULT_RETRY_BASE_MS = 500

/** `keyringToken`: the profile's token when it lives in the system keyring, read beforehand (token-store.ts) */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = io().env, keyringToken?: string): Connection {
  const {profile, stored, rawHost, hostSource, token, tokenSource} = chooseCredentials(flags, env, keyringToken)
  if (rawHost === undefined) {
    throw new UsageError('no host configured: run `forgectl auth login --host URL`, set FORGECTL_HOST, or pass --host')
  }
  const host = normalizeHost(rawHost)
  checkChosenToken(token, tokenSource, profile)
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
    maxAnswerBytes: answerLimit(env, stored['max-answer-size'], profile),
    maxPages: pageLimit(env, stored['max-pages'], profile),
    retryBaseMs: env.FORGECTL_RETRY_BASE_MS === undefined ? DEFAULT_RETRY_BASE_MS : Number(env.FORGECTL_RETRY_BASE_MS),
    output: stored.output,
    followRedirects: stored['follow-redirects'] ?? false,
  }
}

/**
 * The host and token a run takes, and where each comes from: the one order for every command, `auth
 * token` included, so that the token it prints for a script is the one the commands send.
 */
export function chooseCredentials(flags: Pick<ConnectionFlags, 'host' | 'token' | 'profile'>, env: NodeJS.ProcessEnv = io().env, keyringToken?: string) {
  const profile = profileName(flags.profile, env)
  const stored = readProfile(profile, env)
  if (stored.token === undefined && keyringToken !== undefined) stored.token = keyringToken
  // `--profile` typed on the command line is a deliberate choice, as with `aws --profile`: it beats the
  // environment's host and token (set once in a shell and forgotten); FORGECTL_PROFILE does not.
  const profileChosen = flags.profile !== undefined
  const [rawHost, hostSource] = pick(flags.host, env.FORGECTL_HOST, stored.host, profileChosen)
  const [token, tokenSource] = pick(flags.token, profileChosen ? envTokenFor(rawHost, env) : env.FORGECTL_TOKEN, stored.token, profileChosen)
  return {profile, stored, rawHost, hostSource, token, tokenSource}
}

/**
 * The token rule for the token a run takes, wherever it came from, before it is sent or printed (`auth
 * token`): a stored token passed it as the file or the keyring was read (config-store.ts, token-store.ts)
 */
export function checkChosenToken(token: string | undefined, tokenSource: Source, profile: string): void {
  if (token !== undefined && tokenSource !== 'profile') checkToken(token, describeSource(tokenSource, 'token', profile))
}

function pick(flag: string | undefined, env: string | undefined, stored: string | undefined, profileFirst: boolean): [string | undefined, Source] {
  if (flag) return [flag, 'flag']
  if (profileFirst && stored) return [stored, 'profile']
  if (env) return [env, 'env']
  if (stored) return [stored, 'profile']
  return [undefined, 'none']
}

/**
 * A profile chosen with `--profile` that holds no token may take FORGECTL_TOKEN, but not when
 * FORGECTL_HOST names another server: that token is the other server's credential.
 */
function envTokenFor(rawHost: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!env.FORGECTL_HOST || rawHost === undefined) return env.FORGECTL_TOKEN
  return sameHost(rawHost, env.FORGECTL_HOST) ? env.FORGECTL_TOKEN : undefined
}

export function sameHost(a: string, b: string): boolean {
  try {
    return normalizeHost(a) === normalizeHost(b)
  } catch {
    return false
  }
}

/** where a setting came from, in the words a person would use to change it: `--host`, `FORGECTL_TOKEN`, `profile "ci"` */
export function describeSource(source: Source, setting: 'host' | 'token', profile: string): string {
  if (source === 'flag') return `--${setting}`
  if (source === 'env') return `FORGECTL_${setting.toUpperCase()}`
  if (source === 'profile') return `profile "${profile}"`
  return source
}

/**
 * The rule of an access token, wherever it comes from: the platform's tokens are printable ASCII
 * without spaces. A line break or a space copied along (`echo` into a file, a hand edit) could never
 * be sent as a header, or would be another token; the message names the character, never the token.
 */
export function checkToken(token: string, what: string): string {
  const odd = [...token].find(char => !/^[\x21-\x7e]$/.test(char))
  if (odd === undefined) return token
  const code = `U+${odd.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  const name = odd === '\n' || odd === '\r' ? 'a line break' : odd === ' ' ? 'a space' : odd === '\t' ? 'a tab' : `the character ${code}`
  throw new UsageError(`${what}: an access token is printable ASCII without spaces, and this one holds ${name}`)
}

/**
 * `forge.example.com` → `https://forge.example.com`, but a bare loopback host (`localhost:3000`,
 * `127.0.0.1:8080`, `[::1]:8080`) → `http://`: a server on one's own machine is a development server,
 * which rarely speaks TLS. A trailing `/api/v4` or slash is dropped.
 */
export function normalizeHost(raw: string): string {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw)
  assertValidPort(raw, hasScheme)
  let url: URL
  try {
    url = new URL(hasScheme ? raw : `https://${raw}`)
    if (!hasScheme && isLoopback(url.hostname)) url = new URL(`http://${raw}`)
  } catch {
    throw new UsageError(`invalid host "${raw}": expected a URL such as https://forge.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`invalid host "${raw}": only http and https are supported`)
  if (url.username || url.password) throw new UsageError('the host URL must not carry credentials: use --token or `auth login`')
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')
  return `${url.protocol}//${url.host}${path}`
}

/** URL's own refusal of port 70000 reads "Invalid URL"; say which part is wrong */
function assertValidPort(raw: string, hasScheme: boolean): void {
  const authority = (hasScheme ? raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '') : raw).split(/[/?#]/)[0]!.replace(/^.*@/, '')
  const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(authority)?.[1]
  if (port === undefined || port === '') return
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new UsageError(`invalid port "${port}" in host "${raw}": a port is a number from 1 to 65535`)
  }
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
