// Instance and group service accounts, and the personal access tokens of group service accounts
// (document 1, "Service accounts"): /service_accounts, /groups/:id/service_accounts.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {dateFlag, dateTimeFlag, idArg} from '../core/flags.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {NewToken, PersonalAccessToken} from './tokens.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export interface ServiceAccount {
  id: number
  username: string
  name: string
  /** returned on create and on group listing; a generated no-reply address unless custom */
  email?: string
  /** present after an update with a custom email still awaiting confirmation */
  unconfirmed_email?: string
}
export const SERVICE_ACCOUNT_FIELDS = fieldList<ServiceAccount>()(['id', 'username', 'name', 'email',
  'unconfirmed_email'])

/** the instance list returns {id, username, name} only */
export const SERVICE_ACCOUNT_COLUMNS = ['id', 'username', 'name'] as const
export const GROUP_SERVICE_ACCOUNT_COLUMNS = [...SERVICE_ACCOUNT_COLUMNS, 'email'] as const

export const ACCOUNT_ORDER_BY = ['id', 'username'] as const
export const SORT_DIRECTIONS = ['asc', 'desc'] as const

export interface ServiceAccountListOptions {
  /** default id */
  order_by?: (typeof ACCOUNT_ORDER_BY)[number]
  /** default desc */
  sort?: (typeof SORT_DIRECTIONS)[number]
}

export interface ServiceAccountFields {
  /** default "Service account user" */
  name?: string
  /** default generated, prefixed service_account_ (instance) or service_account_group_ (group) */
  username?: string
  /** default a generated no-reply address; a custom one waits for confirmation unless the group verified its domain */
  email?: string
}

export const TOKEN_SORTS = ['created_asc', 'created_desc', 'expires_asc', 'expires_desc', 'last_used_asc', 'last_used_desc', 'name_asc', 'name_desc'] as const
export const SERVICE_ACCOUNT_TOKEN_STATES = ['active', 'inactive'] as const

export interface ServiceAccountTokenFilters {
  created_after?: string
  created_before?: string
  /** dates */
  expires_after?: string
  expires_before?: string
  last_used_after?: string
  last_used_before?: string
  /** true returns only revoked tokens */
  revoked?: boolean
  /** substring of the name */
  search?: string
  sort?: (typeof TOKEN_SORTS)[number]
  state?: (typeof SERVICE_ACCOUNT_TOKEN_STATES)[number]
}

const topLevelGroupFlag = Flags.custom<string>({
  char: 'g',
  helpValue: 'ID|PATH',
  parse: async (input, _ctx, opts) => {
    // "Group service accounts (top-level groups only)": a path with a slash names a subgroup.
    if (input.includes('/')) throw new UsageError(`--${opts.name}: service accounts belong to top-level groups only, and "${input}" is a subgroup`)
    return input
  },
})
export const optionalAccountGroupFlag = {group: topLevelGroupFlag({description: 'top-level group ID or path (group service accounts; without it, instance service accounts)'})}
export const requiredAccountGroupFlag = {group: topLevelGroupFlag({description: 'top-level group ID or path', required: true})}

/** USER_ID: service accounts are users */
export const accountIdArg = () => idArg('USER_ID', 'user ID of the service account')
/** USER_ID TOKEN_ID of a service account's token */
export const accountTokenArgs = () => ({user_id: accountIdArg(), token_id: idArg('TOKEN_ID', 'token ID')})

export const accountFieldFlags = {
  name: Flags.string({description: 'display name (default on create: "Service account user")'}),
  username: Flags.string({description: 'username (default on create: generated, prefixed service_account_ or service_account_group_)'}),
  email: Flags.string({description: 'e-mail address (default on create: a generated no-reply address); a custom one may wait for confirmation'}),
}

export const tokenFilterFlags = {
  'created-after': dateTimeFlag({description: 'tokens created after this time'}),
  'created-before': dateTimeFlag({description: 'tokens created before this time'}),
  'expires-after': dateFlag({description: 'tokens expiring after this date'}),
  'expires-before': dateFlag({description: 'tokens expiring before this date'}),
  'last-used-after': dateTimeFlag({description: 'tokens last used after this time'}),
  'last-used-before': dateTimeFlag({description: 'tokens last used before this time'}),
  revoked: Flags.boolean({description: 'only revoked tokens (--no-revoked: only those not revoked)', allowNo: true}),
  search: Flags.string({description: 'tokens whose name contains this text'}),
  sort: Flags.string({description: 'order of the tokens', options: [...TOKEN_SORTS]}),
  state: Flags.string({description: 'active or inactive tokens only', options: [...SERVICE_ACCOUNT_TOKEN_STATES]}),
}

const accountsPath = (group?: string) => (group === undefined ? '/service_accounts' : apiPath`/groups/${group}/service_accounts`)
const accountPath = (group: string | undefined, id: Id) => `${accountsPath(group)}${apiPath`/${id}`}`
const tokensPath = (group: string, userId: Id) => `${accountPath(group, userId)}/personal_access_tokens`
const tokenPath = (group: string, userId: Id, tokenId: Id) => `${tokensPath(group, userId)}${apiPath`/${tokenId}`}`

/** without a group: the instance service accounts (administrator) */
export function listServiceAccounts(group: string | undefined, options: ServiceAccountListOptions = {}): ListSpec<ServiceAccount> {
  return listSpec<ServiceAccount>(accountsPath(group), {...options})
}

/** 400 when the e-mail address is already used by another user */
export function createServiceAccount(api: ApiClient, group: string | undefined, fields: ServiceAccountFields): Promise<ServiceAccount> {
  return api.post<ServiceAccount>(accountsPath(group), {...fields})
}

export function updateServiceAccount(api: ApiClient, group: string | undefined, id: Id, fields: ServiceAccountFields): Promise<ServiceAccount> {
  return api.patch<ServiceAccount>(accountPath(group, id), {...fields})
}

/** hard_delete also deletes the contributions otherwise moved to a placeholder user, and groups the account alone owns */
export function deleteServiceAccount(api: ApiClient, group: string, id: Id, options: {hard_delete?: boolean} = {}): Promise<void> {
  return api.delete(accountPath(group, id), {...options})
}

export function listServiceAccountTokens(group: string, userId: Id, filters: ServiceAccountTokenFilters = {}): ListSpec<PersonalAccessToken> {
  return listSpec<PersonalAccessToken>(tokensPath(group, userId), {...filters})
}

export function createServiceAccountToken(api: ApiClient, group: string, userId: Id, token: NewToken): Promise<PersonalAccessToken> {
  return api.post<PersonalAccessToken>(tokensPath(group, userId), {...token})
}

/** 204 on success */
export function revokeServiceAccountToken(api: ApiClient, group: string, userId: Id, tokenId: Id): Promise<void> {
  return api.delete(tokenPath(group, userId, tokenId))
}

/**
 * "creates a new token valid one week and revokes existing tokens". The body is not shown in the spec;
 * the platform answers with the new token, value included.
 */
export function rotateServiceAccountToken(api: ApiClient, group: string, userId: Id, tokenId: Id, options: {expires_at?: string} = {}): Promise<PersonalAccessToken | PersonalAccessToken[]> {
  return api.post<PersonalAccessToken | PersonalAccessToken[]>(`${tokenPath(group, userId, tokenId)}/rotate`, {...options})
}
