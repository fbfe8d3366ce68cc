import {createWebhook, NEW_WEBHOOK} from '../../api/webhooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'
import {checkEventKind, hookToken, tokenStdinFlag} from '../../topics/webhooks.js'

export default class WebhooksCreate extends ApiCommand<typeof WebhooksCreate> {
  static summary = 'Add a webhook to a project or a group'
  static description =
    "POST /projects/:id/hooks (Maintainer role at least) or /groups/:id/hooks (Owner). Push events are sent unless --no-push-events; the other events only when asked for (--milestone-events for a project only, --member-events and --subgroup-events for a group only). The hook's secret token (the API's `token`; --token is the access token) comes from --secret-token or, kept out of ps and the shell history, from standard input with --token-stdin: it is sent once, never returned, and never shown in --verbose or --dry-run. The printed hook shows its URL (which may hold credentials) as [REDACTED]; `webhooks get` shows it."
  static examples = [
    'printf \'%s\' "$HOOK_SECRET" | <%= config.bin %> webhooks create -p my-group/my-project --url https://ci.example.com/hook --token-stdin --merge-requests-events',
    '<%= config.bin %> webhooks create -g my-group --url https://chat.example.com/hook --no-push-events --issues-events --member-events',
  ]
  static flags = {...projectOrGroupFlags, ...flagsOf(NEW_WEBHOOK), ...tokenStdinFlag}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    checkEventKind(scope, this.flags)
    const hook = await hookToken(await this.read(NEW_WEBHOOK), this.flags, this.io.stdin)
    await this.print(await createWebhook(this.api, scope, hook))
  }
}
