import {accountIdArg, accountFieldFlags, optionalAccountGroupFlag, updateServiceAccount} from '../../api/service-accounts.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {atLeastOne} from '../../core/validate.js'
import {info} from '../../core/notes.js'

export default class ServiceAccountsUpdate extends ApiCommand<typeof ServiceAccountsUpdate> {
  static summary = 'Change the name, username or e-mail of a service account'
  static description = 'Without -g: PATCH /service_accounts/:id (administrator). With -g: PATCH /groups/:id/service_accounts/:user_id (Owner of the top-level group). A custom e-mail waits for confirmation (the record then shows it as unconfirmed_email), unless it belongs to a domain the group has verified.'
  static examples = [
    '<%= config.bin %> service-accounts update 57 --name "Release bot (old)"',
    '<%= config.bin %> service-accounts update 58 -g my-group --email deploy@my-group.example.com',
  ]
  static args = {user_id: accountIdArg()}
  static flags = {...optionalAccountGroupFlag, ...accountFieldFlags}

  async run(): Promise<void> {
    atLeastOne(this.flags, ['name', 'username', 'email'])
    const account = await updateServiceAccount(this.api, this.flags.group, this.args.user_id, apiInput(this.flags, ['name', 'username', 'email']))
    if (account.unconfirmed_email) this.note(info(`The e-mail address ${account.unconfirmed_email} waits for confirmation; until then the account keeps ${account.email ?? 'its current address'}`))
    await this.print(account)
  }
}
