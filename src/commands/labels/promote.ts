import {LABEL, promoteLabel} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'
import {argsOf} from '../../core/input-flags.js'

export default class LabelsPromote extends ApiCommand<typeof LabelsPromote> {
  static summary = 'Promote a project label to a group label'
  static description = "PUT /projects/:id/labels/:label_id/promote. The label moves to the project's group and keeps its ID."
  static examples = ['<%= config.bin %> labels promote bug -p my-group/my-project', '<%= config.bin %> labels promote 42 -p 7 --json']
  static args = argsOf(LABEL)
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    const {label} = await this.read(LABEL)
    await this.print(await promoteLabel(this.api, this.flags.project, label))
  }
}
