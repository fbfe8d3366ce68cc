import * as Flags from '@oclif/core/flags'
import {createHook, hookSettingFlags, hookSettingsFrom, validHookUrl} from '../../api/hooks.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'

export default class HooksCreate extends ApiCommand<typeof HooksCreate> {
  static summary = 'Add a system hook'
  static description = 'POST /hooks. Administrator only (self-managed). Push events are sent unless --no-push-events; the other events only when asked for. --secret-token is the API\'s `token` (--token is the access token): it is sent once, never returned, and never shown in --verbose or --dry-run. The spec shows the answer as an array of one, the platform sends the hook itself; forgectl prints the hook either way, in the same shape as `hooks get` (--json too).'
  static examples = [
    '<%= config.bin %> hooks create --url https://hooks.example.com/forge --name audit --secret-token "$HOOK_SECRET"',
    '<%= config.bin %> hooks create --url https://ci.example.com/hook --no-push-events --merge-requests-events --tag-push-events',
    '<%= config.bin %> hooks create --url https://ci.example.com/hook --push-events-branch-filter "^release/" --branch-filter-strategy regex',
  ]
  static flags = {
    url: Flags.string({description: 'absolute http(s) URL the events are sent to', required: true, parse: async value => validHookUrl(value)}),
    name: Flags.string({description: 'name of the hook (release 17.1 and later)'}),
    description: Flags.string({description: 'description of the hook (release 17.1 and later)'}),
    ...hookSettingFlags,
  }

  async run(): Promise<void> {
    const hook = {...hookSettingsFrom(this.flags), url: this.flags.url, ...apiInput(this.flags, ['name', 'description'])}
    await this.print(await createHook(this.api, hook))
  }
}
