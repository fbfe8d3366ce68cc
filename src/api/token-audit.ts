// Which tokens are about to stop working or should stop (issue 30): active tokens that expire soon,
// never expire, or have not been used for long. The platform can filter by expiry, but not ask for
// tokens without one, so the audit reads every active token once (concurrent pages) and decides here;
// the decision is a pure function, and it re-checks what a filter promised, because a server older
// than a filter ignores it and answers with every token.

import {type ApiId, compareNumbers, ExactNumber} from '../core/base/exact-number.js'
import {custom, declare, type Values} from '../core/input/input.js'
import {calendarDaysUntil, PERIOD_HINT, parsePeriod} from '../core/input/period.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {fieldList} from './record-fields.js'
import {OPTIONAL_TOKEN_USER, type PersonalAccessToken} from './tokens.js'
import type {CurrentUser} from './user.js'

const DAY_MS = 86_400_000

export const AUDIT_CRITERIA = declare({
  ...OPTIONAL_TOKEN_USER,
  expires_within: custom({description: `report tokens that expire within this span (${PERIOD_HINT}; default 30d)`, helpValue: 'SPAN', hint: PERIOD_HINT, parse: parsePeriod}),
  unused_for: custom({description: `also report tokens not used for this span, or never used and older than it (${PERIOD_HINT})`, helpValue: 'SPAN', hint: PERIOD_HINT, parse: parsePeriod}),
})
export type AuditCriteria = Values<typeof AUDIT_CRITERIA>

export const DEFAULT_EXPIRES_WITHIN_MS = 30 * DAY_MS

/** what the owner's record tells: a service account is a bot whose username the platform prefixes */
export type TokenKind = 'personal' | 'impersonation' | 'service account' | 'bot'

export interface AuditedToken {
  id: ApiId
  name: string
  user_id: ApiId
  /** empty when the owner could not be read (a deleted user, a record the server would not show) */
  username: string
  kind: TokenKind
  scopes: string[]
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  /** why it is reported: `expires in 5 days`, `expired today`, `no expiry`, `unused for 120 days`, `never used` */
  reasons: string[]
}
export const AUDITED_TOKEN_FIELDS = fieldList<AuditedToken>()(['id', 'name', 'user_id', 'username', 'kind', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'reasons'])
// reasons beside expires_at, before the columns a narrow terminal leaves out first (scopes, last use):
// at 80 columns the reasons, the point of the audit, were the column left out
export const AUDIT_COLUMNS = ['id', 'username', 'kind', 'name', 'expires_at', 'reasons', 'scopes', 'last_used_at'] as const

/** every active token the caller may see: the instance's for an administrator, else their own */
export function activeTokens(userId: string | undefined): ListSpec<PersonalAccessToken> {
  return listSpec<PersonalAccessToken>('/personal_access_tokens', {state: 'active', user_id: userId})
}

export type Owner = Pick<CurrentUser, 'username' | 'bot'>

export interface AuditOptions {
  now: Date
  expiresWithinMs: number
  unusedForMs?: number
  /** --user: a server older than the `user_id` filter sends every user's tokens, which are not this user's */
  userId?: string
}

/** midnight UTC of a `YYYY-MM-DD` expiry: the token stops working when that day begins */
function expiryTime(date: unknown): number {
  // `NaN` for what is no date (a server may send a number, an object): no expiry can be counted from it
  return typeof date === 'string' ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : Number.NaN
}

/** a time the server sent, `NaN` for what is no date text */
function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN
}

/** absent or null, as the platform sends a date that is not set */
function unset(value: unknown): value is null | undefined {
  return value === null || value === undefined
}

/** a list may hold anything a server sent: what is not a record is no token */
function isRecord(value: unknown): value is PersonalAccessToken {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** the token is the user's asked for (--user), or no user was */
function ofUser(token: PersonalAccessToken, userId: string | undefined): boolean {
  return userId === undefined || String(token.user_id) === userId
}

/**
 * The owners to name (src/topics/token-owners.ts): the distinct user IDs of the tokens, only those that
 * are IDs. A record without one (missing, null, text) is reported without a username, never looked up
 * as `/users/undefined`.
 */
export function ownerIds(tokens: readonly unknown[], userId?: string): string[] {
  const ids = new Set<string>()
  for (const token of tokens) {
    if (!isRecord(token) || !ofUser(token, userId)) continue
    const id: unknown = token.user_id
    if ((typeof id === 'number' && Number.isSafeInteger(id) && id > 0) || (id instanceof ExactNumber && /^[1-9]\d*$/.test(id.text))) ids.add(String(id))
  }
  return [...ids]
}

function days(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`
}

function kindOf(token: PersonalAccessToken & {impersonation?: unknown}, owner: Owner | undefined): TokenKind {
  if (token.impersonation === true) return 'impersonation'
  if (owner?.bot === true) return owner.username.startsWith('service_account') ? 'service account' : 'bot'
  return 'personal'
}

/**
 * Active as the server says (`state=active` asked for it; a server older than the filter sends every
 * token, and each record still says whether it is revoked or active)
 */
function isActive(token: PersonalAccessToken): boolean {
  return token.revoked !== true && token.active !== false
}

function reasonsFor(token: PersonalAccessToken, options: AuditOptions): string[] {
  const now = options.now.getTime()
  const reasons: string[] = []
  if (unset(token.expires_at)) reasons.push('no expiry')
  else {
    const left = expiryTime(token.expires_at) - now
    // in calendar days, as a table shows the same expiry (`in 3 days`, period.ts)
    const dayCount = typeof token.expires_at === 'string' ? calendarDaysUntil(token.expires_at, now) : Number.NaN
    // an audit that cannot read an expiry says so: left out, the token would pass for one that is fine
    if (Number.isNaN(left)) reasons.push('expiry not a date')
    // past its date yet active (a server that marks expiry later, or a clock behind ours): it has expired
    else if (dayCount <= 0) reasons.push(dayCount === 0 ? 'expired today' : `expired ${days(-dayCount)} ago`)
    else if (left <= options.expiresWithinMs) reasons.push(`expires in ${days(dayCount)}`)
  }
  if (options.unusedForMs !== undefined) {
    const since = now - options.unusedForMs
    if (unset(token.last_used_at) || token.last_used_at === '') {
      if (timeOf(token.created_at) <= since) reasons.push('never used')
    } else {
      const used = timeOf(token.last_used_at)
      if (Number.isNaN(used)) reasons.push('last use not a date')
      else if (used <= since) reasons.push(`unused for ${days(Math.floor((now - used) / DAY_MS))}`)
    }
  }
  return reasons
}

/** the tokens to act on, soonest expiry first, tokens without expiry last */
export function auditTokens(tokens: readonly unknown[], owners: ReadonlyMap<string, Owner>, options: AuditOptions): AuditedToken[] {
  const found: AuditedToken[] = []
  for (const token of tokens) {
    if (!isRecord(token) || !isActive(token)) continue
    if (!ofUser(token, options.userId)) continue
    const reasons = reasonsFor(token, options)
    if (reasons.length === 0) continue
    const owner = owners.get(String(token.user_id))
    found.push({
      id: token.id,
      name: token.name,
      user_id: token.user_id,
      username: owner?.username ?? '',
      kind: kindOf(token, owner),
      scopes: token.scopes,
      created_at: token.created_at,
      expires_at: token.expires_at ?? null,
      last_used_at: token.last_used_at ?? null,
      reasons,
    })
  }
  // an expiry that is no date sorts with the undated, after every real date
  const expiry = (t: AuditedToken) => (typeof t.expires_at === 'string' ? expiryTime(t.expires_at) : Number.NaN) || Number.POSITIVE_INFINITY
  return found.sort((a, b) => expiry(a) - expiry(b) || compareNumbers(a.id, b.id))
}
