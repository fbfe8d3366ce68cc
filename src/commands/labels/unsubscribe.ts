import * as Args from '@oclif/core/args'
import {setSubscription} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {projectOrGroupFlags} from '../../core/flags.js'
import {scopeOf} from '../../core/scope.js'
import {thing, unchanged} from '../../core/notes.js'

export default class LabelsUnsubscribe extends ApiCommand<typeof LabelsUnsubscribe> {
  static summary = 'Unsubscribe from a label'
  static description = 'POST /projects/:id/labels/:label_id/unsubscribe or /groups/:id/labels/:label_id/unsubscribe, for the authenticated user. When you are already not subscribed to it, the server answers 304 Not Modified: forgectl says so and shows the label.'
  static examples = [
    '<%= config.bin %> labels unsubscribe bug -p my-group/my-project',
    '<%= config.bin %> labels unsubscribe 42 -g my-group --json',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {...projectOrGroupFlags}

  async run(): Promise<void> {
    const {changed, label} = await setSubscription(this.api, scopeOf(this.flags), this.args.label, false)
    if (!changed) this.note(unchanged(`you were not subscribed to ${thing('label', label.name)}`))
    await this.print(label)
  }
}
