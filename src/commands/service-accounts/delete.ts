import {ACCOUNT, ACCOUNT_GROUP, deleteServiceAccount, SERVICE_ACCOUNT_DELETION} from '../../api/service-accounts.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class ServiceAccountsDelete extends ApiCommand<typeof ServiceAccountsDelete> {
  static summary = 'Delete a service account of a top-level group'
  static description =
    'DELETE /groups/:id/service_accounts/:user_id (Owner of the top-level group). Its contributions move to a system-wide placeholder user; with --hard-delete they are deleted instead, with the groups the account alone owns. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> service-accounts delete 58 -g my-group', '<%= config.bin %> service-accounts delete 58 -g 42 --hard-delete --yes']
  static args = argsOf(ACCOUNT)
  static flags = {...flagsOf(ACCOUNT_GROUP), ...yesFlag, ...flagsOf(SERVICE_ACCOUNT_DELETION)}

  async run(): Promise<void> {
    const {id: group, user_id: account, ...options} = await this.read({...ACCOUNT_GROUP, ...ACCOUNT, ...SERVICE_ACCOUNT_DELETION})
    const hard = options.hard_delete ? ' and its contributions' : ''
    await this.confirm(`delete service account ${account}${hard} of group ${group}`)
    await deleteServiceAccount(this.api, group, account, options)
    this.note(done('Deleted', thing('service account', account)))
  }
}
