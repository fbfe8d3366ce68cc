import {testWebhook, WEBHOOK_TEST} from '../../api/webhooks.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {scopeOf, scopeThing} from '../../core/input/scope.js'
import {checkTrigger, hookIdArg} from '../../topics/webhooks.js'

export default class WebhooksTest extends ApiCommand<typeof WebhooksTest> {
  static summary = 'Send a sample event to a webhook'
  static description =
    "POST /projects/:id/hooks/:hook_id/test/:trigger or /groups/:id/hooks/:hook_id/test/:trigger. The server sends the hook a sample of EVENT built from the project's own data and answers 201 when the receiver answered 2xx; otherwise 422 (exit 6) with its reason (the receiver's error, or no data for that event, such as a project without notes). A project hook takes no member or subgroup events, a group hook no milestone events (400)."
  static examples = ['<%= config.bin %> webhooks test 3 push_events -p my-group/my-project', '<%= config.bin %> webhooks test 7 issues_events -g my-group']
  static args = {...hookIdArg, ...argsOf(WEBHOOK_TEST)}
  static flags = {...projectOrGroupFlags}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    const {trigger} = await this.read(WEBHOOK_TEST)
    checkTrigger(scope, trigger)
    await testWebhook(this.api, scope, this.args.hook_id, trigger)
    this.note(done('Sent', `a sample of ${trigger} to ${thing('webhook', this.args.hook_id, scopeThing(scope))}`))
  }
}
