import {LABEL, promoteLabel} from '../../api/labels.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {ownLabel} from '../../topics/labels.js'

export default class LabelsPromote extends ApiCommand<typeof LabelsPromote> {
  static summary = 'Promote a project label to a group label'
  static description =
    "PUT /projects/:id/labels/:label_id/promote. The label becomes a label of the project's group, with a new ID; every label of the same name of that group and of the group's other projects (not its subgroups') is merged into it: their issues, merge requests and subscriptions move to it, each project keeps the priority its label had (now on the group label), and they are deleted. There is no way back: the API cannot turn a group label into a project label. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> labels promote bug -p my-group/my-project', '<%= config.bin %> labels promote 42 -p 7 --yes --json']
  static args = argsOf(LABEL)
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {label} = await this.read(LABEL)
    const project = thing('project', this.flags.project)
    // app/services/labels/promote_service.rb merges the same-named labels of the group's projects: say so before
    await this.confirm(
      `promote ${thing('label', label, project)} to a label of its group, merging into it every label of that name of the group and of its other projects, which are deleted; their issues, merge requests, subscriptions and each project's priority move to it (this cannot be undone)`,
    )
    const scope = {kind: 'projects', id: this.flags.project} as const
    const promoted = await ownLabel(this.api, scope, label, () => promoteLabel(this.api, this.flags.project, label))
    this.note(
      done(
        'Promoted',
        thing('label', label, project),
        `it is now a label of the project's group (ID ${promoted.id}), and any label of that name of the group's projects was merged into it, each project keeping its priority`,
      ),
    )
    await this.print(promoted)
  }
}
