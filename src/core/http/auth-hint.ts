// What to do about a rejected token depends on where it came from. FORGECTL_TOKEN wins over a stored
// profile, so "log in again" cannot help while it is set; and a 401 to a request that carried no token
// says nothing about any token.

import {ApiError, type CliError} from '../base/errors.js'
import {type Note, thing, warning} from '../base/notes.js'
import {type Connection, NoToken, sameHost} from '../config/connection.js'
import {KeyringUnavailable} from '../config/keyring.js'

export type TokenOrigin = Pick<Connection, 'tokenSource' | 'profile' | 'withheld'>

/**
 * The line after an authentication error (exit 4), or '' when its message already says what to do: a
 * missing token, a keyring that cannot be read (the hint is for a token the server rejected)
 */
export function authHint(error: CliError, origin: TokenOrigin | undefined): string {
  if (error instanceof NoToken || error instanceof KeyringUnavailable) return ''
  const rejected = error instanceof ApiError && error.status === 401
  if (origin?.tokenSource === 'none' && origin.withheld) return rejected ? 'No token was sent: the stored one belongs to another host (see the warning above).' : ''
  if (origin?.tokenSource === 'none') return rejected ? 'No token was sent: log in with `forgectl auth login`, set FORGECTL_TOKEN, or pass --token.' : ''
  if (origin?.tokenSource === 'env') {
    return 'The token came from FORGECTL_TOKEN, which wins over a stored login: check it (`forgectl auth status`), or unset FORGECTL_TOKEN to use the stored one.'
  }
  if (origin?.tokenSource === 'flag') return 'The token came from --token: check it (`forgectl auth status --token …`).'
  const profile = origin && origin.profile !== 'default' ? ` --profile ${origin.profile}` : ''
  return `Check the token: \`forgectl auth status${profile}\`, or log in again with \`forgectl auth login${profile}\`.`
}

/**
 * After `auth login`: the environment's host or token, when set and different, wins over what was just
 * stored (unless --profile is typed), and the next command would use it, not the new login.
 */
export function environmentWinsNote(stored: {host: string; token: string; profile: string}, env: NodeJS.ProcessEnv): Note | undefined {
  const winning: string[] = []
  if (env.FORGECTL_HOST && !sameHost(env.FORGECTL_HOST, stored.host)) winning.push('FORGECTL_HOST')
  if (env.FORGECTL_TOKEN && env.FORGECTL_TOKEN !== stored.token) winning.push('FORGECTL_TOKEN')
  if (winning.length === 0) return undefined
  const names = winning.join(' and ')
  return warning(
    `${names} ${winning.length > 1 ? 'are' : 'is'} set in this environment and ${winning.length > 1 ? 'win' : 'wins'} over what was stored in ${thing('profile', stored.profile)} unless --profile is given: \`unset ${winning.join(' ')}\` to use the new login`,
  )
}
