import {deleteEnterpriseUser, ENTERPRISE_GROUP, ENTERPRISE_USER, ENTERPRISE_USER_DELETION} from '../../api/enterprise-users.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersDelete extends ApiCommand<typeof EnterpriseUsersDelete> {
  static summary = 'Delete an enterprise user'
  static description =
    "DELETE /groups/:id/enterprise_users/:user_id (Owner of the top-level group). By default the user's contributions move to a system-wide placeholder user; --hard-delete deletes the user, their contributions and the groups they alone own. A user who is the sole Owner of a group is refused without --hard-delete (409, exit 6). Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> enterprise-users delete 1042 -g acme', '<%= config.bin %> enterprise-users delete 1042 -g 10 --hard-delete --yes']
  static args = argsOf(ENTERPRISE_USER)
  static flags = {
    ...flagsOf(ENTERPRISE_GROUP),
    ...yesFlag,
    ...flagsOf(ENTERPRISE_USER_DELETION),
  }

  async run(): Promise<void> {
    const {group, user_id: user} = await this.read({...ENTERPRISE_GROUP, ...ENTERPRISE_USER})
    const options = await this.read(ENTERPRISE_USER_DELETION)
    const hard = options.hard_delete === true
    await this.confirm(`${hard ? 'hard-delete' : 'delete'} enterprise user ${user} of group ${group}${hard ? ' with their contributions and solely owned groups' : ''}`)
    await deleteEnterpriseUser(this.api, group, user, options)
    this.note(done('Deleted', thing('enterprise user', user)))
  }
}
