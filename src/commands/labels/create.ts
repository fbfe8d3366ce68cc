import * as Flags from '@oclif/core/flags'
import {createLabel, getLabel, NEW_LABEL, type NewLabel} from '../../api/labels.js'
import {thing, unchanged} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {fanOut} from '../../core/command/fan-out.js'
import {fromFileFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {readInputRecords} from '../../core/input/records-file.js'
import {onlyFor, scopeOf} from '../../core/input/scope.js'
import {createOrExisting, Existing} from '../../core/lists/if-not-exists.js'

export default class LabelsCreate extends ApiCommand<typeof LabelsCreate> {
  static summary = 'Create a label in a project or a group'
  static description =
    'POST /projects/:id/labels or /groups/:id/labels (Developer role at least). With --if-not-exists an existing label of that name is shown instead of failing, so scripts can run it again. With --from-file, creates every label of a JSON, YAML or CSV file (fields name, color, description, priority, archived): every record is checked before anything is sent, then several are created at a time and each is reported as created, already there (with --if-not-exists) or failed.'
  static examples = [
    '<%= config.bin %> labels create bug --color "#d9534f" -p my-group/my-project',
    '<%= config.bin %> labels create triage --color orange -g my-group --description "Needs a look"',
    '<%= config.bin %> labels create bug --color red -p 42 --if-not-exists --quiet',
    '<%= config.bin %> labels create --from-file labels.csv -p my-group/my-project --if-not-exists',
  ]
  static args = argsOf(NEW_LABEL, {optional: true})
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(NEW_LABEL, {exclusive: ['from-file']}),
    'if-not-exists': Flags.boolean({description: 'succeed and show the existing label when one with this name exists'}),
    ...fromFileFlags('label'),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'projects', this.flags, ['priority'])
    // The platform answers 409 "Label already exists" for a taken name.
    const create = (label: NewLabel) =>
      this.flags['if-not-exists']
        ? createOrExisting(
            () => createLabel(this.api, scope, label),
            409,
            () => getLabel(this.api, scope, label.name, {include_ancestor_groups: false}),
          )
        : createLabel(this.api, scope, label)
    if (this.flags['from-file']) {
      const labels = await readInputRecords(this.flags['from-file'], NEW_LABEL, this.io, label =>
        scope.kind === 'groups' && label.priority !== undefined ? 'priority: applies to project labels only' : undefined,
      )
      return fanOut(this.commandContext, {items: labels, name: l => l.name, work: create, done: 'created'})
    }
    const label = await this.read(NEW_LABEL)
    const result = await create(label)
    if (result instanceof Existing) this.note(unchanged(`${thing('label', label.name)} already exists`))
    await this.print(result instanceof Existing ? result.record : result)
  }
}
