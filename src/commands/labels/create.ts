import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {createLabel, getLabel, labelFromRecord} from '../../api/labels.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {runBulk} from '../../core/bulk.js'
import {colorFlag} from '../../core/color.js'
import {ApiError} from '../../core/errors.js'
import {nullableIntegerFlag, projectOrGroupFlags} from '../../core/flags.js'
import {checkRecords, readRecords} from '../../core/records-file.js'
import {onlyFor, scopeOf} from '../../core/scope.js'
import {thing, unchanged} from '../../core/notes.js'

export default class LabelsCreate extends ApiCommand<typeof LabelsCreate> {
  static summary = 'Create a label in a project or a group'
  static description = 'POST /projects/:id/labels or /groups/:id/labels (Developer role at least). With --if-not-exists an existing label of that name is shown instead of failing, so scripts can run it again. With --from-file, creates every label of a JSON, YAML or CSV file (fields name, color, description, priority, archived), several at a time, and reports each.'
  static examples = [
    '<%= config.bin %> labels create bug --color "#d9534f" -p my-group/my-project',
    '<%= config.bin %> labels create triage --color orange -g my-group --description "Needs a look"',
    '<%= config.bin %> labels create bug --color red -p 42 --if-not-exists --quiet',
    '<%= config.bin %> labels create --from-file labels.csv -p my-group/my-project',
  ]
  static args = {name: Args.string({description: 'label name (not with --from-file)'})}
  static flags = {
    ...projectOrGroupFlags,
    color: colorFlag({exclusive: ['from-file']}),
    description: Flags.string({description: 'label description'}),
    priority: nullableIntegerFlag(0)({description: 'project only: priority, 0 or more (null for none)'}),
    archived: Flags.boolean({description: 'create it archived (labels_archive feature)', allowNo: true}),
    'if-not-exists': Flags.boolean({description: 'succeed and show the existing label when one with this name exists'}),
    'from-file': Flags.string({description: 'create every label listed in a .json, .yaml or .csv file (- for JSON on stdin)'}),
    concurrency: Flags.integer({description: 'labels created at once with --from-file', default: 8, min: 1, max: 32}),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(scope, 'projects', this.flags, ['priority'])
    if (this.flags['from-file']) {
      const labels = checkRecords(await readRecords(this.flags['from-file']), record => labelFromRecord(record, scope))
      return this.reportBulk(await runBulk(labels, l => l.name, l => createLabel(this.api, scope, l), this.flags.concurrency))
    }
    const name = await this.need(this.args.name, 'NAME')
    const color = await this.need(this.flags.color, '--color')
    try {
      await this.print(await createLabel(this.api, scope, {name, color, ...apiInput(this.flags, ['description', 'priority', 'archived'])}))
    } catch (error) {
      // The platform answers 409 "Label already exists" for a taken name.
      if (!(this.flags['if-not-exists'] && error instanceof ApiError && error.status === 409)) throw error
      this.note(unchanged(`${thing('label', name)} already exists`))
      await this.print(await getLabel(this.api, scope, name, {include_ancestor_groups: false}))
    }
  }
}
