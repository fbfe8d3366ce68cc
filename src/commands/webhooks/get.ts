import {getWebhook, WEBHOOK_FIELDS} from '../../api/webhooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {scopeOf} from '../../core/input/scope.js'
import {hookIdArg} from '../../topics/webhooks.js'

export default class WebhooksGet extends ApiCommand<typeof WebhooksGet> {
  static summary = 'Show one webhook of a project or a group'
  static description =
    'GET /projects/:id/hooks/:hook_id or /groups/:id/hooks/:hook_id. url_variables and custom_headers list the keys only: the platform never returns their values, nor the secret token.'
  static fields = WEBHOOK_FIELDS
  static examples = ['<%= config.bin %> webhooks get 3 -p my-group/my-project', '<%= config.bin %> webhooks get 7 -g my-group --json | jq ".url_variables[].key"']
  static args = hookIdArg
  static flags = {...projectOrGroupFlags}

  async run(): Promise<void> {
    await this.print(await getWebhook(this.api, scopeOf(this.flags), this.args.hook_id))
  }
}
