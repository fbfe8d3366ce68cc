// Instance and group service accounts, and the personal access tokens of group service accounts
// (document 1, "Service accounts"): /service_accounts, /groups/:id/service_accounts.

import {CliError, ExitCode, UsageError} from '../core/base/errors.js'
import {type ApiId, sameId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, declare, id, RuleBroken, text, type Values} from '../core/input/input.js'
import {oneTarget} from '../core/input/scope.js'
import {apiSort} from '../core/input/sort.js'
import {findInList} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'
import type {NewToken, PersonalAccessToken, TokenFilters, TokenRotation} from './tokens.js'
import {userRef} from './users.js'

export interface ServiceAccount {
  id: ApiId
  username: string
  name: string
  public_email: string | null
  /** a generated no-reply address unless custom */
  email: string
  /** present after an update with a custom email still awaiting confirmation */
  unconfirmed_email?: string
}
// Entities::ServiceAccount, the record of every service-account route, instance and group alike
export const SERVICE_ACCOUNT_FIELDS = fieldList<ServiceAccount>()(['id', 'username', 'name', 'public_email', 'email', 'unconfirmed_email'])

export const SERVICE_ACCOUNT_COLUMNS = ['id', 'username', 'name', 'email'] as const

export const ACCOUNT_ORDER_BY = ['id', 'username'] as const
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
/** the orders the API's pair (order_by, sort) makes, in the platform's one-word spelling */
const ACCOUNT_SORTS = ACCOUNT_ORDER_BY.flatMap(field => SORT_DIRECTIONS.map(direction => `${field}_${direction}`))

/**
 * The API takes a field (order_by) and a direction (sort) apart; forgectl's one spelling of a sort
 * (core/input/sort.ts) is `--sort [-]FIELD` or the platform's `FIELD_desc`, which says both: taken here
 * and sent as the pair. `--sort asc|desc` stays the direction of --order-by (or of id), as the API's
 * own parameter and earlier scripts have it.
 */
const accountSort = custom<string>({
  description: 'the order the server returns: [-]FIELD with FIELD one of id, username (- for descending), or asc|desc for --order-by (API default: -id)',
  helpValue: '[-]FIELD|asc|desc',
  hint: '[-]id, [-]username, id_asc, username_desc…, or asc|desc',
  parse: text => {
    if ((SORT_DIRECTIONS as readonly string[]).includes(text)) return text
    const word = apiSort(text, ACCOUNT_SORTS)
    if (word === undefined) throw new RuleBroken(`must be [-]FIELD with FIELD one of ${ACCOUNT_ORDER_BY.join(', ')} (- for descending), one of ${ACCOUNT_SORTS.join(', ')}, or asc or desc`)
    return word
  },
})

/** GET /service_accounts and /groups/:id/service_accounts */
export const SERVICE_ACCOUNT_ORDER = declare({
  order_by: choice(ACCOUNT_ORDER_BY, {description: 'order by this field (API default: id); --sort FIELD says it too'}),
  sort: accountSort,
})
export type ServiceAccountListOptions = Values<typeof SERVICE_ACCOUNT_ORDER>

/** the API's pair for a sort in either spelling: `-username` is order_by=username&sort=desc */
function accountOrder({order_by, sort}: ServiceAccountListOptions): ServiceAccountListOptions {
  const split = sort === undefined ? undefined : /^(.+)_(asc|desc)$/.exec(sort)
  if (!split) return {order_by, sort}
  const [, field, direction] = split as unknown as [string, (typeof ACCOUNT_ORDER_BY)[number], string]
  if (order_by !== undefined && order_by !== field) throw new UsageError(`--sort ${sort} orders by ${field}, and --order-by ${order_by} by another field: give one`)
  return {order_by: field, sort: direction}
}

/** POST and PATCH: every field optional; "" is refused (the name, username and address name the account) */
export const SERVICE_ACCOUNT_INPUTS = declare({
  name: text({description: 'display name (default on create: "Service account user")'}),
  username: text({description: 'username (default on create: generated, prefixed service_account_ or service_account_group_)'}),
  email: text({description: 'e-mail address (default on create: a generated no-reply address); a custom one may wait for confirmation'}),
})
export type ServiceAccountFields = Values<typeof SERVICE_ACCOUNT_INPUTS>

/** DELETE /groups/:id/service_accounts/:user_id */
export const SERVICE_ACCOUNT_DELETION = declare({
  hard_delete: boolean({description: 'also delete its contributions and the groups it alone owns'}),
})
export type ServiceAccountDeletion = Values<typeof SERVICE_ACCOUNT_DELETION>

// "Group service accounts (top-level groups only)": a path with a slash names a subgroup, which the
// platform refuses (400 "Group must be a top-level group"); a numeric ID is left to the server.
const topLevelGroup = <R extends boolean>(options: {required?: R; description: string}) =>
  custom<string, R>({
    ...options,
    flag: 'group',
    char: 'g',
    helpValue: 'ID|PATH',
    hint: 'a top-level group: ID or path without /',
    parse: value => {
      if (oneTarget(value, 'group').includes('/')) throw new RuleBroken('is a subgroup; service accounts belong to top-level groups only')
      return value
    },
  })
/** `-g`: a group's accounts; without it, the instance's */
export const ACCOUNT_SCOPE = declare({id: topLevelGroup({description: 'top-level group ID or path (group service accounts; without it, instance service accounts)'})})
/** `-g` where only group accounts exist */
export const ACCOUNT_GROUP = declare({id: topLevelGroup({required: true, description: 'top-level group ID or path'})})

/** USER_ID: service accounts are users, so their username is looked up as every --user's (users.ts) */
export const ACCOUNT = declare({user_id: userRef({arg: true, flag: 'user_id', required: true, description: 'user ID or username of the service account'})})
/** USER_ID TOKEN_ID of a service account's token */
export const ACCOUNT_TOKEN = declare({...ACCOUNT, token_id: id({arg: true, flag: 'token_id', required: true, description: 'token ID'})})

const accounts = collection<{parent: string | undefined; item: ServiceAccount; filters: ServiceAccountListOptions; create: ServiceAccountFields}>(group =>
  group === undefined ? '/service_accounts' : apiPath`/groups/${group}/service_accounts`,
)
const tokens = collection<{parent: {group: string; userId: Id}; item: PersonalAccessToken; filters: TokenFilters; create: NewToken}>(
  ({group, userId}) => `${accounts.member(group, userId)}/personal_access_tokens`,
)

/** without a group: the instance service accounts (administrator) */
export const listServiceAccounts = (group: string | undefined, options: ServiceAccountListOptions = {}) => accounts.list(group, accountOrder(options))

/** 400 when the e-mail address is already used by another user */
export const createServiceAccount = accounts.create

export function updateServiceAccount(api: ApiClient, group: string | undefined, id: Id, fields: ServiceAccountFields): Promise<ServiceAccount> {
  return api.patch<ServiceAccount>(accounts.member(group, id), {...fields})
}

/** hard_delete also deletes the contributions otherwise moved to a placeholder user, and groups the account alone owns */
export function deleteServiceAccount(api: ApiClient, group: string, id: Id, options: ServiceAccountDeletion = {}): Promise<void> {
  return api.delete(accounts.member(group, id), {...options})
}

export const listServiceAccountTokens = (group: string, userId: Id, filters?: TokenFilters) => tokens.list({group, userId}, filters)

export const createServiceAccountToken = (api: ApiClient, group: string, userId: Id, token: NewToken) => tokens.create(api, {group, userId}, token)

/** 204 on success */
export const revokeServiceAccountToken = (api: ApiClient, group: string, userId: Id, tokenId: Id) => tokens.remove(api, {group, userId}, tokenId)

/** one token of the account: the spec has no read of a single token, so its list is searched, page by page */
export async function findServiceAccountToken(api: ApiClient, group: string, userId: Id, tokenId: Id): Promise<PersonalAccessToken> {
  const found = await findInList(api, listServiceAccountTokens(group, userId), token => token?.id !== undefined && sameId(token.id, tokenId))
  if (found) return found
  throw new CliError(`token ${tokenId} is not among the tokens of service account ${userId} in group ${group}`, ExitCode.notFound)
}

/**
 * The spec says "revokes existing tokens"; the platform's RotateService revokes the rotated token only,
 * and answers with the new token, value included.
 */
export function rotateServiceAccountToken(api: ApiClient, group: string, userId: Id, tokenId: Id, options: TokenRotation = {}): Promise<PersonalAccessToken | PersonalAccessToken[]> {
  return api.post<PersonalAccessToken | PersonalAccessToken[]>(`${tokens.member({group, userId}, tokenId)}/rotate`, {...options})
}
