// The token records of personal access tokens and impersonation tokens (document 1, "Tokens"), in one slice
// shared by routes/tokens.ts, routes/impersonation-tokens.ts and the tokens of group service accounts
// (routes/service-accounts.ts): how a token is read from a request, minted, rendered, rotated and revoked.
// A minted token authenticates (it is registered in store.tokens); a revoked one stops at once.
import {randomBytes} from 'node:crypto'
import {badRequest, HttpError, invalid} from './http.js'
import {type Ctx, optionalArray, optionalString, requireString} from './router.js'
import {TOKENS} from './seed.js'
import {type SandboxUser, SEED_TIME, type Store} from './store.js'

export interface TokenRecord {
  id: number
  user_id: number
  name: string
  description: string | null
  scopes: string[]
  created_at: string
  /** YYYY-MM-DD */
  expires_at: string | null
  last_used_at: string | null
  revoked: boolean
  impersonation: boolean
  value: string
}

/** "expires_at: if undefined, set to the maximum allowed lifetime" (the platform's default is a year) */
export const MAX_LIFETIME_DAYS = 365
/** "Personal access token rotated ...: new token valid for one week" unless expires_at says otherwise */
export const ROTATED_LIFETIME_DAYS = 7
/** "Token and service-account description: maximum 255 characters" */
const DESCRIPTION_MAX = 255
/** the spec gives no complete list; these are the platform's usual scopes plus the two the spec names */
export const KNOWN_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'create_runner',
  'manage_runner',
  'ai_features',
  'sudo',
  'admin_mode',
  'read_service_ping',
  'orchestrator_proxy',
  'self_rotate',
]
/** the platform's words for scopes the spec renamed: accepted on input, answered in the spec's words */
const PLATFORM_SCOPE_WORDS: Record<string, string> = {k8s_proxy: 'orchestrator_proxy'}
/** "only ... `orchestrator_proxy` and `self_rotate` accepted" by POST /user/personal_access_tokens */
export const SELF_SERVICE_SCOPES = ['orchestrator_proxy', 'self_rotate']
const DATE = /^\d{4}-\d{2}-\d{2}$/

export function tokenRecords(store: Store): Map<number, TokenRecord> {
  return store.slice('tokens', () => seedTokens(store))
}

/** YYYY-MM-DD, `days` from today (UTC) */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** "Transition of a token by expiry: not shown": here a token past its expiry date is inactive */
export function isActive(token: TokenRecord): boolean {
  return !token.revoked && (token.expires_at === null || token.expires_at >= dateFromToday(0))
}

export function renderToken(token: TokenRecord, options: {withValue?: boolean} = {}) {
  return {
    id: token.id,
    name: token.name,
    description: token.description,
    revoked: token.revoked,
    active: isActive(token),
    scopes: token.scopes,
    user_id: token.user_id,
    created_at: token.created_at,
    expires_at: token.expires_at,
    last_used_at: token.last_used_at,
    ...(token.impersonation ? {impersonation: true} : {}),
    // "token value; only in the creation response, cannot be retrieved later"
    ...(options.withValue ? {token: token.value} : {}),
  }
}

/** an expiry date from the request: a valid date, not in the past, within the maximum lifetime */
export function readExpiry(ctx: Ctx, defaultDays: number): string {
  const value = readDate(ctx)
  if (value === undefined) return dateFromToday(defaultDays)
  const problem = expiryProblem(value)
  if (problem) throw invalid(400, {expires_at: [problem]})
  return value
}

/** `expires_at` as Grape's Date type reads it: undefined when absent or empty, 400 when not a date */
function readDate(ctx: Ctx): string | undefined {
  const value = optionalString(ctx.input, 'expires_at')
  if (value === undefined || value === '') return undefined
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw badRequest('expires_at is invalid')
  return value
}

function expiryProblem(value: string): string | undefined {
  if (value < dateFromToday(0)) return 'must not be in the past'
  const max = dateFromToday(MAX_LIFETIME_DAYS)
  if (value > max) return `must be before ${max}`
  return undefined
}

/** Rails' full message of a field's problem: "expires_at", "must be ..." → "Expires at must be ..." */
const fullMessage = (field: string, problem: string) => `${field.charAt(0).toUpperCase()}${field.slice(1).replaceAll('_', ' ')} ${problem}`
/** Ruby's Array#to_sentence */
const toSentence = (parts: string[]) => (parts.length <= 2 ? parts.join(' and ') : `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}`)

/**
 * The inputs of every token creation: name, scopes, description (max 255), expires_at. Two ways in, as
 * the platform has them (lib/api/users.rb, lib/api/personal_access_tokens.rb, ee/lib/api/group_service_accounts.rb):
 * - `service`: PersonalAccessTokens::CreateService. Scopes are declared required with their values (400
 *   from the declarations), no expiry means the maximum lifetime, and the model's refusal is 422 with its
 *   full messages as one sentence.
 * - `model`: an impersonation token, built from the model itself. Scopes are optional to the declarations
 *   but the model requires them and only known ones; it has no default expiry and requires one; its
 *   refusal is render_validation_error!'s 400 {message: {field: [problems]}}.
 */
export function readNewToken(ctx: Ctx, allowedScopes: readonly string[] = KNOWN_SCOPES, way: 'service' | 'model' = 'service') {
  const name = requireString(ctx.input, 'name')
  // the platform's name of the proxy scope (what real clients send) is read as the spec's
  const scopes = optionalArray(ctx.input, 'scopes')?.map(scope => PLATFORM_SCOPE_WORDS[scope] ?? scope) ?? []
  if (way === 'service' && scopes.length === 0) throw badRequest('scopes is missing')
  if (way === 'service' && scopes.some(s => !allowedScopes.includes(s))) throw badRequest('scopes does not have a valid value')
  const description = optionalString(ctx.input, 'description') ?? null
  const expiresAt = readDate(ctx)
  const problems: Record<string, string[]> = {}
  if (way === 'model' && scopes.length === 0) problems.scopes = ["can't be blank"]
  else if (scopes.some(s => !allowedScopes.includes(s))) problems.scopes = ['can only contain available scopes']
  if (description !== null && [...description].length > DESCRIPTION_MAX) problems.description = [`is too long (maximum is ${DESCRIPTION_MAX} characters)`]
  if (expiresAt === undefined && way === 'model') problems.expires_at = ["can't be blank"]
  const expiry = expiresAt === undefined ? undefined : expiryProblem(expiresAt)
  if (expiry) problems.expires_at = [expiry]
  if (Object.keys(problems).length > 0) {
    if (way === 'model') throw invalid(400, problems)
    throw new HttpError(422, {message: toSentence(Object.entries(problems).flatMap(([field, texts]) => texts.map(t => fullMessage(field, t))))})
  }
  return {name, scopes, description, expires_at: expiresAt ?? dateFromToday(MAX_LIFETIME_DAYS)}
}

/** a new active token (active=true, revoked=false) that authenticates as `user` */
export function mintToken(store: Store, user: SandboxUser, input: Pick<TokenRecord, 'name' | 'scopes' | 'description' | 'expires_at'>, impersonation = false): TokenRecord {
  const token: TokenRecord = {
    id: store.nextId(),
    user_id: user.id,
    ...input,
    created_at: store.now(),
    last_used_at: null,
    revoked: false,
    impersonation,
    value: `glpat-${randomBytes(15).toString('base64url')}`,
  }
  tokenRecords(store).set(token.id, token)
  store.tokens.set(token.value, user.id)
  return token
}

/** revoked=true, active=false, and it no longer authenticates; 400 when it already is ("token revoke fails") */
export function revokeToken(store: Store, token: TokenRecord): void {
  if (token.revoked) throw new HttpError(400, {message: '400 Bad request - Token already revoked'})
  token.revoked = true
  store.tokens.delete(token.value)
}

/**
 * "Rotation revokes the old token and returns the new value once": a new token with the old one's
 * name, scopes and description, valid a week unless expires_at says otherwise. A revoked or expired
 * token cannot be rotated (400). Only the rotated token is revoked (rotate_service.rb), a service
 * account's too.
 */
export function rotateToken(ctx: Ctx, old: TokenRecord): TokenRecord {
  // app/services/personal_access_tokens/rotate_service.rb refuses a revoked token only: an expired one is rotated
  if (old.revoked) throw new HttpError(400, {message: '400 Bad request - Token already revoked'})
  const expiresAt = readExpiry(ctx, ROTATED_LIFETIME_DAYS)
  const owner = ctx.store.findUser(old.user_id)
  revokeToken(ctx.store, old)
  const {name, scopes, description, impersonation} = old
  return mintToken(ctx.store, owner, {name, scopes, description, expires_at: expiresAt}, impersonation)
}

/** `state` of listings: all (default), active, inactive */
export function byState(state: string | undefined) {
  return (token: TokenRecord) => state === undefined || state === 'all' || isActive(token) === (state === 'active')
}

/**
 * The role tokens of seed.ts as records (scope api, no expiry), so that `GET /personal_access_tokens/self`
 * knows them; bob's personal tokens in every state, for the list filters; and bob's two impersonation
 * tokens, one active and one revoked; dave's and erin's, dated from today, for `tokens audit`. Only
 * active tokens authenticate.
 */
function seedTokens(store: Store): Map<number, TokenRecord> {
  const tokens = new Map<number, TokenRecord>()
  const add = (record: Omit<TokenRecord, 'id' | 'value' | 'description' | 'impersonation' | 'revoked'> & Partial<TokenRecord>) => {
    const id = store.nextId()
    const token: TokenRecord = {id, value: `seeded-token-${id}`, description: null, impersonation: false, revoked: false, ...record}
    tokens.set(id, token)
    if (isActive(token)) store.tokens.set(token.value, token.user_id)
    return token
  }
  for (const [role, value] of Object.entries(TOKENS)) {
    const user_id = store.tokens.get(value)
    if (user_id !== undefined) add({user_id, name: `sandbox-${role}`, scopes: ['api'], created_at: SEED_TIME, expires_at: null, last_used_at: null, value})
  }
  const bob = {user_id: 3, impersonation: true, scopes: ['api'], last_used_at: null}
  add({...bob, name: 'support-session', created_at: '2026-01-10T10:00:00.000Z', expires_at: '2030-01-01'})
  add({...bob, name: 'old-support', created_at: '2026-01-10T10:00:00.000Z', expires_at: '2030-01-01', revoked: true})
  const personal = {user_id: 3, scopes: ['read_api']}
  add({...personal, name: 'laptop', created_at: '2025-12-01T08:00:00.000Z', last_used_at: '2026-01-14T08:00:00.000Z', expires_at: '2030-06-30'})
  add({...personal, name: 'expired-ci', created_at: '2025-06-01T08:00:00.000Z', last_used_at: '2025-12-20T08:00:00.000Z', expires_at: '2026-01-01'})
  add({...personal, name: 'leaked-laptop', created_at: '2025-03-01T08:00:00.000Z', last_used_at: null, expires_at: '2030-06-30', revoked: true})
  // dave's and erin's tokens, dated from the day the sandbox starts, so that `tokens audit` finds one
  // expiring in days, one in weeks, one used long ago and one never used, whatever the date
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
  add({user_id: 5, scopes: ['api'], name: 'nightly-backup', created_at: daysAgo(300), last_used_at: daysAgo(1), expires_at: dateFromToday(3)})
  add({user_id: 5, scopes: ['read_api'], name: 'release-bot', created_at: daysAgo(300), last_used_at: daysAgo(200), expires_at: dateFromToday(20)})
  add({user_id: 6, scopes: ['read_repository'], name: 'dashboard', created_at: daysAgo(120), last_used_at: null, expires_at: dateFromToday(200)})
  return tokens
}
