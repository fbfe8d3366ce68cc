import {ENTERPRISE_GROUP, ENTERPRISE_USER, getEnterpriseUser} from '../../api/enterprise-users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersGet extends ApiCommand<typeof EnterpriseUsersGet> {
  static summary = 'Show one enterprise user of a top-level group'
  static description =
    "GET /groups/:id/enterprise_users/:user_id (Owner of the top-level group). A user who is not an enterprise user of that group is not found (exit 3). USER_ID may be a username, as in every enterprise-users command: it is looked up among the group's enterprise users (GET /groups/:id/enterprise_users?username=) for its ID."
  static examples = ['<%= config.bin %> enterprise-users get 1042 -g acme', '<%= config.bin %> enterprise-users get 1042 -g 10 --json', '<%= config.bin %> enterprise-users get jane -g acme']
  static args = argsOf(ENTERPRISE_USER)
  static flags = flagsOf(ENTERPRISE_GROUP)

  async run(): Promise<void> {
    const {group, user_id: user} = await this.read({...ENTERPRISE_GROUP, ...ENTERPRISE_USER})
    await this.print(await getEnterpriseUser(this.api, group, user))
  }
}
