import {done, thing, unchanged} from '../../core/base/notes.js'
import {BaseCommand} from '../../core/command/base-command.js'
import {profileName} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {forgetToken} from '../../core/config/token-store.js'

export default class AuthLogout extends BaseCommand<typeof AuthLogout> {
  static summary = 'Remove the stored token of a profile'
  static description =
    'Deletes the token of the profile from where it is kept, the system keyring or the settings file (the host stays). Nothing is sent to the server: revoke the token there if it should stop working.'
  static examples = ['<%= config.bin %> auth logout', '<%= config.bin %> auth logout --profile ci']
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const profile = profileName(this.flags.profile, this.io.env)
    if (!(await forgetToken(profile, this.io.env))) {
      this.note(unchanged(`${thing('profile', profile)} has no stored token`))
      return
    }
    this.note(done('Removed', `the token of ${thing('profile', profile)}`))
  }
}
