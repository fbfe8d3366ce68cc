import {checkWindow, GROUP_ONLY_FILTERS, listMilestones, MILESTONE_COLUMNS, MILESTONE_FIELDS, MILESTONE_FILTERS} from '../../api/milestones.js'
import {warning} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor, scopeOf} from '../../core/input/scope.js'

export default class MilestonesList extends ApiCommand<typeof MilestonesList> {
  static summary = 'List the milestones of a group or project'
  static description =
    "GET /groups/:id/milestones or /projects/:id/milestones. Anyone who can see the group or project. Each milestone has an ID (what `milestones get` and the other commands take) and an IID (the number its web page shows). --search looks in titles and descriptions; --search-title in titles only, and all its words must match. --start-date and --end-date go together and pick milestones that overlap that window. --search-title, --include-descendants, --containing-date, --start-date and --end-date are for groups only; a project with --include-ancestors also lists its groups' milestones."
  static fields = MILESTONE_FIELDS
  static examples = [
    '<%= config.bin %> milestones list -g my-group --state active',
    '<%= config.bin %> milestones list -g my-group --search-title "release 2" --include-descendants --json',
    '<%= config.bin %> milestones list -g 10 --containing-date 2027-02-15',
    '<%= config.bin %> milestones list -g 10 --start-date 2027-01-01 --end-date 2027-03-31 --all',
    '<%= config.bin %> milestones list -p my-group/my-project --include-ancestors --state active',
  ]
  static columns = MILESTONE_COLUMNS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    ...flagsOf(MILESTONE_FILTERS),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    onlyFor(
      scope,
      'groups',
      this.flags,
      GROUP_ONLY_FILTERS.map(name => MILESTONE_FILTERS[name].flag),
    )
    const filters = await this.read(MILESTONE_FILTERS)
    checkWindow(filters)
    if (filters.iids && (filters.include_ancestors || filters.include_parent_milestones)) this.note(warning('the server ignores --iids together with --include-ancestors'))
    if (filters.include_parent_milestones !== undefined) this.note(warning('--include-parent-milestones is deprecated; use --include-ancestors'))
    await this.printList(listMilestones(scope, filters))
  }
}
