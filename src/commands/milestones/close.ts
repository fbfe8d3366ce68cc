import {MilestoneStateCommand} from '../../topics/milestones.js'

export default class MilestonesClose extends MilestoneStateCommand<typeof MilestonesClose> {
  static summary = 'Close a milestone'
  static description =
    'PUT /groups/:id/milestones/:milestone_id or /projects/:id/milestones/:milestone_id with state_event=close (Reporter role at least): an active milestone becomes closed. Reports the resulting state on stderr; closing a milestone that is already closed changes nothing (the server keeps it closed) and says so.'
  static examples = ['<%= config.bin %> milestones close 302 -g my-group', '<%= config.bin %> milestones close 417 -p my-group/my-project --json']
  protected readonly event = 'close' as const
}
