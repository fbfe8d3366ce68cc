import {ACCOUNT_SCOPE, createServiceAccount, SERVICE_ACCOUNT_INPUTS} from '../../api/service-accounts.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ServiceAccountsCreate extends ApiCommand<typeof ServiceAccountsCreate> {
  static summary = 'Create an instance service account, or one of a top-level group'
  static description =
    'Without -g: POST /service_accounts (administrator). With -g: POST /groups/:id/service_accounts (Owner of the top-level group). Every field is optional: the name defaults to "Service account user", the username is generated (prefixed service_account_, or service_account_group_ in a group) and so is a no-reply e-mail address. The server answers 400 when the e-mail address is used by another user.'
  static examples = [
    '<%= config.bin %> service-accounts create --name "Release bot"',
    '<%= config.bin %> service-accounts create -g my-group --username deploy-bot --email deploy-bot@my-group.example.com',
  ]
  static flags = {...flagsOf(ACCOUNT_SCOPE), ...flagsOf(SERVICE_ACCOUNT_INPUTS)}

  async run(): Promise<void> {
    const {id: group, ...fields} = await this.read({...ACCOUNT_SCOPE, ...SERVICE_ACCOUNT_INPUTS})
    await this.print(await createServiceAccount(this.api, group, fields))
  }
}
