import * as Flags from '@oclif/core/flags'
import {MILESTONE_COLUMNS, MILESTONE_STATES, checkWindow, listMilestones, milestoneIids, type MilestoneState} from '../../api/milestones.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {dateTimeFlag, listFlag, listFlags, requiredGroupFlag} from '../../core/flags.js'
import {together} from '../../core/validate.js'
import {warning} from '../../core/notes.js'
import {MILESTONE_FIELDS} from '../../api/milestones.js'

export default class MilestonesList extends ApiCommand<typeof MilestonesList> {
  static summary = 'List the milestones of a group'
  static description = 'GET /groups/:id/milestones. Anyone who can see the group. --search looks in titles and descriptions; --search-title in titles only, and all its words must match. --start-date and --end-date go together and pick milestones that overlap that window.'
  static fields = MILESTONE_FIELDS
  static examples = [
    '<%= config.bin %> milestones list -g my-group --state active',
    '<%= config.bin %> milestones list -g my-group --search-title "release 2" --include-descendants --json',
    '<%= config.bin %> milestones list -g 10 --containing-date 2027-02-15',
    '<%= config.bin %> milestones list -g 10 --start-date 2027-01-01 --end-date 2027-03-31 --all',
  ]
  static columns = MILESTONE_COLUMNS
  static flags = {
    ...requiredGroupFlag,
    ...listFlags,
    iids: listFlag({description: 'only these milestone IIDs (repeatable or comma list; ignored with --include-ancestors)'}),
    state: Flags.string({description: 'only active or closed milestones', options: [...MILESTONE_STATES]}),
    title: Flags.string({description: 'only the milestone with exactly this title (case-sensitive)'}),
    search: Flags.string({description: 'text to find in titles or descriptions (case-insensitive)'}),
    'search-title': Flags.string({description: 'words to find in titles, all of them (separated by spaces or +)'}),
    'include-parent-milestones': Flags.boolean({description: 'deprecated: use --include-ancestors', allowNo: true}),
    'include-ancestors': Flags.boolean({description: 'include milestones of ancestor groups', allowNo: true}),
    'include-descendants': Flags.boolean({description: 'include milestones of descendant groups (release 16.7)', allowNo: true}),
    'updated-before': dateTimeFlag({description: 'only milestones updated before this time'}),
    'updated-after': dateTimeFlag({description: 'only milestones updated after this time'}),
    'containing-date': dateTimeFlag({description: 'only milestones whose start date <= this <= due date'}),
    'start-date': dateTimeFlag({description: 'start of a window (with --end-date): milestones due on or after it'}),
    'end-date': dateTimeFlag({description: 'end of a window (with --start-date): milestones starting on or before it'}),
  }

  async run(): Promise<void> {
    const {flags} = this
    together(flags, ['start-date', 'end-date'])
    checkWindow(flags)
    const iids = milestoneIids(flags.iids)
    if (iids && (flags['include-ancestors'] || flags['include-parent-milestones'])) this.note(warning('the server ignores --iids together with --include-ancestors'))
    if (flags['include-parent-milestones'] !== undefined) this.note(warning('--include-parent-milestones is deprecated; use --include-ancestors'))
    await this.printList(listMilestones(flags.group, {
      iids, state: flags.state as MilestoneState | undefined,
      ...apiInput(flags, ['title', 'search', 'search-title', 'include-parent-milestones', 'include-ancestors', 'include-descendants',
        'updated-before', 'updated-after', 'containing-date', 'start-date', 'end-date']),
    }))
  }
}
