import * as Flags from '@oclif/core/flags'
import {LABEL_COLUMNS, listLabels} from '../../api/labels.js'
import {LABEL_FIELDS} from '../../api/labels.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/flags.js'
import {onlyFor, scopeOf} from '../../core/scope.js'

export default class LabelsList extends ApiCommand<typeof LabelsList> {
  static summary = 'List the labels of a project or a group'
  static description = 'GET /projects/:id/labels or /groups/:id/labels. Anyone who can see the project or group can list its labels.'
  static fields = LABEL_FIELDS
  static examples = [
    '<%= config.bin %> labels list -p my-group/my-project',
    '<%= config.bin %> labels list -g my-group --search bug --with-counts --all --json',
  ]
  static columns = LABEL_COLUMNS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    'with-counts': Flags.boolean({description: 'fill in issue and merge request counts', allowNo: true}),
    'include-ancestor-groups': Flags.boolean({description: 'include labels of ancestor groups (API default: true)', allowNo: true}),
    'include-descendant-groups': Flags.boolean({description: 'group only: include labels of descendant groups', allowNo: true}),
    'only-group-labels': Flags.boolean({description: 'group only: leave out project labels (API default: true)', allowNo: true}),
    search: Flags.string({description: 'keyword to filter labels by'}),
    archived: Flags.boolean({description: 'only archived (or, with --no-archived, unarchived) labels; needs the labels_archive feature', allowNo: true}),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'groups', this.flags, ['include-descendant-groups', 'only-group-labels'])
    await this.printList(listLabels(scope, apiInput(this.flags, [
      'with-counts', 'include-ancestor-groups', 'include-descendant-groups', 'only-group-labels', 'search', 'archived',
    ])))
  }
}
