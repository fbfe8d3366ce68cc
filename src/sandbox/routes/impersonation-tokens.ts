// Impersonation tokens of users (document 1, "Tokens"; lib/api/users.rb): an administrator lists, reads,
// creates and revokes them. The records are token-records.ts's slice, with impersonation set.
import {created, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, type Router} from '../router.js'
import type {Store} from '../store.js'
import {byState, KNOWN_SCOPES, mintToken, readNewToken, renderToken, revokeToken, tokenRecords} from '../token-records.js'

export default function register(r: Router, store: Store): void {
  const tokens = tokenRecords(store)

  const impersonationTokensOf = (ctx: Ctx) => {
    store.requireAdmin(ctx.user)
    const user = store.findUser(ctx.params.user_id!)
    return {user, list: [...tokens.values()].filter(t => t.impersonation && t.user_id === user.id)}
  }
  const impersonationToken = (ctx: Ctx) => {
    const token = impersonationTokensOf(ctx).list.find(t => String(t.id) === ctx.params.token_id)
    if (!token) throw notFound('Impersonation Token')
    return token
  }

  r.get('/users/:user_id/impersonation_tokens', ctx => {
    const state = oneOf(ctx.input, 'state', ['all', 'active', 'inactive'])
    return paginate(ctx, impersonationTokensOf(ctx).list.filter(byState(state)), t => renderToken(t))
  })

  r.get('/users/:user_id/impersonation_tokens/:token_id', ctx => ok(renderToken(impersonationToken(ctx))))

  r.post('/users/:user_id/impersonation_tokens', ctx => {
    const {user} = impersonationTokensOf(ctx)
    return created(renderToken(mintToken(store, user, readNewToken(ctx, KNOWN_SCOPES, 'model'), true), {withValue: true}))
  })

  // token.revoke! sets the flag whatever it was: a second DELETE is another 204 (lib/api/users.rb)
  r.delete('/users/:user_id/impersonation_tokens/:token_id', ctx => {
    const token = impersonationToken(ctx)
    if (!token.revoked) revokeToken(store, token)
    return noContent()
  })
}
