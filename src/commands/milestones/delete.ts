import {deleteMilestone} from '../../api/milestones.js'
import {done, thing} from '../../core/base/notes.js'
import {projectOrGroupFlags, yesFlag} from '../../core/input/flags.js'
import {scopeThing} from '../../core/input/scope.js'
import {MilestoneCommand} from '../../topics/milestones.js'

export default class MilestonesDelete extends MilestoneCommand<typeof MilestonesDelete> {
  static summary = 'Delete a milestone of a group or project'
  static description =
    'DELETE /groups/:id/milestones/:milestone_id or /projects/:id/milestones/:milestone_id (Developer role at least; a Reporter gets 403, exit 5). Issues and merge requests of the milestone lose it. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> milestones delete 302 -g my-group', '<%= config.bin %> milestones delete 417 -p my-group/my-project --yes']
  static flags = {...projectOrGroupFlags, ...yesFlag}

  async run(): Promise<void> {
    const {scope, id} = this.milestone
    await this.confirm(`delete milestone ${id} of ${scope.kind === 'projects' ? 'project' : 'group'} ${scope.id}`)
    await deleteMilestone(this.api, scope, id)
    this.note(done('Deleted', thing('milestone', id, scopeThing(scope))))
  }
}
