import {changeMilestoneState, stateChangeMessage} from '../../api/milestones.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredGroupFlag} from '../../core/flags.js'

export default class MilestonesClose extends ApiCommand<typeof MilestonesClose> {
  static summary = 'Close a milestone'
  static description = 'PUT /groups/:id/milestones/:milestone_id with state_event=close (Reporter role at least): an active milestone becomes closed. Reports the resulting state on stderr; closing a milestone that is already closed changes nothing (the server keeps it closed) and says so.'
  static examples = [
    '<%= config.bin %> milestones close 302 -g my-group',
    '<%= config.bin %> milestones close 302 -g 10 --json',
  ]
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag}

  async run(): Promise<void> {
    // a dry run shows the PUT alone, without the read that tells whether anything changes
    const change = await changeMilestoneState(this.api, this.flags.group, this.args.id, 'close', !this.flags['dry-run'])
    this.note(stateChangeMessage(change))
    await this.print(change.milestone)
  }
}
