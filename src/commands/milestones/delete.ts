import {deleteMilestone} from '../../api/milestones.js'
import {requiredGroupFlag, yesFlag} from '../../core/input/flags.js'
import {done, thing} from '../../core/output/notes.js'
import {MilestoneCommand} from '../../topics/milestones.js'

export default class MilestonesDelete extends MilestoneCommand<typeof MilestonesDelete> {
  static summary = 'Delete a milestone of a group'
  static description =
    'DELETE /groups/:id/milestones/:milestone_id (Developer role at least; a Reporter gets 403, exit 5). Issues and merge requests of the milestone lose it. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> milestones delete 302 -g my-group', '<%= config.bin %> milestones delete 302 -g 10 --yes']
  static flags = {...requiredGroupFlag, ...yesFlag}

  async run(): Promise<void> {
    const {group, id} = this.milestone
    await this.confirm(`delete milestone ${id} of group ${group}`)
    await deleteMilestone(this.api, group, id)
    this.note(done('Deleted', thing('milestone', id, thing('group', group))))
  }
}
