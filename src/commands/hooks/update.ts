import {HOOK_CHANGES, updateHook} from '../../api/hooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class HooksUpdate extends ApiCommand<typeof HooksUpdate> {
  static summary = 'Change a system hook'
  static description =
    "PUT /hooks/:hook_id. Administrator only (self-managed). Give at least one change; the others keep their value. The API does not change name or description here. --secret-token replaces the hook's `token` and is never shown back. The printed hook shows its URL as [REDACTED]; `hooks get` shows it."
  static examples = [
    '<%= config.bin %> hooks update 3 --url https://hooks.example.com/v2 --secret-token "$NEW_SECRET"',
    '<%= config.bin %> hooks update 3 --no-enable-ssl-verification --repository-update-events',
  ]
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}
  static flags = flagsOf(HOOK_CHANGES)

  async run(): Promise<void> {
    const changes = await this.read(HOOK_CHANGES)
    someChange(HOOK_CHANGES, changes)
    await this.print(await updateHook(this.api, this.args.hook_id, changes))
  }
}
