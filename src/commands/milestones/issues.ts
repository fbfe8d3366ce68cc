import {listMilestoneIssues, WORK_ITEM_COLUMNS} from '../../api/milestones.js'
import {MilestoneCommand, milestoneListFlags} from '../../topics/milestones.js'

export default class MilestonesIssues extends MilestoneCommand<typeof MilestonesIssues> {
  static summary = 'List the issues of a group or project milestone'
  static description =
    'GET /groups/:id/milestones/:milestone_id/issues or /projects/:id/milestones/:milestone_id/issues. A group milestone shows only issues of projects directly in the group: the API leaves out those of subgroups.'
  static examples = ['<%= config.bin %> milestones issues 302 -g my-group', '<%= config.bin %> milestones issues 417 -p my-group/my-project --all --json']
  static flags = milestoneListFlags
  static columns = WORK_ITEM_COLUMNS

  async run(): Promise<void> {
    await this.printListOf(listMilestoneIssues)
  }
}
