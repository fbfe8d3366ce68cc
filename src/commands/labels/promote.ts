import * as Args from '@oclif/core/args'
import {promoteLabel} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class LabelsPromote extends ApiCommand<typeof LabelsPromote> {
  static summary = 'Promote a project label to a group label'
  static description = 'PUT /projects/:id/labels/:label_id/promote. The label moves to the project\'s group and keeps its ID.'
  static examples = [
    '<%= config.bin %> labels promote bug -p my-group/my-project',
    '<%= config.bin %> labels promote 42 -p 7 --json',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await promoteLabel(this.api, this.flags.project, this.args.label))
  }
}
