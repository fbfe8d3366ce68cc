// The platform answers 401, not 403, when a non-administrator asks for another user's tokens
// (GET /personal_access_tokens?user_id=: restrict_non_admins! in
// lib/api/helpers/personal_access_tokens_helpers.rb calls unauthorized! unless the caller may read them). A 401 otherwise means "log in again" (exit 4), so
// every command that sends such a request asks here whether its token is valid: then the 401 was a
// refusal of permission, and it ends as every refusal does (exit 5, errors.ts NOT_ALLOWED_HINT).
import {getPersonalAccessToken, SELF} from '../api/tokens.js'
import {ApiError, CliError, ExitCode} from '../core/command/errors.js'
import type {ApiClient} from '../core/http/request.js'

/**
 * `error` as a refusal of permission when it is a 401 to a request that named another user and the
 * token itself still reads; otherwise `error` unchanged. `refused` says what was not allowed.
 */
export async function tokenRefusal(api: ApiClient, error: unknown, user: string | undefined, refused: string): Promise<unknown> {
  if (user === undefined || !(error instanceof ApiError) || error.status !== 401) return error
  // The run's gate closed at that 401 (run-gate.ts): this one check is sent all the same.
  api.gate.reopen()
  const valid = await getPersonalAccessToken(api, SELF).then(
    () => true,
    () => false,
  )
  return valid ? new CliError(`only administrators can ${refused} (the server answered 401 to --user ${user})`, ExitCode.forbidden) : error
}
