import {getMilestone} from '../../api/milestones.js'
import {MilestoneCommand} from '../../topics/milestones.js'

export default class MilestonesGet extends MilestoneCommand<typeof MilestonesGet> {
  static summary = 'Show one milestone of a group or project'
  static description =
    "GET /groups/:id/milestones/:milestone_id or /projects/:id/milestones/:milestone_id. ID is the milestone's ID (not its IID, the number its web page shows: `milestones list` shows both). Anyone who can see the group or project."
  static examples = ['<%= config.bin %> milestones get 302 -g my-group', '<%= config.bin %> milestones get 417 -p my-group/my-project --json']

  async run(): Promise<void> {
    const {scope, id} = this.milestone
    await this.print(await getMilestone(this.api, scope, id))
  }
}
