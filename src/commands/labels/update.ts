import * as Args from '@oclif/core/args'
import {LABEL_CHANGES, updateLabel} from '../../api/labels.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {projectOrGroupFlags} from '../../core/flags.js'
import {flagsOf} from '../../core/input-flags.js'
import {someChange} from '../../core/input.js'
import {onlyFor, scopeOf} from '../../core/scope.js'

export default class LabelsUpdate extends ApiCommand<typeof LabelsUpdate> {
  static summary = 'Change a label'
  static description = 'PUT /projects/:id/labels/:label_id or /groups/:id/labels/:label_id (Developer role at least). A project label needs --new-name or --color; a group label needs at least one change.'
  static examples = [
    '<%= config.bin %> labels update bug --color "#ff0000" -p my-group/my-project',
    '<%= config.bin %> labels update triage --new-name needs-triage -g my-group',
    '<%= config.bin %> labels update triage --description "" -g my-group',
  ]
  static args = {label: Args.string({description: 'label ID or title', required: true})}
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(LABEL_CHANGES),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'projects', this.flags, ['priority'])
    const changes = await this.read(LABEL_CHANGES)
    someChange(LABEL_CHANGES, changes)
    // Spec: project labels need new_name if color is absent and color if new_name is absent.
    if (scope.kind === 'projects' && changes.new_name === undefined && changes.color === undefined) {
      throw new UsageError('a project label update needs --new-name or --color (the API requires one of them)')
    }
    await this.print(await updateLabel(this.api, scope, this.args.label, changes))
  }
}
