import * as Flags from '@oclif/core/flags'
import {emailFlag, topLevelGroupFlag, updateEnterpriseUser} from '../../api/enterprise-users.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class EnterpriseUsersUpdate extends ApiCommand<typeof EnterpriseUsersUpdate> {
  static summary = 'Change the name or e-mail of an enterprise user'
  static description = 'PATCH /groups/:id/enterprise_users/:user_id (Owner of the top-level group). Needs --name or --email. The e-mail must belong to a domain the group has verified; the server refuses others (exit 6).'
  static examples = [
    '<%= config.bin %> enterprise-users update 1042 -g acme --name "Jane Smith"',
    '<%= config.bin %> enterprise-users update 1042 -g 10 --email jane.smith@acme.example.com --json',
  ]
  static args = {user_id: idArg('USER_ID', 'user ID')}
  static flags = {
    ...topLevelGroupFlag,
    name: Flags.string({description: 'new name'}),
    email: emailFlag({description: 'new e-mail address, on a verified domain of the group'}),
  }

  async run(): Promise<void> {
    atLeastOne(this.flags, ['name', 'email'])
    await this.print(await updateEnterpriseUser(this.api, this.flags.group, this.args.user_id, apiInput(this.flags, ['name', 'email'])))
  }
}
