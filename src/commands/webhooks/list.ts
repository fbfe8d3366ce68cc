import {listWebhooks, WEBHOOK_COLUMNS, WEBHOOK_FIELDS} from '../../api/webhooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WebhooksList extends ApiCommand<typeof WebhooksList> {
  static summary = 'List the webhooks of a project or a group'
  static description =
    "GET /projects/:id/hooks (Maintainer role at least) or /groups/:id/hooks (Owner). The secret token of a hook is never returned, nor the values of its URL variables; a project's list leaves out the URL variables and custom headers (`webhooks get` shows their keys). System hooks are `hooks list`."
  static fields = WEBHOOK_FIELDS
  static columns = WEBHOOK_COLUMNS
  static examples = ['<%= config.bin %> webhooks list -p my-group/my-project', '<%= config.bin %> webhooks list -g my-group --columns id,url,member_events --all']
  static flags = {...projectOrGroupFlags, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listWebhooks(scopeOf(this.flags)))
  }
}
