import {BURNDOWN_COLUMNS, listBurndownEvents} from '../../api/milestones.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, listFlags, requiredGroupFlag} from '../../core/flags.js'

export default class MilestonesBurndown extends ApiCommand<typeof MilestonesBurndown> {
  static summary = 'List the burndown chart events of a group milestone'
  static description = 'GET /groups/:id/milestones/:milestone_id/burndown_events (Premium and Ultimate). Each event has created_at, weight and action (created, closed, reopened).'
  static examples = [
    '<%= config.bin %> milestones burndown 302 -g my-group',
    '<%= config.bin %> milestones burndown 302 -g 10 --all -o csv',
  ]
  static columns = BURNDOWN_COLUMNS
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listBurndownEvents(this.flags.group, this.args.id))
  }
}
