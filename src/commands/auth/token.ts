import {BaseCommand} from '../../core/command/base-command.js'
import {CliError, ExitCode} from '../../core/command/errors.js'
import {profileName} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {readStoredToken} from '../../core/config/token-store.js'

export default class AuthToken extends BaseCommand<typeof AuthToken> {
  static summary = 'Print the token in use, alone, for scripts'
  static description =
    "Prints the token that commands would use (FORGECTL_TOKEN, else the profile's stored token, from the system keyring or the settings file) followed by a newline. This is the one command that shows a token in full."
  static examples = ['curl -H "PRIVATE-TOKEN: $(<%= config.bin %> auth token)" https://forge.example.com/api/v4/user', '<%= config.bin %> auth token --profile ci']
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const token = this.io.env.FORGECTL_TOKEN || (await readStoredToken(profileName(this.flags.profile)))
    if (!token) throw new CliError('no token: run `forgectl auth login`, or set FORGECTL_TOKEN', ExitCode.auth)
    this.io.stdout.write(token + '\n')
  }
}
