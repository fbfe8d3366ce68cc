import {checkWindow, listMilestones, MILESTONE_COLUMNS, MILESTONE_FIELDS, MILESTONE_FILTERS} from '../../api/milestones.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredGroupFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {warning} from '../../core/output/notes.js'

export default class MilestonesList extends ApiCommand<typeof MilestonesList> {
  static summary = 'List the milestones of a group'
  static description =
    'GET /groups/:id/milestones. Anyone who can see the group. --search looks in titles and descriptions; --search-title in titles only, and all its words must match. --start-date and --end-date go together and pick milestones that overlap that window.'
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
    ...flagsOf(MILESTONE_FILTERS),
  }

  async run(): Promise<void> {
    const filters = await this.read(MILESTONE_FILTERS)
    checkWindow(filters)
    if (filters.iids && (filters.include_ancestors || filters.include_parent_milestones)) this.note(warning('the server ignores --iids together with --include-ancestors'))
    if (filters.include_parent_milestones !== undefined) this.note(warning('--include-parent-milestones is deprecated; use --include-ancestors'))
    await this.printList(listMilestones(this.flags.group, filters))
  }
}
