import {getMilestone} from '../../api/milestones.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredGroupFlag} from '../../core/flags.js'

export default class MilestonesGet extends ApiCommand<typeof MilestonesGet> {
  static summary = 'Show one milestone of a group'
  static description = 'GET /groups/:id/milestones/:milestone_id. ID is the milestone\'s ID (not its IID). Anyone who can see the group.'
  static examples = [
    '<%= config.bin %> milestones get 302 -g my-group',
    '<%= config.bin %> milestones get 302 -g 10 --json',
  ]
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag}

  async run(): Promise<void> {
    await this.print(await getMilestone(this.api, this.flags.group, this.args.id))
  }
}
