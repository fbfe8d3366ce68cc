// A token that replaces the one forgectl is using (`tokens rotate self --update-profile`): written into
// the stored profile it came from, through conf's atomic write (a temporary file in the same folder,
// flushed, then renamed over config.json: a crash leaves the old file or the new one, never half of
// either), and never lost: if storing fails, the value is printed before the error.

import {CliError, ExitCode, UsageError} from '../base/errors.js'
import type {IO} from '../base/io.js'
import {type Note, thing, warning} from '../base/notes.js'
import {configPath, configWriteProblem, readProfile, storedTokenStore} from './config-store.js'
import {type Connection, checkToken, describeSource, normalizeHost, sameOrigin, withheldReason} from './connection.js'
import {storeToken} from './token-store.js'

/**
 * The profile that holds the connection's token, checked before anything is sent: the token must have
 * come from that profile (not from --token or FORGECTL_TOKEN, which forgectl cannot update), for the
 * profile's own host, and the config folder must be writable.
 */
export function profileHoldingToken(connection: Connection, env: NodeJS.ProcessEnv): string {
  const {profile, tokenSource} = connection
  if (tokenSource !== 'profile') {
    if (connection.withheld) throw new UsageError(`--update-profile: ${withheldReason(connection.withheld)}`)
    const from = tokenSource === 'none' ? 'nowhere: no token is set' : describeSource(tokenSource, 'token', profile)
    throw new UsageError(
      `--update-profile writes the new token into the stored profile the current one came from, but it came from ${from}; rotate without --update-profile and store the printed value where the old one was`,
    )
  }
  const storedHost = readProfile(profile, env).host
  // the connection took the profile's token only for the profile's origin (connection.ts); checked again
  // here, as the rotated token is written back where it will be sent from then on
  if (storedHost === undefined || !sameOrigin(storedHost, connection.host)) {
    throw new UsageError(
      `--update-profile: the token comes from profile "${profile}" (host ${storedHost === undefined ? 'none' : normalizeHost(storedHost)}) but the host from ${describeSource(connection.hostSource, 'host', profile)} (${connection.host}); the profile would get another server's token`,
    )
  }
  const problem = configWriteProblem(env)
  if (problem !== undefined) throw new UsageError(`--update-profile cannot write ${configPath(env)} (${problem}); nothing was rotated`)
  return profile
}

/** stores `value` as the profile's token; on failure `showValue` prints it first, then the error says why */
export async function storeNewToken(profile: string, value: string, showValue: () => Promise<void>, run: Pick<IO, 'env' | 'stderr'>): Promise<void> {
  try {
    // what the server sent is held to the rule of every token: stored, a line break in it would stop every later command
    if (typeof value !== 'string') throw new UsageError('the new token is not text')
    checkToken(value, 'the new token')
    // where the profile keeps it: the keyring entry is replaced, or the file's value
    await storeToken(profile, value, storedTokenStore(profile, run.env).location ?? 'file', run)
  } catch (error) {
    await showValue()
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new CliError(
      `the token was rotated and the old one revoked, but storing the new one in profile "${profile}" failed (${reason}): the value printed on stdout is the only copy; store it with \`forgectl auth login --profile ${profile} --token-stdin\``,
      ExitCode.error,
    )
  }
}

/**
 * A note after the token in use was rotated or revoked without --update-profile: the profile it came
 * from still holds it, and the next command with that profile will get 401.
 */
export function staleProfileNote(connection: Connection, change: 'rotated' | 'revoked'): Note | undefined {
  if (connection.tokenSource !== 'profile') return undefined
  const login = `forgectl auth login --profile ${connection.profile} --token-stdin`
  const profile = thing('profile', connection.profile)
  return warning(
    change === 'rotated'
      ? `${profile} still holds the old token, which no longer works: store the new one with \`${login}\` (or rotate with --update-profile)`
      : `${profile} still holds the revoked token: log in with another one (\`${login}\`)`,
  )
}
