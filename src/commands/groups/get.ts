import {GROUP_COLUMNS, GROUP_FIELDS, GROUP_HANDLE, GROUP_REF, getGroup} from '../../api/groups.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class GroupsGet extends ApiCommand<typeof GroupsGet> {
  static summary = 'Show a group by ID or full path'
  static description = 'GET /groups/:id. A group the caller may not see is not found (exit 3), as the platform answers.'
  static fields = GROUP_FIELDS
  static columns = GROUP_COLUMNS
  static handle = GROUP_HANDLE
  static examples = ['<%= config.bin %> groups get my-group/subgroup', '<%= config.bin %> groups get 10 --json']
  static args = argsOf(GROUP_REF)

  async run(): Promise<void> {
    const {group} = await this.read(GROUP_REF)
    await this.print(await getGroup(this.api, group))
  }
}
