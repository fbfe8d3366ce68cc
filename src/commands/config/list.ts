import {BaseCommand} from '../../core/command/base-command.js'
import {profileName, readProfile} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {profileForDisplay} from '../../core/config/profile-view.js'

export default class ConfigList extends BaseCommand<typeof ConfigList> {
  static summary = 'Show the settings of a profile'
  static description = 'Lists the stored settings (host, token masked, ca-file, insecure, timeout, retries, output) of the profile.'
  static examples = ['<%= config.bin %> config list', '<%= config.bin %> config list --profile ci --json']
  static flags = {...profileFlag}

  async run(): Promise<void> {
    await this.print(profileForDisplay(readProfile(profileName(this.flags.profile, this.io.env), this.io.env)))
  }
}
