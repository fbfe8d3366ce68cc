import * as Args from '@oclif/core/args'
import {getLabel, LABEL_READ} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {projectOrGroupFlags} from '../../core/flags.js'
import {flagsOf} from '../../core/input-flags.js'
import {onlyFor, scopeOf} from '../../core/scope.js'

export default class LabelsGet extends ApiCommand<typeof LabelsGet> {
  static summary = 'Show one label'
  static description = 'GET /projects/:id/labels/:label_id or /groups/:id/labels/:label_id. LABEL is the ID or the title.'
  static examples = [
    '<%= config.bin %> labels get bug -p my-group/my-project',
    '<%= config.bin %> labels get 42 -g my-group --json',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(LABEL_READ),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'groups', this.flags, ['include-descendant-groups', 'only-group-labels'])
    await this.print(await getLabel(this.api, scope, this.args.label, await this.read(LABEL_READ)))
  }
}
