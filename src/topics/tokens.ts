// What a person reads of a created or rotated token: its value printed once (src/core/output/secret.ts)
// and the new expiry, with why. The API layer (src/api/tokens.ts, token-lifetime.ts) returns data.

import type {RotationExpiry} from '../api/token-lifetime.js'
import {utcDay} from '../api/token-lifetime.js'
import type {PersonalAccessToken} from '../api/tokens.js'
import {CREATED_TOKEN_COLUMNS, createdToken, getPersonalAccessToken, SELF} from '../api/tokens.js'
import {ApiError, CliError, ExitCode} from '../core/base/errors.js'
import {info, type Note, warning} from '../core/base/notes.js'
import type {ApiClient} from '../core/http/request.js'
import type {Printer} from '../core/output/output.js'
import {printWithSecret} from '../core/output/secret.js'

/**
 * A created token on stdout: a table leaves the value out and shows it on its own line with a
 * warning that it is shown once; data formats keep it in the record. A server that wraps the record
 * in an array of one is tolerated (the spec does not show rotate's body). Not `oneRecord`: that throws
 * on any other array, and a value shown once must still be printed, so such an answer goes out whole.
 */
export function printCreatedToken(printer: Printer, created: PersonalAccessToken | PersonalAccessToken[]): Promise<void> {
  return printWithSecret(printer, createdToken(created), 'token', CREATED_TOKEN_COLUMNS)
}

/** before a dry run's request: why it shows no expires_at */
export const DRY_RUN_EXPIRY_NOTE = info("Dry run: the old token was not read; a real run reads it first and sends expires_at, today plus the old token's lifetime, so that the new token keeps it")

/** after the rotation, once the new value is printed: the new expiry, and why */
export function rotatedExpiryNote(expiry: RotationExpiry, answer: PersonalAccessToken | PersonalAccessToken[]): Note {
  // an array of several, or no record at all, has no expiry to show
  const expires = (createdToken(answer) as {expires_at?: unknown} | null)?.expires_at
  const asked = expiry.input.expires_at
  if (typeof expires !== 'string') return warning(`the server's answer shows no expiry for the new token${asked === undefined ? '' : ` (forgectl asked for ${asked}: ${expiry.because})`}`)
  if (expiry.serverChooses) return warning(`${expiry.because}: the server chose the new token's expiry, ${expires}`)
  if (asked !== undefined && utcDay(expires) !== utcDay(asked)) return warning(`the server set the new token's expiry to ${expires}, not ${asked} (${expiry.because})`)
  return info(`The new token expires on ${expires}: ${expiry.because}`)
}

/**
 * The platform answers 401, not 403 or 404, where a non-administrator asks for another user's tokens
 * (lib/api/personal_access_tokens.rb: `--user` of the list, and GET or rotate by ID of a token that is
 * not theirs or does not exist; only administrators are told 404). A 401 there means "not allowed" when
 * the token still reads itself: then `refused` is what the person reads (exit 5); otherwise it is the
 * token that was rejected, and the 401 stands. The run's gate closed at that 401 (run-gate.ts): this one
 * check is sent all the same.
 */
export async function tokenOfAnother<T>(api: ApiClient, refused: string, work: () => Promise<T>, answered = 'the server answered 401'): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error
    api.gate.reopen()
    const valid = await getPersonalAccessToken(api, SELF).then(
      () => true,
      () => false,
    )
    throw valid ? new CliError(`${refused} (${answered})`, ExitCode.forbidden) : error
  }
}
