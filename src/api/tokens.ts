// Personal access tokens and impersonation tokens (document 1, "Tokens"); the token model is shared
// with the tokens of group service accounts (src/api/service-accounts.ts).
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {dateFlag, listFlag, textFlag} from '../core/flags.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {Printer} from '../core/output.js'
import {printWithSecret} from '../core/secret.js'
import {isPositiveId, type Id} from '../core/id.js'
import type {ServiceAccountTokenFilters} from './service-accounts.js'
import {fieldList} from '../core/record-fields.js'

export interface PersonalAccessToken {
  id: number
  name: string
  /** max 255 characters */
  description: string | null
  revoked: boolean
  active: boolean
  scopes: string[]
  user_id: number
  created_at: string
  expires_at: string | null
  /** in listings */
  last_used_at?: string | null
  /** the token value: only in the creation response, it cannot be retrieved later */
  token?: string
}
export const TOKEN_FIELDS = fieldList<PersonalAccessToken>()(['id', 'name', 'description', 'revoked', 'active',
  'scopes', 'user_id', 'created_at', 'expires_at', 'last_used_at', 'token'])

export interface ImpersonationToken extends PersonalAccessToken {
  impersonation: boolean
}
export const IMPERSONATION_TOKEN_FIELDS = fieldList<ImpersonationToken>()([...TOKEN_FIELDS, 'impersonation'])

export const TOKEN_COLUMNS = ['id', 'name', 'scopes', 'active', 'revoked', 'expires_at'] as const
/** a created token: the value too, so that csv keeps it (a table shows it on its own line instead) */
export const CREATED_TOKEN_COLUMNS = [...TOKEN_COLUMNS, 'token'] as const

/** "Token state filter values for listing: all, active, inactive" */
export const TOKEN_STATES = ['all', 'active', 'inactive'] as const
export type TokenState = (typeof TOKEN_STATES)[number]

/** "only k8s_proxy-style orchestrator proxy scope `orchestrator_proxy` and `self_rotate` accepted" */
export const SELF_SERVICE_SCOPES = ['orchestrator_proxy', 'self_rotate'] as const

/** "Token and service-account description: maximum 255 characters" */
export const DESCRIPTION_MAX = 255

export interface NewToken {
  name: string
  scopes: string[]
  description?: string
  /** YYYY-MM-DD; when absent the server sets the maximum allowed lifetime */
  expires_at?: string
}

/** the inputs of every token creation (personal, impersonation, service account): name, scopes, expiry, description */
export const newTokenFlags = {
  name: Flags.string({description: 'token name', required: true}),
  scope: listFlag({description: 'scope of the token, repeatable or a comma list (api, read_user, read_repository, ...)', required: true}),
  'expires-at': dateFlag({description: 'expiry date (default: the maximum lifetime the server allows)'}),
  description: textFlag(DESCRIPTION_MAX)({description: `what the token is for (at most ${DESCRIPTION_MAX} characters)`}),
}

/** the API body of `newTokenFlags` (`--scope` is the API's `scopes`) */
export function newTokenInput(flags: {name: string; scope?: string[]; 'expires-at'?: string; description?: string}): NewToken {
  // --scope is required (oclif enforces it); listFlag's type cannot say so
  return {name: flags.name, scopes: flags.scope ?? [], expires_at: flags['expires-at'], description: flags.description}
}

/** POST /user/personal_access_tokens accepts only these scopes: refused here, naming the allowed ones */
export function checkSelfServiceScopes(scopes: readonly string[]): void {
  const refused = scopes.filter(s => !(SELF_SERVICE_SCOPES as readonly string[]).includes(s))
  if (refused.length > 0) {
    throw new UsageError(`a token for yourself (without --user) takes only the scopes ${SELF_SERVICE_SCOPES.join(' and ')}; not ${refused.join(', ')}`)
  }
}

/** user IDs are integers in these paths ("user_id (integer, required)"): a username is refused before sending */
const userIdFlag = Flags.custom<string>({
  char: 'u',
  description: 'user ID (numeric)',
  helpValue: 'ID',
  parse: async (input, _ctx, opts) => {
    if (!isPositiveId(input)) throw new UsageError(`--${opts.name} must be a numeric user ID, got "${input}"`)
    return input
  },
})
export const requiredUserIdFlag = {user: userIdFlag({required: true})}
export const optionalUserIdFlag = {user: userIdFlag()}

/**
 * A created token on stdout: a table leaves the value out and shows it on its own line with a
 * warning that it is shown once; data formats keep it in the record. A server that wraps the record
 * in an array of one is tolerated (the spec does not show rotate's body). Not `oneRecord`: that throws
 * on any other array, and a value shown once must still be printed, so such an answer goes out whole.
 */
export function printCreatedToken(printer: Printer, created: PersonalAccessToken | PersonalAccessToken[]): Promise<void> {
  const token = Array.isArray(created) && created.length === 1 ? created[0]! : created
  return printWithSecret(printer, token, 'token', CREATED_TOKEN_COLUMNS)
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

/** the same finder as a service account's tokens; `user_id` (administrators only, for other users) */
export type PersonalAccessTokenFilters = Pick<ServiceAccountTokenFilters, 'created_after' | 'created_before' | 'last_used_after' | 'last_used_before' | 'revoked' | 'search' | 'state'> & {user_id?: string}

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
 * A new token with the old one's name and scopes, valid a week unless `expires_at` says otherwise; the
 * old one is revoked at once. 400 for a revoked or expired token; `self` works with the scope self_rotate.
 */
export function rotatePersonalAccessToken(api: ApiClient, ref: string, input: {expires_at?: string}): Promise<PersonalAccessToken> {
  return api.post<PersonalAccessToken>(`${personalTokenPath(ref)}/rotate`, {...input})
}

/** 204; the token stops authenticating at once */
export function revokePersonalAccessToken(api: ApiClient, ref: string): Promise<void> {
  return api.delete(personalTokenPath(ref))
}

// ---- impersonation tokens (administrator) -----------------------------------------------------------

const impersonationTokensPath = (userId: string) => apiPath`/users/${userId}/impersonation_tokens`
const impersonationTokenPath = (userId: string, id: Id) => `${impersonationTokensPath(userId)}${apiPath`/${id}`}`

export function listImpersonationTokens(userId: string, filters: {state?: TokenState} = {}): ListSpec<ImpersonationToken> {
  return listSpec<ImpersonationToken>(impersonationTokensPath(userId), {...filters})
}

export function getImpersonationToken(api: ApiClient, userId: string, id: Id): Promise<ImpersonationToken> {
  return api.get<ImpersonationToken>(impersonationTokenPath(userId, id))
}

export function createImpersonationToken(api: ApiClient, userId: string, token: NewToken): Promise<ImpersonationToken> {
  return api.post<ImpersonationToken>(impersonationTokensPath(userId), {...token})
}

/** the token becomes revoked=true, active=false and stops authenticating */
export function revokeImpersonationToken(api: ApiClient, userId: string, id: Id): Promise<void> {
  return api.delete(impersonationTokenPath(userId, id))
}
