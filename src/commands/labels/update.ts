import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {updateLabel} from '../../api/labels.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {colorFlag} from '../../core/color.js'
import {UsageError} from '../../core/errors.js'
import {nullableIntegerFlag, projectOrGroupFlags} from '../../core/flags.js'
import {onlyFor, scopeOf} from '../../core/scope.js'
import {atLeastOne} from '../../core/validate.js'

export default class LabelsUpdate extends ApiCommand<typeof LabelsUpdate> {
  static summary = 'Change a label'
  static description = 'PUT /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). A project label needs --new-name or --color; a group label needs at least one change.'
  static examples = [
    '<%= config.bin %> labels update bug --color "#ff0000" -p my-group/my-project',
    '<%= config.bin %> labels update triage --new-name needs-triage -g my-group',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {
    ...projectOrGroupFlags,
    'new-name': Flags.string({description: 'new name'}),
    color: colorFlag(),
    description: Flags.string({description: 'new description'}),
    priority: nullableIntegerFlag(0)({description: 'project only: priority, 0 or more (null to remove)'}),
    archived: Flags.boolean({description: 'archive or (--no-archived) unarchive (labels_archive feature)', allowNo: true}),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'projects', this.flags, ['priority'])
    // Spec: project labels need new_name if color is absent and color if new_name is absent.
    if (scope.kind === 'projects' && this.flags['new-name'] === undefined && this.flags.color === undefined) {
      throw new UsageError('a project label update needs --new-name or --color (the API requires one of them)')
    }
    atLeastOne(this.flags, ['new-name', 'color', 'description', 'archived', 'priority'])
    await this.print(await updateLabel(this.api, scope, this.args.label, apiInput(this.flags, ['new-name', 'color', 'description', 'priority', 'archived'])))
  }
}
