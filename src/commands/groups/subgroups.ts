import {GROUP_COLUMNS, GROUP_FIELDS, GROUP_HANDLE, GROUP_REF, listSubgroups, SUBGROUP_FILTERS} from '../../api/groups.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class GroupsSubgroups extends ApiCommand<typeof GroupsSubgroups> {
  static summary = 'List the direct subgroups of a group'
  static description = 'GET /groups/:id/subgroups: the subgroups one level down that the caller may see, by name. -q prints each full path, as -g takes it.'
  static fields = GROUP_FIELDS
  static columns = GROUP_COLUMNS
  static handle = GROUP_HANDLE
  static examples = ['<%= config.bin %> groups subgroups my-group', '<%= config.bin %> groups subgroups 10 --search design -q']
  static args = argsOf(GROUP_REF)
  static flags = {...listFlags, ...flagsOf(SUBGROUP_FILTERS)}

  async run(): Promise<void> {
    const {group, ...filters} = await this.read({...GROUP_REF, ...SUBGROUP_FILTERS})
    await this.printList(listSubgroups(group, filters))
  }
}
