import {LABEL_CHANGES, updateLabel} from '../../api/labels.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor} from '../../core/input/scope.js'
import {LabelCommand, ownLabel} from '../../topics/labels.js'

export default class LabelsUpdate extends LabelCommand<typeof LabelsUpdate> {
  static summary = 'Change a label'
  static description = 'PUT /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). At least one change; --description "" clears the description.'
  static examples = [
    '<%= config.bin %> labels update bug --color "#ff0000" -p my-group/my-project',
    '<%= config.bin %> labels update triage --new-name needs-triage -g my-group',
    '<%= config.bin %> labels update triage --description "" -p my-group/my-project',
  ]
  static flags = {...LabelCommand.flags, ...flagsOf(LABEL_CHANGES)}

  async run(): Promise<void> {
    const {scope} = this
    onlyFor(scope, 'projects', this.flags, ['priority'])
    // the label first: without it, "nothing to change" would hide what is missing
    const label = await this.label()
    const changes = await this.read(LABEL_CHANGES)
    // The spec's prose wants new_name or color for a project label; the platform takes any one change
    // (`at_least_one_of :new_name, :color, :description, :priority`), so `--description ""` alone clears
    someChange(LABEL_CHANGES, changes)
    await this.print(await ownLabel(this.api, scope, label, () => updateLabel(this.api, scope, label, changes)))
  }
}
