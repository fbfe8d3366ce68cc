import {BaseCommand} from '../../core/command/base-command.js'
import {checkChosenToken, chooseCredentials, NoToken} from '../../core/config/connection.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {keyringTokenFor} from '../../core/config/token-store.js'
import {ONE_VALUE} from '../../core/output/output-spec.js'

export default class AuthToken extends BaseCommand<typeof AuthToken> {
  static summary = 'Print the token in use, alone, for scripts'
  static description =
    "Prints the token that commands would use (FORGECTL_TOKEN, else the profile's stored token, from the system keyring or the settings file; a --profile typed on the command line beats FORGECTL_TOKEN, as for every command) followed by a newline. This is the one command that shows a token in full."
  static examples = ['curl -H "PRIVATE-TOKEN: $(<%= config.bin %> auth token)" https://forge.example.com/api/v4/user', '<%= config.bin %> auth token --profile ci']
  static flags = {...profileFlag}
  static outputs = ONE_VALUE

  async run(): Promise<void> {
    // the commands' own order (a typed --profile beats FORGECTL_TOKEN): a script's curl sends what forgectl would
    const flags = {profile: this.flags.profile}
    const {token, tokenSource, profile, withheld} = chooseCredentials(flags, this.io.env, await keyringTokenFor(flags, this.io.env))
    // FORGECTL_TOKEN too: a line break in it would end up in a script's header, as another header
    checkChosenToken(token, tokenSource, profile)
    if (!token) throw new NoToken(withheld)
    await this.printOne(token, () => token + '\n')
  }
}
