import {currentUser} from '../../api/user.js'
import {CliError} from '../../core/base/errors.js'
import {maskToken} from '../../core/base/redact.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {readProfile, tokenLocation} from '../../core/config/config-store.js'
import {describeSource, NoToken} from '../../core/config/connection.js'

export default class AuthStatus extends ApiCommand<typeof AuthStatus> {
  static summary = 'Show the connection in use and whether the server accepts its token'
  static description =
    'Shows profile, host, the token masked, where each came from (and, for a stored token, whether it lives in the system keyring or the settings file) (--host/--token, FORGECTL_HOST/FORGECTL_TOKEN, or the profile by name; --profile on the command line beats the environment), and the result of GET /user. Exits 4 when the server rejects the token, or when the token is in a system keyring that cannot be read (shown as unreadable, with the reason).'
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile ci --json']

  static reportsKeyringFailure = true

  async run(): Promise<void> {
    const c = this.connection
    // the profile's token is in a keyring that cannot be read: what is set up is shown, then why (exit 4)
    const unreadable = this.keyringFailure
    let user: {username: string} | undefined
    let problem: CliError | undefined = unreadable
    if (c.token && !unreadable) {
      try {
        user = await currentUser(this.api)
      } catch (error) {
        if (!(error instanceof CliError)) throw error
        problem = error
      }
    }
    await this.print({
      profile: c.profile,
      host: c.host,
      host_source: describeSource(c.hostSource, 'host', c.profile),
      token: unreadable ? `(unreadable: ${unreadable.keyringReason})` : maskToken(c.token),
      token_source: describeSource(unreadable ? 'profile' : c.tokenSource, 'token', c.profile),
      token_store: unreadable ? 'keyring' : c.tokenSource === 'profile' ? (tokenLocation(readProfile(c.profile, this.io.env)) ?? null) : null,
      user: user?.username ?? null,
      accepted: user !== undefined,
      ...(problem ? {error: problem.message} : {}),
    })
    if (problem) throw problem
    if (!c.token) throw new NoToken(c.withheld)
  }
}
