import {UsageError} from '../../core/base/errors.js'
import {done, thing} from '../../core/base/notes.js'
import {BaseCommand} from '../../core/command/base-command.js'
import {type ProfileKey, profileName, readProfile, removeProfileKeys, tokenLocation} from '../../core/config/config-store.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {profileKeyArg} from '../../core/config/profile-key-arg.js'
import {forgetToken} from '../../core/config/token-store.js'

export default class ConfigUnset extends BaseCommand<typeof ConfigUnset> {
  static summary = 'Remove one setting of a profile'
  static description = 'The setting falls back to the environment or the built-in default.'
  static examples = ['<%= config.bin %> config unset insecure', '<%= config.bin %> config unset timeout --profile ci']
  static args = {key: profileKeyArg}
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const {env} = this.io
    const profile = profileName(this.flags.profile, env)
    const key = this.args.key as ProfileKey
    if (key === 'token') await forgetToken(profile, env)
    else {
      // without the setting, nothing would say that the token is in the keyring, and it would be lost
      if (key === 'token-store' && tokenLocation(readProfile(profile, env)) === 'keyring') {
        throw new UsageError(`the token of ${thing('profile', profile)} is in the system keyring: move it with \`forgectl config set token-store file\`, or remove it with \`forgectl auth logout\``)
      }
      // with the store goes the mark that its keyring holds no token (config-store.ts)
      await removeProfileKeys(profile, key === 'token-store' ? [key, 'keyring-empty'] : [key], env)
    }
    this.note(done('Unset', `${this.args.key} of ${thing('profile', profile)}`))
  }
}
