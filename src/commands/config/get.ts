import {CliError, ExitCode} from '../../core/base/errors.js'
import {visibleCell} from '../../core/base/escape.js'
import {BaseCommand} from '../../core/command/base-command.js'
import {type ProfileKey, profileName, readProfile} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {profileKeyArg} from '../../core/config/profile-key-arg.js'
import {profileForDisplay} from '../../core/config/profile-view.js'
import {ONE_VALUE} from '../../core/output/output-spec.js'
import {stdoutIsTerminal} from '../../core/terminal/terminal.js'

export default class ConfigGet extends BaseCommand<typeof ConfigGet> {
  static summary = 'Print one setting of a profile'
  static description = 'Prints the value alone. The token is shown masked: use `auth token` to print it.'
  static examples = ['<%= config.bin %> config get host', '<%= config.bin %> config get timeout --profile ci']
  static args = {key: profileKeyArg}
  static flags = {...profileFlag}
  static outputs = ONE_VALUE

  async run(): Promise<void> {
    const value = profileForDisplay(readProfile(profileName(this.flags.profile, this.io.env), this.io.env))[this.args.key as ProfileKey]
    if (value === undefined) throw new CliError(`${this.args.key} is not set`, ExitCode.notFound)
    // the value alone, exact for a script; on a terminal a hand-edited settings file's invisible characters shown
    await this.printOne(value, () => `${stdoutIsTerminal(this.io) ? visibleCell(String(value)) : String(value)}\n`)
  }
}
