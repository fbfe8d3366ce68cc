import {ENTERPRISE_GROUP, ENTERPRISE_USER_COLUMNS, ENTERPRISE_USER_FIELDS, ENTERPRISE_USER_FILTERS, listEnterpriseUsers} from '../../api/enterprise-users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersList extends ApiCommand<typeof EnterpriseUsersList> {
  static summary = 'List the enterprise users of a top-level group'
  static description = 'GET /groups/:id/enterprise_users (Owner of the top-level group; the users need not be members). Filters combine.'
  static fields = ENTERPRISE_USER_FIELDS
  static examples = [
    '<%= config.bin %> enterprise-users list -g acme --two-factor disabled --active',
    '<%= config.bin %> enterprise-users list -g 10 --search smith --created-after 2026-01-01T00:00:00Z --all --json',
  ]
  static columns = ENTERPRISE_USER_COLUMNS
  static flags = {
    ...flagsOf(ENTERPRISE_GROUP),
    ...listFlags,
    ...flagsOf(ENTERPRISE_USER_FILTERS),
  }

  async run(): Promise<void> {
    const {group} = await this.read(ENTERPRISE_GROUP)
    await this.printList(listEnterpriseUsers(group, await this.read(ENTERPRISE_USER_FILTERS)))
  }
}
