import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../core/base-command.js'
import {PROFILE_KEYS, type ProfileKey, profileName, updateProfile} from '../../core/config-store.js'
import {done, thing} from '../../core/notes.js'
import {profileFlag} from '../../core/profile-flag.js'
import {profileKeyArg} from '../../core/profile-key-arg.js'

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static summary = 'Change one setting of a profile'
  static description = `Settings: ${Object.entries(PROFILE_KEYS)
    .map(([k, v]) => `${k} (${v.description})`)
    .join('; ')}.`
  static examples = ['<%= config.bin %> config set host https://forge.example.com', '<%= config.bin %> config set timeout 60 --profile ci', '<%= config.bin %> config set output yaml']
  static args = {key: profileKeyArg, value: Args.string({description: 'new value', required: true})}
  static flags = {...profileFlag}

  async run(): Promise<void> {
    const key = this.args.key as ProfileKey
    const value = PROFILE_KEYS[key].parse(this.args.value, key)
    const profile = profileName(this.flags.profile)
    await updateProfile(profile, current => ({...current, [key]: value}))
    this.note(done('Set', `${key} of ${thing('profile', profile)}`))
  }
}
