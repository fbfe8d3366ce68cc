import * as Flags from '@oclif/core/flags'
import {HOOK_SETTING_NAMES, hookSettingFlags, hookSettingsFrom, updateHook, validHookUrl} from '../../api/hooks.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class HooksUpdate extends ApiCommand<typeof HooksUpdate> {
  static summary = 'Change a system hook'
  static description = 'PUT /hooks/:hook_id. Administrator only (self-managed). Give at least one change; the others keep their value. The API does not change name or description here. --secret-token replaces the hook\'s `token` and is never shown back.'
  static examples = [
    '<%= config.bin %> hooks update 3 --url https://hooks.example.com/v2 --secret-token "$NEW_SECRET"',
    '<%= config.bin %> hooks update 3 --no-enable-ssl-verification --repository-update-events',
  ]
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}
  static flags = {
    url: Flags.string({description: 'new absolute http(s) URL', parse: async value => validHookUrl(value)}),
    ...hookSettingFlags,
  }

  async run(): Promise<void> {
    atLeastOne(this.flags, [...HOOK_SETTING_NAMES])
    await this.print(await updateHook(this.api, this.args.hook_id, hookSettingsFrom(this.flags)))
  }
}
