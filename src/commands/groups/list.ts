import {GROUP_COLUMNS, GROUP_FIELDS, GROUP_FILTERS, GROUP_HANDLE, listGroups} from '../../api/groups.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class GroupsList extends ApiCommand<typeof GroupsList> {
  static summary = 'List the groups you can see'
  static description =
    'GET /groups: every group the caller may see (public ones, internal ones when signed in, private ones as a member; all of them as an administrator), subgroups included, by name. -q prints each full path, as -g takes it.'
  static fields = GROUP_FIELDS
  static columns = GROUP_COLUMNS
  static handle = GROUP_HANDLE
  static examples = ['<%= config.bin %> groups list --search platform', '<%= config.bin %> groups list --top-level-only --all -q']
  static flags = {...listFlags, ...flagsOf(GROUP_FILTERS)}

  async run(): Promise<void> {
    await this.printList(listGroups(await this.read(GROUP_FILTERS)))
  }
}
