import {listMilestoneMergeRequests, WORK_ITEM_COLUMNS} from '../../api/milestones.js'
import {MilestoneCommand, milestoneListFlags} from '../../topics/milestones.js'

export default class MilestonesMergeRequests extends MilestoneCommand<typeof MilestonesMergeRequests> {
  static summary = 'List the merge requests of a group or project milestone'
  static description =
    'GET /groups/:id/milestones/:milestone_id/merge_requests or /projects/:id/milestones/:milestone_id/merge_requests. Anyone who can see the group or project; merge requests of projects you cannot see are left out.'
  static examples = ['<%= config.bin %> milestones merge-requests 302 -g my-group', '<%= config.bin %> milestones merge-requests 417 -p my-group/my-project --columns iid,title,state,web_url']
  static flags = milestoneListFlags
  static columns = WORK_ITEM_COLUMNS

  async run(): Promise<void> {
    await this.printListOf(listMilestoneMergeRequests)
  }
}
