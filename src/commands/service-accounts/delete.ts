import * as Flags from '@oclif/core/flags'
import {accountIdArg, deleteServiceAccount, requiredAccountGroupFlag} from '../../api/service-accounts.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class ServiceAccountsDelete extends ApiCommand<typeof ServiceAccountsDelete> {
  static summary = 'Delete a service account of a top-level group'
  static description = 'DELETE /groups/:id/service_accounts/:user_id (Owner of the top-level group). Its contributions move to a system-wide placeholder user; with --hard-delete they are deleted instead, with the groups the account alone owns. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> service-accounts delete 58 -g my-group',
    '<%= config.bin %> service-accounts delete 58 -g 42 --hard-delete --yes',
  ]
  static args = {user_id: accountIdArg()}
  static flags = {
    ...requiredAccountGroupFlag,
    ...yesFlag,
    'hard-delete': Flags.boolean({description: 'also delete its contributions and the groups it alone owns', allowNo: true}),
  }

  async run(): Promise<void> {
    const hard = this.flags['hard-delete'] ? ' and its contributions' : ''
    await this.confirm(`delete service account ${this.args.user_id}${hard} of group ${this.flags.group}`)
    await deleteServiceAccount(this.api, this.flags.group, this.args.user_id, apiInput(this.flags, ['hard-delete']))
    this.note(done('Deleted', thing('service account', this.args.user_id)))
  }
}
