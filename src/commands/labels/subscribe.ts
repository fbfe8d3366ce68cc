import * as Args from '@oclif/core/args'
import {setSubscription} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {projectOrGroupFlags} from '../../core/flags.js'
import {scopeOf} from '../../core/scope.js'
import {thing, unchanged} from '../../core/notes.js'

export default class LabelsSubscribe extends ApiCommand<typeof LabelsSubscribe> {
  static summary = 'Subscribe to a label'
  static description = 'POST /projects/:id/labels/:label_id/subscribe or /groups/:id/labels/:label_id/subscribe, for the authenticated user. When you are already subscribed to it, the server answers 304 Not Modified: forgectl says so and shows the label.'
  static examples = [
    '<%= config.bin %> labels subscribe bug -p my-group/my-project',
    '<%= config.bin %> labels subscribe 42 -g my-group --json',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {...projectOrGroupFlags}

  async run(): Promise<void> {
    const {changed, label} = await setSubscription(this.api, scopeOf(this.flags), this.args.label, true)
    if (!changed) this.note(unchanged(`you were already subscribed to ${thing('label', label.name)}`))
    await this.print(label)
  }
}
