import {changeMilestoneState, stateChangeMessage} from '../../api/milestones.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredGroupFlag} from '../../core/flags.js'

export default class MilestonesActivate extends ApiCommand<typeof MilestonesActivate> {
  static summary = 'Reopen a closed milestone'
  static description = 'PUT /groups/:id/milestones/:milestone_id with state_event=activate (Reporter role at least): a closed milestone becomes active again. Reports the resulting state on stderr; activating a milestone that is already active changes nothing and says so.'
  static examples = [
    '<%= config.bin %> milestones activate 302 -g my-group',
    '<%= config.bin %> milestones activate 302 -g 10 --json',
  ]
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag}

  async run(): Promise<void> {
    // a dry run shows the PUT alone, without the read that tells whether anything changes
    const change = await changeMilestoneState(this.api, this.flags.group, this.args.id, 'activate', !this.flags['dry-run'])
    this.note(stateChangeMessage(change))
    await this.print(change.milestone)
  }
}
