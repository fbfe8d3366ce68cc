import {checkDateOrder, MILESTONE_CHANGES, updateMilestone} from '../../api/milestones.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {MilestoneCommand} from '../../topics/milestones.js'

export default class MilestonesUpdate extends MilestoneCommand<typeof MilestonesUpdate> {
  static summary = 'Change a milestone of a group or project'
  static description =
    'PUT /groups/:id/milestones/:milestone_id or /projects/:id/milestones/:milestone_id (Reporter role at least). Needs at least one change. --description "", --due-date "" and --start-date "" remove the description or the date. --state-event close|activate does what `milestones close` and `milestones activate` do.'
  static examples = [
    '<%= config.bin %> milestones update 302 -g my-group --due-date 2026-07-15',
    '<%= config.bin %> milestones update 302 -g 10 --title "Release 1.1.1" --state-event activate --json',
    '<%= config.bin %> milestones update 302 -g my-group --due-date ""',
    '<%= config.bin %> milestones update 417 -p my-group/my-project --start-date 2027-01-04',
  ]
  static flags = {...projectOrGroupFlags, ...flagsOf(MILESTONE_CHANGES)}

  async run(): Promise<void> {
    const changes = await this.read(MILESTONE_CHANGES)
    someChange(MILESTONE_CHANGES, changes)
    checkDateOrder(changes)
    const {scope, id} = this.milestone
    await this.print(await updateMilestone(this.api, scope, id, changes))
  }
}
