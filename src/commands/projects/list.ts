import {GROUP_PROJECT_FILTERS, listGroupProjects, listProjects, PROJECT_COLUMNS, PROJECT_FIELDS, PROJECT_FILTERS, PROJECT_HANDLE} from '../../api/projects.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, optionalGroupFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ProjectsList extends ApiCommand<typeof ProjectsList> {
  static summary = 'List the projects you can see, of the instance or of a group'
  static description =
    'Without -g: GET /projects, every project the caller may see (public ones, internal ones when signed in, private ones as a member; all of them as an administrator), newest first. With -g: GET /groups/:id/projects, the projects of that group, and of its subgroups at any depth with --include-subgroups. -q prints each full path, as -p takes it.'
  static fields = PROJECT_FIELDS
  static columns = PROJECT_COLUMNS
  static handle = PROJECT_HANDLE
  static examples = [
    '<%= config.bin %> projects list --search api',
    '<%= config.bin %> projects list -g my-group --include-subgroups --all -q',
    '<%= config.bin %> projects list --membership --order-by path --json',
  ]
  static flags = {...optionalGroupFlag, ...listFlags, ...flagsOf(PROJECT_FILTERS), ...flagsOf(GROUP_PROJECT_FILTERS)}

  async run(): Promise<void> {
    const {group} = this.flags
    const filters = await this.read({...PROJECT_FILTERS, ...GROUP_PROJECT_FILTERS})
    if (group === undefined && filters.include_subgroups !== undefined) throw new UsageError('--include-subgroups applies to the projects of a group: give -g GROUP too')
    await this.printList(group === undefined ? listProjects(filters) : listGroupProjects(group, filters))
  }
}
