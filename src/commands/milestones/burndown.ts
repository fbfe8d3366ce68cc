import {BURNDOWN_COLUMNS, listBurndownEvents} from '../../api/milestones.js'
import {MilestoneCommand, milestoneListFlags} from '../../topics/milestones.js'

export default class MilestonesBurndown extends MilestoneCommand<typeof MilestonesBurndown> {
  static summary = 'List the burndown chart events of a group or project milestone'
  static description =
    'GET /groups/:id/milestones/:milestone_id/burndown_events or /projects/:id/milestones/:milestone_id/burndown_events (Premium and Ultimate). Each event has created_at, weight and action (created, closed, reopened).'
  static examples = ['<%= config.bin %> milestones burndown 302 -g my-group', '<%= config.bin %> milestones burndown 417 -p my-group/my-project --all -o csv']
  static flags = milestoneListFlags
  static columns = BURNDOWN_COLUMNS

  async run(): Promise<void> {
    await this.printListOf(listBurndownEvents)
  }
}
