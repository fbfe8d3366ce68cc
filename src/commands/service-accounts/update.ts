import {ACCOUNT, ACCOUNT_SCOPE, SERVICE_ACCOUNT_INPUTS, updateServiceAccount} from '../../api/service-accounts.js'
import {info} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {someChange} from '../../core/input/input.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class ServiceAccountsUpdate extends ApiCommand<typeof ServiceAccountsUpdate> {
  static summary = 'Change the name, username or e-mail of a service account'
  static description =
    'Without -g: PATCH /service_accounts/:id (administrator). With -g: PATCH /groups/:id/service_accounts/:user_id (Owner of the top-level group). A custom e-mail waits for confirmation (the record then shows it as unconfirmed_email), unless it belongs to a domain the group has verified.'
  static examples = ['<%= config.bin %> service-accounts update 57 --name "Release bot (old)"', '<%= config.bin %> service-accounts update 58 -g my-group --email deploy@my-group.example.com']
  static args = argsOf(ACCOUNT)
  static flags = {...flagsOf(ACCOUNT_SCOPE), ...flagsOf(SERVICE_ACCOUNT_INPUTS)}

  async run(): Promise<void> {
    const {id: group, user_id: account, ...fields} = await this.read({...ACCOUNT_SCOPE, ...ACCOUNT, ...SERVICE_ACCOUNT_INPUTS})
    someChange(SERVICE_ACCOUNT_INPUTS, fields)
    const updated = await updateServiceAccount(this.api, group, account, fields)
    if (updated.unconfirmed_email) this.note(info(`The e-mail address ${updated.unconfirmed_email} waits for confirmation; until then the account keeps ${updated.email ?? 'its current address'}`))
    await this.print(updated)
  }
}
