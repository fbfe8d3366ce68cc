import {HOOK_CHANGES, updateHook} from '../../api/hooks.js'
import {warning} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class HooksUpdate extends ApiCommand<typeof HooksUpdate> {
  static summary = 'Change a system hook'
  static description =
    "PUT /hooks/:hook_id. Administrator only (self-managed). Give at least one change; the others keep their value. --secret-token replaces the hook's `token` and is never shown back. A new --url drops the hook's secret token and URL variables on the server unless the same request gives the token again: pass --secret-token with it, and set the URL variables again with `hooks url-variables set`. The printed hook shows its URL as [REDACTED]; `hooks get` shows it."
  static examples = [
    '<%= config.bin %> hooks update 3 --url https://hooks.example.com/v2 --secret-token "$NEW_SECRET"',
    '<%= config.bin %> hooks update 3 --no-enable-ssl-verification --repository-update-events',
  ]
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}
  static flags = flagsOf(HOOK_CHANGES)

  async run(): Promise<void> {
    const changes = await this.read(HOOK_CHANGES)
    someChange(HOOK_CHANGES, changes)
    // app/models/hooks/web_hook.rb (reset_token, reset_url_variables): what a new URL takes away
    if (changes.url !== undefined && changes.token === undefined) {
      this.note(warning("a new URL drops the hook's secret token and URL variables unless given again: pass --secret-token with --url, and set URL variables again (hooks url-variables set)"))
    }
    await this.print(await updateHook(this.api, this.args.hook_id, changes))
  }
}
