// The scopes of the token a request carries, checked as the platform checks them: an endpoint accepts
// some scopes (`api` everywhere, `read_api` for reading), and a token with none of them gets 403
// insufficient_scope. Only the personal access token API checks them so far: the other areas accept
// any valid token, as the sandbox always did.
import {HttpError} from './http.js'
import {requestToken} from './request-token.js'
import type {Ctx} from './router.js'
import {type TokenRecord, tokenRecords} from './token-records.js'

/** the scopes of any endpoint that only reads */
export const READ_SCOPES = ['api', 'read_api'] as const
/** the scopes of any endpoint that writes */
export const WRITE_SCOPES = ['api'] as const

/** the record of the token that authenticated this request (undefined for an anonymous one) */
export function callerToken(ctx: Ctx): TokenRecord | undefined {
  const value = requestToken(ctx.req)
  if (value === undefined) return undefined
  for (const token of tokenRecords(ctx.store).values()) if (token.value === value && !token.revoked) return token
  return undefined
}

/** 403 in the platform's words when the request's token has none of `allowed` */
export function requireScope(ctx: Ctx, allowed: readonly string[]): void {
  const token = callerToken(ctx)
  // Every token that authenticates has a record (seeded or minted); one without acts as before scopes.
  if (token === undefined || token.scopes.some(scope => allowed.includes(scope))) return
  throw new HttpError(403, {
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
    scope: allowed.join(' '),
  })
}
