// A profile as it may be shown: the token masked.

import {maskToken} from '../http/redact.js'
import type {Profile} from './config-store.js'

export function profileForDisplay(profile: Profile): Record<string, unknown> {
  return profile.token === undefined ? {...profile} : {...profile, token: maskToken(profile.token)}
}
