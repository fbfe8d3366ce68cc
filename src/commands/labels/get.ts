import {getLabel, LABEL_READ} from '../../api/labels.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor} from '../../core/input/scope.js'
import {LabelCommand} from '../../topics/labels.js'

export default class LabelsGet extends LabelCommand<typeof LabelsGet> {
  static summary = 'Show one label'
  static description = 'GET /projects/:id/labels/:label_id or /groups/:id/labels/:label_id. LABEL is the ID or the title.'
  static examples = ['<%= config.bin %> labels get bug -p my-group/my-project', '<%= config.bin %> labels get 42 -g my-group --json']
  static flags = {...LabelCommand.flags, ...flagsOf(LABEL_READ)}

  async run(): Promise<void> {
    onlyFor(this.scope, 'groups', this.flags, ['include-descendant-groups', 'only-group-labels'])
    await this.print(await getLabel(this.api, this.scope, await this.label(), await this.read(LABEL_READ)))
  }
}
