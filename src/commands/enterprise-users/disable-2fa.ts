import {disableTwoFactor, ENTERPRISE_GROUP, ENTERPRISE_USER} from '../../api/enterprise-users.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class EnterpriseUsersDisable2fa extends ApiCommand<typeof EnterpriseUsersDisable2fa> {
  static summary = 'Disable two-factor authentication of an enterprise user'
  static description =
    'PATCH /groups/:id/enterprise_users/:user_id/disable_two_factor (Owner of the top-level group). Refused when the user has not enabled it (400, exit 6). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> enterprise-users disable-2fa 1042 -g acme', '<%= config.bin %> enterprise-users disable-2fa 1042 -g 10 --yes']
  static args = argsOf(ENTERPRISE_USER)
  static flags = {...flagsOf(ENTERPRISE_GROUP), ...yesFlag}

  async run(): Promise<void> {
    const {group, user_id: user} = await this.read({...ENTERPRISE_GROUP, ...ENTERPRISE_USER})
    await this.confirm(`disable two-factor authentication of enterprise user ${user} of group ${group}`)
    await disableTwoFactor(this.api, group, user)
    this.note(done('Disabled', `two-factor authentication of ${thing('enterprise user', user)}`))
  }
}
