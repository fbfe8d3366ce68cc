import {ENTERPRISE_GROUP, ENTERPRISE_USER, ENTERPRISE_USER_CHANGES, updateEnterpriseUser} from '../../api/enterprise-users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {someChange} from '../../core/input/input.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersUpdate extends ApiCommand<typeof EnterpriseUsersUpdate> {
  static summary = 'Change the name or e-mail of an enterprise user'
  static description =
    'PATCH /groups/:id/enterprise_users/:user_id (Owner of the top-level group). Needs --name or --email. The e-mail must belong to a domain the group has verified; the server refuses others (exit 6).'
  static examples = ['<%= config.bin %> enterprise-users update 1042 -g acme --name "Jane Smith"', '<%= config.bin %> enterprise-users update 1042 -g 10 --email jane.smith@acme.example.com --json']
  static args = argsOf(ENTERPRISE_USER)
  static flags = {
    ...flagsOf(ENTERPRISE_GROUP),
    ...flagsOf(ENTERPRISE_USER_CHANGES),
  }

  async run(): Promise<void> {
    const {group, user_id: user} = await this.read({...ENTERPRISE_GROUP, ...ENTERPRISE_USER})
    const changes = await this.read(ENTERPRISE_USER_CHANGES)
    someChange(ENTERPRISE_USER_CHANGES, changes)
    await this.print(await updateEnterpriseUser(this.api, group, user, changes))
  }
}
