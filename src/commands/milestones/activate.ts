import {MilestoneStateCommand} from '../../topics/milestones.js'

export default class MilestonesActivate extends MilestoneStateCommand<typeof MilestonesActivate> {
  static summary = 'Reopen a closed milestone'
  static description =
    'PUT /groups/:id/milestones/:milestone_id or /projects/:id/milestones/:milestone_id with state_event=activate (Reporter role at least): a closed milestone becomes active again. Reports the resulting state on stderr; activating a milestone that is already active changes nothing and says so.'
  static examples = ['<%= config.bin %> milestones activate 302 -g my-group', '<%= config.bin %> milestones activate 417 -p my-group/my-project --json']
  protected readonly event = 'activate' as const
}
