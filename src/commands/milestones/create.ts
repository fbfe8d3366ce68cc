import {checkDateOrder, createMilestone} from '../../api/milestones.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {dateFlag, requiredGroupFlag, textFrom, textOrFileFlags} from '../../core/flags.js'
import * as Flags from '@oclif/core/flags'

export default class MilestonesCreate extends ApiCommand<typeof MilestonesCreate> {
  static summary = 'Create a milestone in a group'
  static description = 'POST /groups/:id/milestones (Reporter role at least). The title must be new in the group. Dates are YYYY-MM-DD, and the start date may not come after the due date.'
  static examples = [
    '<%= config.bin %> milestones create -g my-group --title "Release 3.0" --start-date 2027-04-01 --due-date 2027-06-30',
    '<%= config.bin %> milestones create -g 10 --title Backlog --description-file backlog.md --json',
  ]
  static flags = {
    ...requiredGroupFlag,
    title: Flags.string({description: 'milestone title', required: true}),
    ...textOrFileFlags('description', 'milestone description'),
    'due-date': dateFlag({description: 'due date'}),
    'start-date': dateFlag({description: 'start date'}),
  }

  async run(): Promise<void> {
    checkDateOrder(this.flags)
    const description = await textFrom(this.flags, 'description')
    const milestone = {title: this.flags.title, description, ...apiInput(this.flags, ['due-date', 'start-date'])}
    await this.print(await createMilestone(this.api, this.flags.group, milestone))
  }
}
