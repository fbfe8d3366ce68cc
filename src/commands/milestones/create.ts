import {checkDateOrder, createMilestone, NEW_MILESTONE} from '../../api/milestones.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class MilestonesCreate extends ApiCommand<typeof MilestonesCreate> {
  static summary = 'Create a milestone in a group or project'
  static description =
    'POST /groups/:id/milestones or /projects/:id/milestones (Reporter role at least). The title must be new among the milestones of the group and of its projects (for a project: of the project and of its group). Dates are YYYY-MM-DD, and the start date may not come after the due date.'
  static examples = [
    '<%= config.bin %> milestones create -g my-group --title "Release 3.0" --start-date 2027-04-01 --due-date 2027-06-30',
    '<%= config.bin %> milestones create -g 10 --title Backlog --description-file backlog.md --json',
    '<%= config.bin %> milestones create -p my-group/my-project --title "Sprint 14" --due-date 2027-02-12',
  ]
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(NEW_MILESTONE),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    const milestone = await this.read(NEW_MILESTONE)
    checkDateOrder(milestone)
    await this.print(await createMilestone(this.api, scope, milestone))
  }
}
