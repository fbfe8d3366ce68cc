import * as Args from '@oclif/core/args'
import {deleteLabel} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {projectOrGroupFlags, yesFlag} from '../../core/flags.js'
import {scopeOf} from '../../core/scope.js'
import {done, thing} from '../../core/notes.js'

export default class LabelsDelete extends ApiCommand<typeof LabelsDelete> {
  static summary = 'Delete a label'
  static description = 'DELETE /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> labels delete bug -p my-group/my-project',
    '<%= config.bin %> labels delete 42 -g my-group --yes',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {...projectOrGroupFlags, ...yesFlag}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    await this.confirm(`delete label "${this.args.label}" of ${scope.kind === 'projects' ? 'project' : 'group'} ${scope.id}`)
    await deleteLabel(this.api, scope, this.args.label)
    this.note(done('Deleted', thing('label', this.args.label, thing(scope.kind === 'projects' ? 'project' : 'group', scope.id))))
  }
}
