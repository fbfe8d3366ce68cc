import {BaseCommand} from '../../core/command/base-command.js'
import {type ProfileKey, profileName, removeProfileKeys} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {profileKeyArg} from '../../core/config/profile-key-arg.js'
import {done, thing} from '../../core/output/notes.js'

export default class ConfigUnset extends BaseCommand<typeof ConfigUnset> {
  static summary = 'Remove one setting of a profile'
  static description = 'The setting falls back to the environment or the built-in default.'
  static examples = ['<%= config.bin %> config unset insecure', '<%= config.bin %> config unset timeout --profile ci']
  static args = {key: profileKeyArg}
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const profile = profileName(this.flags.profile)
    await removeProfileKeys(profile, [this.args.key as ProfileKey])
    this.note(done('Unset', `${this.args.key} of ${thing('profile', profile)}`))
  }
}
