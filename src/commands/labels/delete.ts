import {deleteLabel} from '../../api/labels.js'
import {done, thing} from '../../core/base/notes.js'
import {yesFlag} from '../../core/input/flags.js'
import {scopeThing} from '../../core/input/scope.js'
import {LabelCommand, ownLabel} from '../../topics/labels.js'

export default class LabelsDelete extends LabelCommand<typeof LabelsDelete> {
  static summary = 'Delete a label'
  static description = 'DELETE /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> labels delete bug -p my-group/my-project', '<%= config.bin %> labels delete 42 -g my-group --yes']
  static flags = {...LabelCommand.flags, ...yesFlag}

  async run(): Promise<void> {
    const label = await this.label()
    await this.confirm(`delete label "${label}" of ${scopeThing(this.scope)}`)
    await ownLabel(this.api, this.scope, label, () => deleteLabel(this.api, this.scope, label))
    this.note(done('Deleted', thing('label', label, scopeThing(this.scope))))
  }
}
