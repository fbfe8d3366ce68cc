// A profile as it may be shown: the token masked, or where it is kept.

import {maskToken} from '../http/redact.js'
import type {Profile} from './config-store.js'

export function profileForDisplay(profile: Profile): Record<string, unknown> {
  if (profile.token !== undefined) return {...profile, token: maskToken(profile.token)}
  // the keyring is not read to show a profile: that it holds the token is what matters here
  return profile['token-store'] === 'keyring' ? {...profile, token: '(in the system keyring)'} : {...profile}
}
