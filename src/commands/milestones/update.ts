import * as Flags from '@oclif/core/flags'
import {STATE_EVENTS, checkDateOrder, updateMilestone, type StateEvent} from '../../api/milestones.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {dateFlag, idArg, requiredGroupFlag, textFrom, textOrFileFlags} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class MilestonesUpdate extends ApiCommand<typeof MilestonesUpdate> {
  static summary = 'Change a milestone of a group'
  static description = 'PUT /groups/:id/milestones/:milestone_id (Reporter role at least). Needs at least one change. --state-event close|activate does what `milestones close` and `milestones activate` do.'
  static examples = [
    '<%= config.bin %> milestones update 302 -g my-group --due-date 2026-07-15',
    '<%= config.bin %> milestones update 302 -g 10 --title "Release 1.1.1" --state-event activate --json',
  ]
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {
    ...requiredGroupFlag,
    title: Flags.string({description: 'new title'}),
    ...textOrFileFlags('description', 'new description'),
    'due-date': dateFlag({description: 'new due date'}),
    'start-date': dateFlag({description: 'new start date'}),
    'state-event': Flags.string({description: 'close or activate the milestone', options: [...STATE_EVENTS]}),
  }

  async run(): Promise<void> {
    atLeastOne(this.flags, ['title', 'description', 'description-file', 'due-date', 'start-date', 'state-event'])
    checkDateOrder(this.flags)
    const changes = {
      ...apiInput(this.flags, ['title', 'due-date', 'start-date']),
      description: await textFrom(this.flags, 'description'), state_event: this.flags['state-event'] as StateEvent | undefined,
    }
    await this.print(await updateMilestone(this.api, this.flags.group, this.args.id, changes))
  }
}
