// A profile as it may be shown: the token masked, or where it is kept.

import {maskToken} from '../base/redact.js'
import {type Profile, tokenLocation} from './config-store.js'

export function profileForDisplay(profile: Profile): Record<string, unknown> {
  // forgectl's own mark (keyring-empty) is no setting: it shows only in where the token is said to be
  const {'keyring-empty': _mark, ...settings} = profile
  if (settings.token !== undefined) return {...settings, token: maskToken(settings.token)}
  // the keyring is not read to show a profile: that it holds the token is what matters here
  return tokenLocation(profile) === 'keyring' ? {...settings, token: '(in the system keyring)'} : settings
}
