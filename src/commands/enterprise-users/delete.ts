import * as Flags from '@oclif/core/flags'
import {deleteEnterpriseUser, topLevelGroupFlag} from '../../api/enterprise-users.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class EnterpriseUsersDelete extends ApiCommand<typeof EnterpriseUsersDelete> {
  static summary = 'Delete an enterprise user'
  static description = 'DELETE /groups/:id/enterprise_users/:user_id (Owner of the top-level group). By default the user\'s contributions move to a system-wide placeholder user; --hard-delete deletes the user, their contributions and the groups they alone own. A user who is the sole Owner of a group is refused without --hard-delete (409, exit 6). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> enterprise-users delete 1042 -g acme',
    '<%= config.bin %> enterprise-users delete 1042 -g 10 --hard-delete --yes',
  ]
  static args = {user_id: idArg('USER_ID', 'user ID')}
  static flags = {
    ...topLevelGroupFlag,
    ...yesFlag,
    'hard-delete': Flags.boolean({description: 'also delete the contributions and the groups owned solely by the user (API default: no)', allowNo: true}),
  }

  async run(): Promise<void> {
    const hard = this.flags['hard-delete'] === true
    await this.confirm(`${hard ? 'hard-delete' : 'delete'} enterprise user ${this.args.user_id} of group ${this.flags.group}${hard ? ' with their contributions and solely owned groups' : ''}`)
    await deleteEnterpriseUser(this.api, this.flags.group, this.args.user_id, apiInput(this.flags, ['hard-delete']))
    this.note(done('Deleted', thing('enterprise user', this.args.user_id)))
  }
}
