import {getMilestone} from '../../api/milestones.js'
import {MilestoneCommand} from '../../topics/milestones.js'

export default class MilestonesGet extends MilestoneCommand<typeof MilestonesGet> {
  static summary = 'Show one milestone of a group'
  static description = "GET /groups/:id/milestones/:milestone_id. ID is the milestone's ID (not its IID). Anyone who can see the group."
  static examples = ['<%= config.bin %> milestones get 302 -g my-group', '<%= config.bin %> milestones get 302 -g 10 --json']

  async run(): Promise<void> {
    const {group, id} = this.milestone
    await this.print(await getMilestone(this.api, group, id))
  }
}
