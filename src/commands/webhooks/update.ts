import {updateWebhook, WEBHOOK_CHANGES} from '../../api/webhooks.js'
import {warning} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'
import {checkEventKind, hookIdArg, hookToken, tokenStdinFlag} from '../../topics/webhooks.js'

export default class WebhooksUpdate extends ApiCommand<typeof WebhooksUpdate> {
  static summary = 'Change a webhook of a project or a group'
  static description =
    "PUT /projects/:id/hooks/:hook_id or /groups/:id/hooks/:hook_id. Give at least one change; the others keep their value. --secret-token (or --token-stdin) replaces the hook's token, never shown back. A new --url drops the hook's secret token and URL variables on the server unless the same request gives the token again. The printed hook shows its URL as [REDACTED]; `webhooks get` shows it."
  static examples = [
    '<%= config.bin %> webhooks update 3 -p my-group/my-project --no-push-events --pipeline-events',
    'printf \'%s\' "$NEW_SECRET" | <%= config.bin %> webhooks update 7 -g my-group --url https://chat.example.com/v2 --token-stdin',
  ]
  static args = hookIdArg
  static flags = {...projectOrGroupFlags, ...flagsOf(WEBHOOK_CHANGES), ...tokenStdinFlag}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    checkEventKind(scope, this.flags)
    const changes = await hookToken(await this.read(WEBHOOK_CHANGES), this.flags, this.io.stdin)
    someChange(WEBHOOK_CHANGES, changes)
    // app/models/hooks/web_hook.rb (reset_token, reset_url_variables): what a new URL takes away
    if (changes.url !== undefined && changes.token === undefined) {
      this.note(warning("a new URL drops the hook's secret token and URL variables unless given again: pass --secret-token or --token-stdin with --url"))
    }
    await this.print(await updateWebhook(this.api, scope, this.args.hook_id, changes))
  }
}
