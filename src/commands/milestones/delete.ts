import {deleteMilestone} from '../../api/milestones.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredGroupFlag, yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class MilestonesDelete extends ApiCommand<typeof MilestonesDelete> {
  static summary = 'Delete a milestone of a group'
  static description = 'DELETE /groups/:id/milestones/:milestone_id (Developer role at least; a Reporter gets 403, exit 5). Issues and merge requests of the milestone lose it. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> milestones delete 302 -g my-group',
    '<%= config.bin %> milestones delete 302 -g 10 --yes',
  ]
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete milestone ${this.args.id} of group ${this.flags.group}`)
    await deleteMilestone(this.api, this.flags.group, this.args.id)
    this.note(done('Deleted', thing('milestone', this.args.id, thing('group', this.flags.group))))
  }
}
