import {ENTERPRISE_GROUP, getEnterpriseUser} from '../../api/enterprise-users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersGet extends ApiCommand<typeof EnterpriseUsersGet> {
  static summary = 'Show one enterprise user of a top-level group'
  static description = 'GET /groups/:id/enterprise_users/:user_id (Owner of the top-level group). A user who is not an enterprise user of that group is not found (exit 3).'
  static examples = ['<%= config.bin %> enterprise-users get 1042 -g acme', '<%= config.bin %> enterprise-users get 1042 -g 10 --json']
  static args = {user_id: idArg('USER_ID', 'user ID')}
  static flags = flagsOf(ENTERPRISE_GROUP)

  async run(): Promise<void> {
    const {group} = await this.read(ENTERPRISE_GROUP)
    await this.print(await getEnterpriseUser(this.api, group, this.args.user_id))
  }
}
