// What a person reads of a created or rotated token: its value printed once (src/core/output/secret.ts)
// and the new expiry, with why. The API layer (src/api/tokens.ts, token-lifetime.ts) returns data.

import type {RotationExpiry} from '../api/token-lifetime.js'
import {utcDay} from '../api/token-lifetime.js'
import type {PersonalAccessToken} from '../api/tokens.js'
import {CREATED_TOKEN_COLUMNS, createdToken} from '../api/tokens.js'
import {info, type Note, warning} from '../core/output/notes.js'
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
