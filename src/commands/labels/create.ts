import {Args, Flags} from '@oclif/core'
import {createLabel, getLabel} from '../../api/labels.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {colorFlag} from '../../core/color.js'
import {ApiError} from '../../core/errors.js'
import {nullableIntegerFlag, projectOrGroupFlags} from '../../core/flags.js'
import {onlyFor, scopeOf} from '../../core/scope.js'

export default class LabelsCreate extends ApiCommand<typeof LabelsCreate> {
  static summary = 'Create a label in a project or a group'
  static description = 'POST /projects/:id/labels or /groups/:id/labels (Developer role at least). With --if-not-exists an existing label of that name is shown instead of failing, so scripts can run it again.'
  static examples = [
    '<%= config.bin %> labels create bug --color "#d9534f" -p my-group/my-project',
    '<%= config.bin %> labels create triage --color orange -g my-group --description "Needs a look"',
    '<%= config.bin %> labels create bug --color red -p 42 --if-not-exists --quiet',
  ]
  static args = {name: Args.string({description: 'label name', required: true})}
  static flags = {
    ...projectOrGroupFlags,
    color: colorFlag({required: true}),
    description: Flags.string({description: 'label description'}),
    priority: nullableIntegerFlag(0)({description: 'project only: priority, 0 or more (null for none)'}),
    archived: Flags.boolean({description: 'create it archived (labels_archive feature)', allowNo: true}),
    'if-not-exists': Flags.boolean({description: 'succeed and show the existing label when one with this name exists'}),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'projects', this.flags, ['priority'])
    try {
      await this.print(await createLabel(this.api, scope, {name: this.args.name, ...apiInput(this.flags, ['color', 'description', 'priority', 'archived']), color: this.flags.color}))
    } catch (error) {
      // The platform answers 409 "Label already exists" for a taken name.
      if (!(this.flags['if-not-exists'] && error instanceof ApiError && error.status === 409)) throw error
      this.note(`Label "${this.args.name}" already exists.`)
      await this.print(await getLabel(this.api, scope, this.args.name, {include_ancestor_groups: false}))
    }
  }
}
