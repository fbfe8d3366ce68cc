import {LABEL, promoteLabel} from '../../api/labels.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {done, thing} from '../../core/output/notes.js'

export default class LabelsPromote extends ApiCommand<typeof LabelsPromote> {
  static summary = 'Promote a project label to a group label'
  static description =
    "PUT /projects/:id/labels/:label_id/promote. The label moves to the project's group and keeps its ID; there is no way back: the API cannot turn a group label into a project label. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> labels promote bug -p my-group/my-project', '<%= config.bin %> labels promote 42 -p 7 --yes --json']
  static args = argsOf(LABEL)
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {label} = await this.read(LABEL)
    const project = thing('project', this.flags.project)
    await this.confirm(`promote ${thing('label', label, project)} to a label of its group (this cannot be undone)`)
    const promoted = await promoteLabel(this.api, this.flags.project, label)
    this.note(done('Promoted', thing('label', label, project), `it is now a label of the project's group (ID ${promoted.id})`))
    await this.print(promoted)
  }
}
