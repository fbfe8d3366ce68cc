// Sudo: an administrator's token with the `sudo` scope may run a request as another user, named by the
// `Sudo` header or the `sudo` parameter (an ID or a username). The checks and their answers follow the
// platform's order: a token first, then an administrator, then the scope, then the user.
import {HttpError, notFound, unauthorized} from './http.js'
import type {Ctx} from './router.js'
import type {SandboxUser} from './store.js'
import {requireScope} from './token-scopes.js'

/** the user the request runs as: the sudo user when one is named, else the token's own */
export function sudoUser(ctx: Ctx, sudoParameter: string | null): SandboxUser | null {
  const header = ctx.req.headers.sudo
  // the platform reads the parameter first (`params[:sudo] || env['HTTP_SUDO']`)
  const named = sudoParameter ?? (Array.isArray(header) ? header[0] : header) ?? undefined
  if (named === undefined || named === '') return ctx.user
  if (!ctx.user) throw unauthorized()
  if (!ctx.user.is_admin) throw new HttpError(403, {message: '403 Forbidden - Must be admin to use sudo'})
  requireScope(ctx, ['sudo'])
  try {
    return ctx.store.findUser(named.trim())
  } catch {
    throw notFound(`User with ID or username '${named}'`)
  }
}
