// Where host, token and settings come from: flags > environment > stored profile.
import {answerLimit} from '../answer/answer-limit.js'
import {CliError, ExitCode, UsageError} from '../base/errors.js'
import type {OutputFormat} from '../base/format-names.js'
import {shownHost} from '../base/redact.js'
import {type Profile, profileName, readProfile, tokenLocation} from './config-store.js'
import {checkToken, isLoopback, normalizeHost} from './host.js'
import {pageLimit} from './page-limit.js'

export {checkToken, isLoopback, normalizeHost}

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
  /** the profile's stored token, not taken because the run is aimed at another host */
  withheld?: WithheldToken
}

/** a run that needs a token and has none (auth status, auth token): the message says what to do */
export class NoToken extends CliError {
  constructor(withheld?: WithheldToken) {
    super(withheld ? `no token: ${withheldReason(withheld)}` : 'no token: run `forgectl auth login`, or set FORGECTL_TOKEN', ExitCode.auth)
  }
}

/** why a stored token was not taken, in one line that says what to do instead; never quotes more of a host than shownHost allows */
export function withheldReason({profile, storedHost, host, hostSource}: WithheldToken): string {
  const target = shownHost(normalizedOrRaw(host))
  const from = describeSource(hostSource, 'host', profile)
  const instead = `pass --token or set FORGECTL_TOKEN for ${target}`
  if (storedHost === undefined) return `profile "${profile}" names no host, so its stored token is sent to none: not to ${target} (${from}); ${instead}, or set the profile's host`
  return `the stored token of profile "${profile}" is for ${shownHost(normalizedOrRaw(storedHost))} and is not sent to ${target} (${from}); ${instead}`
}

function normalizedOrRaw(host: string): string {
  try {
    return normalizeHost(host)
  } catch {
    return host
  }
}

export const DEFAULT_TIMEOUT_SECONDS = 30
export const DEFAULT_RETRIES = 3
export const DEFAULT_RETRY_BASE_MS = 500

/** `keyringToken`: the profile's token when it lives in the system keyring, read beforehand (token-store.ts) */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv, keyringToken?: string): Connection {
  const {profile, stored, rawHost, hostSource, token, tokenSource, withheld} = chooseCredentials(flags, env, keyringToken)
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
    ...(withheld ? {withheld} : {}),
  }
}

/**
 * The host and token a run takes, and where each comes from: the one order for every command, `auth
 * token` included, so that the token it prints for a script is the one the commands send.
 */
export function chooseCredentials(flags: Pick<ConnectionFlags, 'host' | 'token' | 'profile'>, env: NodeJS.ProcessEnv, keyringToken?: string) {
  const profile = profileName(flags.profile, env)
  const stored = readProfile(profile, env)
  if (stored.token === undefined && keyringToken !== undefined) stored.token = keyringToken
  const {rawHost, hostSource, outside, storedTaken} = credentialOrder(flags, env, stored)
  const [token, tokenSource]: [string | undefined, Source] = outside ?? (storedTaken && stored.token ? [stored.token, 'profile'] : [undefined, 'none'])
  // a stored token that stays home says so: auth status, auth token and the run's warning name it
  const withheld: WithheldToken | undefined =
    tokenSource === 'none' && !storedTaken && tokenLocation(stored) !== undefined && rawHost !== undefined ? {profile, storedHost: stored.host, host: rawHost, hostSource} : undefined
  return {profile, stored, rawHost, hostSource, token, tokenSource, withheld}
}

/** a profile's stored token not taken, because the run is aimed at another origin than the profile's */
export interface WithheldToken {
  profile: string
  /** the profile's host, the one origin its token goes to; undefined when the profile names none */
  storedHost: string | undefined
  /** the host the run is aimed at, as given */
  host: string
  hostSource: Source
}

/**
 * The order of every run: the host, a token from outside (--token, FORGECTL_TOKEN) if one is taken, and
 * whether the profile's stored token is; read before the keyring is asked (token-store.ts), so that a
 * token that would not be sent is not even read.
 */
export function credentialOrder(flags: Pick<ConnectionFlags, 'host' | 'token' | 'profile'>, env: NodeJS.ProcessEnv, stored: Profile) {
  // `--profile` typed on the command line is a deliberate choice, as with `aws --profile`: it beats the
  // environment's host and token (set once in a shell and forgotten); FORGECTL_PROFILE does not.
  const profileChosen = flags.profile !== undefined
  const [rawHost, hostSource] = pick(flags.host, env.FORGECTL_HOST, stored.host, profileChosen)
  // A stored token is the credential of the profile's host and goes nowhere else: not to another host
  // named by --host or FORGECTL_HOST. Compared as origins (scheme, host, port), as a redirect is. With
  // no host at all, nothing is sent anywhere (`auth token` still prints it; a request needs a host).
  const bound = tokenLocation(stored) !== undefined && (rawHost === undefined || (stored.host !== undefined && sameOrigin(rawHost, stored.host)))
  const envToken = profileChosen ? envTokenFor(rawHost, env) : env.FORGECTL_TOKEN
  let outside: [string, Source] | undefined
  if (flags.token) outside = [flags.token, 'flag']
  else if (envToken && !(profileChosen && bound)) outside = [envToken, 'env']
  return {rawHost, hostSource, outside, storedTaken: bound && outside === undefined}
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

/**
 * One origin (scheme, host, port), as a browser and redirect.ts compare them: the host's case, a default
 * port, a trailing slash or `/api/v4` make no difference, and the path none either (one server)
 */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(normalizeHost(a)).origin === new URL(normalizeHost(b)).origin
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

/** a token sent over plain HTTP can be read on the way: allowed to loopback only, unless asked for */
function assertSafeScheme(host: string, token: string | undefined, allowHttp: boolean): void {
  const url = new URL(host)
  if (url.protocol === 'http:' && token !== undefined && !allowHttp && !isLoopback(url.hostname)) {
    throw new UsageError(`refusing to send a token over plain HTTP to ${url.host}: use https, or pass --allow-http if you accept the risk`)
  }
}
