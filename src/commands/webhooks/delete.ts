import {deleteWebhook} from '../../api/webhooks.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags, yesFlag} from '../../core/input/flags.js'
import {scopeOf, scopeThing} from '../../core/input/scope.js'
import {hookIdArg} from '../../topics/webhooks.js'

export default class WebhooksDelete extends ApiCommand<typeof WebhooksDelete> {
  static summary = 'Delete a webhook of a project or a group'
  static description = 'DELETE /projects/:id/hooks/:hook_id or /groups/:id/hooks/:hook_id. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> webhooks delete 3 -p my-group/my-project', '<%= config.bin %> webhooks delete 7 -g my-group --yes']
  static args = hookIdArg
  static flags = {...projectOrGroupFlags, ...yesFlag}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    await this.confirm(`delete webhook ${this.args.hook_id} of ${scopeThing(scope)}`)
    await deleteWebhook(this.api, scope, this.args.hook_id)
    this.note(done('Deleted', thing('webhook', this.args.hook_id, scopeThing(scope))))
  }
}
