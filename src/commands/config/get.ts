import {BaseCommand} from '../../core/base-command.js'
import {type ProfileKey, profileName, readProfile} from '../../core/config-store.js'
import {CliError, ExitCode} from '../../core/errors.js'
import {profileFlag} from '../../core/profile-flag.js'
import {profileKeyArg} from '../../core/profile-key-arg.js'
import {profileForDisplay} from '../../core/profile-view.js'

export default class ConfigGet extends BaseCommand<typeof ConfigGet> {
  static summary = 'Print one setting of a profile'
  static description = 'Prints the value alone. The token is shown masked: use `auth token` to print it.'
  static examples = ['<%= config.bin %> config get host', '<%= config.bin %> config get timeout --profile ci']
  static args = {key: profileKeyArg}
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const value = profileForDisplay(readProfile(profileName(this.flags.profile)))[this.args.key as ProfileKey]
    if (value === undefined) throw new CliError(`${this.args.key} is not set`, ExitCode.notFound)
    process.stdout.write(`${String(value)}\n`)
  }
}
