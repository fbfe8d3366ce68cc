import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {getLabel} from '../../api/labels.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {projectOrGroupFlags} from '../../core/flags.js'
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
    'include-ancestor-groups': Flags.boolean({description: 'look in ancestor groups too (API default: true)', allowNo: true}),
    'include-descendant-groups': Flags.boolean({description: 'group only: look in descendant groups too', allowNo: true}),
    'only-group-labels': Flags.boolean({description: 'group only: leave out project labels (API default: true)', allowNo: true}),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'groups', this.flags, ['include-descendant-groups', 'only-group-labels'])
    await this.print(await getLabel(this.api, scope, this.args.label,
      apiInput(this.flags, ['include-ancestor-groups', 'include-descendant-groups', 'only-group-labels'])))
  }
}
