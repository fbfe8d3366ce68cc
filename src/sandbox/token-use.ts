// A token's use, recorded as the platform records it: when a token authenticates a request
// (lib/gitlab/auth/auth_finders.rb, find_user_from_access_token, runs PersonalAccessTokens::LastUsedService),
// its last_used_at is set to now if it is unset or older than LAST_USED_AT_TIMEOUT, 10 minutes
// (app/services/personal_access_tokens/last_used_service.rb). Without it the sandbox never changed a
// token's last_used_at, and `tokens audit --unused-for` listed the very token it ran with as never used.

import type {Store} from './store.js'
import {tokenRecords} from './token-records.js'

/** the platform's throttle: a use within this long of the recorded one is not recorded */
export const LAST_USED_AT_TIMEOUT_MS = 10 * 60_000

/** records the use of the token `value`, which has just authenticated a request */
export function recordTokenUse(store: Store, value: string, now = Date.now()): void {
  for (const token of tokenRecords(store).values()) {
    if (token.value !== value || token.revoked) continue
    const last = token.last_used_at === null ? Number.NaN : Date.parse(token.last_used_at)
    if (Number.isNaN(last) || last <= now - LAST_USED_AT_TIMEOUT_MS) token.last_used_at = new Date(now).toISOString()
    return
  }
}
