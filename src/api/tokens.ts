// Personal access tokens and impersonation tokens (document 1, "Tokens"); the token model is shared
// with the tokens of group service accounts (src/api/service-accounts.ts).

import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, date, dateTime, declare, list, text, type Values} from '../core/input/input.js'
import {sortChoice} from '../core/input/sort.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'
import {userRef} from './users.js'

export interface PersonalAccessToken {
  id: ApiId
  name: string
  /** max 255 characters */
  description: string | null
  revoked: boolean
  active: boolean
  scopes: string[]
  user_id: ApiId
  created_at: string
  expires_at: string | null
  /** in listings */
  last_used_at?: string | null
  /** the token value: only in the creation response, it cannot be retrieved later */
  token?: string
}
export const TOKEN_FIELDS = fieldList<PersonalAccessToken>()(['id', 'name', 'description', 'revoked', 'active', 'scopes', 'user_id', 'created_at', 'expires_at', 'last_used_at', 'token'])

export interface ImpersonationToken extends PersonalAccessToken {
  impersonation: boolean
}
export const IMPERSONATION_TOKEN_FIELDS = fieldList<ImpersonationToken>()([...TOKEN_FIELDS, 'impersonation'])

export const TOKEN_COLUMNS = ['id', 'name', 'scopes', 'active', 'revoked', 'expires_at'] as const
/** a created token: the value too, so that csv keeps it (a table shows it on its own line instead) */
export const CREATED_TOKEN_COLUMNS = [...TOKEN_COLUMNS, 'token'] as const

/** "Token state filter values for listing: all, active, inactive" */
export const TOKEN_STATES = ['all', 'active', 'inactive'] as const

/** "only k8s_proxy-style orchestrator proxy scope `orchestrator_proxy` and `self_rotate` accepted" */
export const SELF_SERVICE_SCOPES = ['orchestrator_proxy', 'self_rotate'] as const

/**
 * The scopes a token can have. The spec names api, read_user, read_repository and the two above, and
 * says the complete list is "not shown"; the rest are the platform's. A scope outside the list was a
 * 400 that did not name it (`--scope apii`): it is refused here, naming the near one.
 */
export const TOKEN_SCOPES: readonly string[] = [
  ...`api read_api read_user read_repository write_repository read_registry write_registry read_virtual_registry
write_virtual_registry create_runner manage_runner ai_features sudo admin_mode read_service_ping`.split(/\s+/),
  ...SELF_SERVICE_SCOPES,
]

export const TOKEN_SORTS = ['created_asc', 'created_desc', 'expires_asc', 'expires_desc', 'last_used_asc', 'last_used_desc', 'name_asc', 'name_desc'] as const
/** the service-account token finder's states: no `all` */
export const SERVICE_ACCOUNT_TOKEN_STATES = ['active', 'inactive'] as const

/** "Token and service-account description: maximum 255 characters" */
export const DESCRIPTION_MAX = 255

/** POST of every token (personal, impersonation, service account): name and scopes required */
export const NEW_TOKEN = declare({
  name: text({required: true, description: 'token name'}),
  scopes: list({flag: 'scope', required: true, options: TOKEN_SCOPES, helpValue: 'SCOPE', description: 'scope of the token, repeatable or a comma list: api, read_user, read_repository, ...'}),
  // own tokens: "documented as type array", the platform takes a date; PersonalAccessTokens::CreateService
  // gives the maximum lifetime when none is sent (impersonation tokens differ: NEW_IMPERSONATION_TOKEN)
  expires_at: date({description: 'expiry date (default: the maximum lifetime the server allows)'}),
  // an optional text, not a name: "" is sent as given
  description: text({max: DESCRIPTION_MAX, empty: 'value', description: `what the token is for (at most ${DESCRIPTION_MAX} characters)`}),
})
export type NewToken = Values<typeof NEW_TOKEN>

/**
 * POST /users/:user_id/impersonation_tokens builds the token straight from the model (lib/api/users.rb),
 * which gives no default expiry and requires one (app/models/personal_access_token.rb): required here,
 * so that a missing date is said before sending rather than as the server's 400.
 */
export const NEW_IMPERSONATION_TOKEN = declare({
  ...NEW_TOKEN,
  expires_at: date({required: true, description: 'expiry date (required: the server sets none for impersonation tokens)'}),
})
export type NewImpersonationToken = Values<typeof NEW_IMPERSONATION_TOKEN>

/** POST .../rotate: the one input of a rotation; forgectl always sends it (token-lifetime.ts) */
export const TOKEN_ROTATION = declare({
  expires_at: date({description: "expiry date of the new token (default: today plus the old token's lifetime, at most 364 days)"}),
})
export type TokenRotation = Values<typeof TOKEN_ROTATION>

/** POST /user/personal_access_tokens accepts only these scopes: refused here, naming the allowed ones */
export function checkSelfServiceScopes(scopes: readonly string[]): void {
  const refused = scopes.filter(s => !(SELF_SERVICE_SCOPES as readonly string[]).includes(s))
  if (refused.length > 0) {
    throw new UsageError(`a token for yourself (without --user) takes only the scopes ${SELF_SERVICE_SCOPES.join(' and ')}; not ${refused.join(', ')}`)
  }
}

const USER_DESCRIPTION = 'user ID or username'
/** the user of /users/:user_id/... paths: "user_id (integer, required)", so a username is sent as its ID (users.ts) */
export const TOKEN_USER = declare({user_id: userRef({flag: 'user', char: 'u', required: true, description: USER_DESCRIPTION})})
/** the same user, when it is optional: without it, the caller's own tokens */
export const OPTIONAL_TOKEN_USER = declare({user_id: userRef({flag: 'user', char: 'u', description: USER_DESCRIPTION})})

/** GET /users/:user_id/impersonation_tokens */
export const IMPERSONATION_TOKEN_FILTERS = declare({
  state: choice(TOKEN_STATES, {description: 'which tokens (API default: all)'}),
})
export type ImpersonationTokenFilters = Values<typeof IMPERSONATION_TOKEN_FILTERS>

/** the token finder of the platform: a service account's tokens, and (without `sort` and expiry) personal ones */
export const TOKEN_FILTERS = declare({
  created_after: dateTime({description: 'tokens created after this time'}),
  created_before: dateTime({description: 'tokens created before this time'}),
  expires_after: date({description: 'tokens expiring after this date'}),
  expires_before: date({description: 'tokens expiring before this date'}),
  last_used_after: dateTime({description: 'tokens last used after this time'}),
  last_used_before: dateTime({description: 'tokens last used before this time'}),
  revoked: boolean({description: 'only revoked tokens (--no-revoked: only those not revoked)'}),
  // a filter: "" matches every name, as the server does
  search: text({empty: 'value', description: 'tokens whose name contains this text'}),
  sort: sortChoice(TOKEN_SORTS, {description: 'order of the tokens', fields: TOKEN_FIELDS}),
  state: choice(SERVICE_ACCOUNT_TOKEN_STATES, {description: 'active or inactive tokens only'}),
})
export type TokenFilters = Values<typeof TOKEN_FILTERS>

// GET /personal_access_tokens: no expiry filters, and no API `sort`, so --sort stays the output's order
const {expires_after: _expiresAfter, expires_before: _expiresBefore, sort: _sort, ...personalFilters} = TOKEN_FILTERS
export const PERSONAL_TOKEN_FILTERS = personalFilters
export type PersonalAccessTokenFilters = Values<typeof PERSONAL_TOKEN_FILTERS> & {user_id?: string}

/** the record of a created token, also from an array of one */
export function createdToken(created: PersonalAccessToken | PersonalAccessToken[]): PersonalAccessToken | PersonalAccessToken[] {
  return Array.isArray(created) && created.length === 1 ? created[0]! : created
}

// ---- personal access tokens --------------------------------------------------------------------------

/** administrator: a token for any user */
export function createUserToken(api: ApiClient, userId: string, token: NewToken): Promise<PersonalAccessToken> {
  return api.post<PersonalAccessToken>(apiPath`/users/${userId}/personal_access_tokens`, {...token})
}

/**
 * The caller's own token. The spec documents its expires_at "as type array, format YYYY-MM-DD": the
 * platform takes the date itself, as everywhere else.
 */
export function createOwnToken(api: ApiClient, token: NewToken): Promise<PersonalAccessToken> {
  return api.post<PersonalAccessToken>('/user/personal_access_tokens', {...token})
}

// ---- the personal access token API: list, get, rotate, revoke (beyond the spec's documents) ----------

/** TOKEN_ID, or `self`: the token the request is made with */
export const SELF = 'self'
export const TOKEN_REF_DESCRIPTION = 'token ID, or self for the token forgectl is using'

/** `self` or `token 42`, for confirmations and notes */
export function describeTokenRef(ref: string): string {
  return ref === SELF ? 'the token forgectl is using' : `token ${ref}`
}

const personalTokenPath = (ref: string) => apiPath`/personal_access_tokens/${ref}`

/** administrators: every token of the instance (or of --user); others: their own */
export function listPersonalAccessTokens(filters: PersonalAccessTokenFilters): ListSpec<PersonalAccessToken> {
  return listSpec<PersonalAccessToken>('/personal_access_tokens', {...filters})
}

/** `self` works with a token of any scope */
export function getPersonalAccessToken(api: ApiClient, ref: string): Promise<PersonalAccessToken> {
  return api.get<PersonalAccessToken>(personalTokenPath(ref))
}

/**
 * A new token with the old one's name and scopes, valid a week unless `expires_at` says otherwise (the
 * commands send it: token-lifetime.ts); the old one is revoked at once. 400 for a revoked or expired
 * token; `self` works with the scope self_rotate.
 */
export function rotatePersonalAccessToken(api: ApiClient, ref: string, input: TokenRotation): Promise<PersonalAccessToken> {
  return api.post<PersonalAccessToken>(`${personalTokenPath(ref)}/rotate`, {...input})
}

/** 204; the token stops authenticating at once */
export function revokePersonalAccessToken(api: ApiClient, ref: string): Promise<void> {
  return api.delete(personalTokenPath(ref))
}

// ---- impersonation tokens (administrator) -----------------------------------------------------------

const impersonationTokens = collection<{parent: string; item: ImpersonationToken; filters: ImpersonationTokenFilters; create: NewImpersonationToken}>(
  userId => apiPath`/users/${userId}/impersonation_tokens`,
)

export const listImpersonationTokens = impersonationTokens.list

export const getImpersonationToken = impersonationTokens.get

export const createImpersonationToken = impersonationTokens.create

/** the token becomes revoked=true, active=false and stops authenticating */
export const revokeImpersonationToken = impersonationTokens.remove
