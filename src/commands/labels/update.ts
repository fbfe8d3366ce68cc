import {LABEL_CHANGES, updateLabel} from '../../api/labels.js'
import {UsageError} from '../../core/command/errors.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor} from '../../core/input/scope.js'
import {LabelCommand} from '../../topics/labels.js'

export default class LabelsUpdate extends LabelCommand<typeof LabelsUpdate> {
  static summary = 'Change a label'
  static description =
    'PUT /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). A project label needs --new-name or --color; a group label needs at least one change.'
  static examples = [
    '<%= config.bin %> labels update bug --color "#ff0000" -p my-group/my-project',
    '<%= config.bin %> labels update triage --new-name needs-triage -g my-group',
    '<%= config.bin %> labels update triage --description "" -g my-group',
  ]
  static flags = {...LabelCommand.flags, ...flagsOf(LABEL_CHANGES)}

  async run(): Promise<void> {
    const {scope} = this
    onlyFor(scope, 'projects', this.flags, ['priority'])
    // the label first: without it, "nothing to change" would hide what is missing
    const label = await this.label()
    const changes = await this.read(LABEL_CHANGES)
    someChange(LABEL_CHANGES, changes)
    // Spec: project labels need new_name if color is absent and color if new_name is absent.
    if (scope.kind === 'projects' && changes.new_name === undefined && changes.color === undefined) {
      throw new UsageError('a project label update needs --new-name or --color (the API requires one of them)')
    }
    await this.print(await updateLabel(this.api, scope, label, changes))
  }
}
