// Personal access tokens (document 1, "Tokens"): an administrator's token for a user, a user's own
// self-service token, and the platform's personal access token API beyond the spec's documents (issue 15):
// list, get, rotate and revoke, by ID or as `self`, the token the request carries. The records are
// token-records.ts's slice.
import {created, HttpError, noContent, notFound, ok, unauthorized} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalInteger, type Router} from '../router.js'
import type {Store} from '../store.js'
import {listTokens} from '../token-list.js'
import {mintToken, readNewToken, renderToken, revokeToken, rotateToken, SELF_SERVICE_SCOPES, type TokenRecord, tokenRecords} from '../token-records.js'
import {callerToken, READ_SCOPES, requireScope, WRITE_SCOPES} from '../token-scopes.js'

/** "any token regardless of scope should be able to view/revoke itself" */
const ANY_SCOPE: readonly string[] = []
/** self-rotation is what a `self_rotate` token is for */
const SELF_ROTATE_SCOPES = ['api', 'self_rotate']

export default function register(r: Router, store: Store): void {
  r.post('/users/:user_id/personal_access_tokens', ctx => {
    store.requireAdmin(ctx.user)
    const user = store.findUser(ctx.params.user_id!)
    return created(renderToken(mintToken(store, user, readNewToken(ctx)), {withValue: true}))
  })

  r.post('/user/personal_access_tokens', ctx => {
    const user = store.requireUser(ctx.user)
    return created(renderToken(mintToken(store, user, readNewToken(ctx, SELF_SERVICE_SCOPES)), {withValue: true}))
  })

  const base = '/personal_access_tokens'

  /** the token of the request; `allowed` empty: any scope */
  const self = (ctx: Ctx, allowed: readonly string[]): TokenRecord => {
    if (allowed.length > 0) requireScope(ctx, allowed)
    const token = callerToken(ctx)
    if (!token) throw notFound()
    return token
  }

  /** a token by ID, and whether the caller may act on it: their own, or any as an administrator */
  const byId = (ctx: Ctx, allowed: readonly string[]): {token: TokenRecord; mine: boolean} => {
    requireScope(ctx, allowed)
    const caller = store.requireUser(ctx.user)
    const token = /^\d+$/.test(ctx.params.id!) ? tokenRecords(store).get(Number(ctx.params.id)) : undefined
    if (!token) throw notFound()
    return {token, mine: caller.is_admin || token.user_id === caller.id}
  }
  /**
   * lib/api/personal_access_tokens.rb (GET :id, POST :id/rotate): a token the caller may not read or
   * rotate, or one that does not exist, is a 401 to a non-administrator; only an administrator is told 404
   */
  const visibleById = (ctx: Ctx, allowed: readonly string[]): TokenRecord => {
    requireScope(ctx, allowed)
    const caller = store.requireUser(ctx.user)
    const token = /^\d+$/.test(ctx.params.id!) ? tokenRecords(store).get(Number(ctx.params.id)) : undefined
    if (token && (caller.is_admin || token.user_id === caller.id)) return token
    throw caller.is_admin ? notFound() : unauthorized()
  }

  // Administrators see every token of the instance, others their own (impersonation tokens excluded).
  r.get(base, ctx => {
    requireScope(ctx, READ_SCOPES)
    const caller = store.requireUser(ctx.user)
    const userId = optionalInteger(ctx.input, 'user_id')
    // "Non-administrators can only filter their own personal access tokens": the platform says 401.
    if (!caller.is_admin && userId !== undefined && userId !== caller.id) throw unauthorized()
    const owner = caller.is_admin ? userId : caller.id
    const visible = [...tokenRecords(store).values()].filter(t => (owner === undefined || t.user_id === owner) && (caller.is_admin || !t.impersonation))
    return paginate(ctx, listTokens(ctx.input, visible), t => renderToken(t))
  })

  // `self` first: the router takes the first pattern that matches, and `:id` would match "self" too.
  r.get(`${base}/self`, ctx => ok(renderToken(self(ctx, ANY_SCOPE))))
  r.post(`${base}/self/rotate`, ctx => ok(renderToken(rotateToken(ctx, self(ctx, SELF_ROTATE_SCOPES)), {withValue: true})))
  r.delete(`${base}/self`, ctx => {
    revokeToken(store, self(ctx, ANY_SCOPE))
    return noContent()
  })

  r.get(`${base}/:id`, ctx => ok(renderToken(visibleById(ctx, READ_SCOPES))))
  r.post(`${base}/:id/rotate`, ctx => ok(renderToken(rotateToken(ctx, visibleById(ctx, WRITE_SCOPES)), {withValue: true})))
  r.delete(`${base}/:id`, ctx => {
    const {token, mine} = byId(ctx, WRITE_SCOPES)
    // The platform's revoke service refuses someone else's token with a bare 400, not 403 or 404.
    if (!mine) throw new HttpError(400, {message: '400 Bad request'})
    revokeToken(store, token)
    return noContent()
  })
}
