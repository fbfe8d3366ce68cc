import {LABEL_COLUMNS, LABEL_FIELDS, LABEL_FILTERS, listLabels} from '../../api/labels.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor, scopeOf} from '../../core/input/scope.js'

export default class LabelsList extends ApiCommand<typeof LabelsList> {
  static summary = 'List the labels of a project or a group'
  static description = 'GET /projects/:id/labels or /groups/:id/labels. Anyone who can see the project or group can list its labels.'
  static fields = LABEL_FIELDS
  static examples = ['<%= config.bin %> labels list -p my-group/my-project', '<%= config.bin %> labels list -g my-group --search bug --with-counts --all --json']
  static columns = LABEL_COLUMNS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    ...flagsOf(LABEL_FILTERS),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'groups', this.flags, ['include-descendant-groups', 'only-group-labels'])
    await this.printList(listLabels(scope, await this.read(LABEL_FILTERS)))
  }
}
