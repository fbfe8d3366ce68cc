// The filters and orders of the platform's token listings, shared by the personal access token API
// (GET /personal_access_tokens) and the tokens of group service accounts: the same finder behind both.
import {badRequest} from './http.js'
import {type Input, oneOf, optionalBoolean, optionalString} from './router.js'
import {byState, type TokenRecord} from './token-records.js'

export const TOKEN_SORTS = ['created_asc', 'created_desc', 'expires_asc', 'expires_desc', 'last_used_asc', 'last_used_desc', 'name_asc', 'name_desc'] as const

/** created_after/before, last_used_after/before (datetimes), expires_after/before (dates), revoked, search, state */
export function tokenFilter(input: Input): (token: TokenRecord) => boolean {
  const time = (name: string) => {
    const value = optionalString(input, name)
    if (value === undefined) return undefined
    const ms = Date.parse(value)
    if (Number.isNaN(ms)) throw badRequest(`${name} is invalid`)
    return ms
  }
  const date = (name: string) => {
    const value = optionalString(input, name)
    if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest(`${name} is invalid`)
    return value
  }
  const [createdAfter, createdBefore, usedAfter, usedBefore] = ['created_after', 'created_before', 'last_used_after', 'last_used_before'].map(time)
  const [expiresAfter, expiresBefore] = ['expires_after', 'expires_before'].map(date)
  const revoked = optionalBoolean(input, 'revoked')
  const search = optionalString(input, 'search')?.toLowerCase()
  const state = oneOf(input, 'state', ['active', 'inactive'])
  const within = (value: number | undefined, after: number | undefined, before: number | undefined) =>
    (after === undefined || (value !== undefined && value > after)) && (before === undefined || (value !== undefined && value < before))
  return token => {
    const used = token.last_used_at === null ? undefined : Date.parse(token.last_used_at)
    const expires = token.expires_at ?? undefined
    return (
      within(Date.parse(token.created_at), createdAfter, createdBefore)
      && within(used, usedAfter, usedBefore)
      && (expiresAfter === undefined || (expires !== undefined && expires > expiresAfter))
      && (expiresBefore === undefined || (expires !== undefined && expires < expiresBefore))
      && (revoked === undefined || token.revoked === revoked)
      && (search === undefined || token.name.toLowerCase().includes(search))
      && byState(state)(token)
    )
  }
}

/** by ID (creation order) unless a sort is asked for; missing dates last */
export function sortTokens(list: TokenRecord[], sort: (typeof TOKEN_SORTS)[number] | undefined): TokenRecord[] {
  if (sort === undefined) return [...list].sort((a, b) => a.id - b.id)
  const [field, direction] = sort.split(/_(?=asc$|desc$)/) as ['created' | 'expires' | 'last_used' | 'name', 'asc' | 'desc']
  const key = (t: TokenRecord) => ({created: t.created_at, expires: t.expires_at, last_used: t.last_used_at, name: t.name})[field]
  return [...list].sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
    return (direction === 'asc' ? 1 : -1) * x.localeCompare(y)
  })
}

/** the listing as both APIs answer it: filtered, ordered by `sort` */
export function listTokens(input: Input, tokens: TokenRecord[]): TokenRecord[] {
  return sortTokens(tokens.filter(tokenFilter(input)), oneOf(input, 'sort', TOKEN_SORTS))
}
