import {currentUser} from '../../api/user.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {CliError, ExitCode} from '../../core/command/errors.js'
import {readProfile} from '../../core/config/config-store.js'
import {describeSource} from '../../core/config/connection.js'
import {tokenLocation} from '../../core/config/token-store.js'
import {maskToken} from '../../core/http/redact.js'

export default class AuthStatus extends ApiCommand<typeof AuthStatus> {
  static summary = 'Show the connection in use and whether the server accepts its token'
  static description =
    'Shows profile, host, the token masked, where each came from (and, for a stored token, whether it lives in the system keyring or the settings file) (--host/--token, FORGECTL_HOST/FORGECTL_TOKEN, or the profile by name; --profile on the command line beats the environment), and the result of GET /user. Exits 4 when the server rejects the token.'
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile ci --json']

  async run(): Promise<void> {
    const c = this.connection
    let user: {username: string} | undefined
    let problem: CliError | undefined
    if (c.token) {
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
      token: maskToken(c.token),
      token_source: describeSource(c.tokenSource, 'token', c.profile),
      token_store: c.tokenSource === 'profile' ? (tokenLocation(readProfile(c.profile)) ?? null) : null,
      user: user?.username ?? null,
      accepted: user !== undefined,
      ...(problem ? {error: problem.message} : {}),
    })
    if (!c.token) throw new CliError('no token: run `forgectl auth login`, or set FORGECTL_TOKEN', ExitCode.auth)
    if (problem) throw problem
  }
}
