import {accountFieldFlags, createServiceAccount, optionalAccountGroupFlag} from '../../api/service-accounts.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'

export default class ServiceAccountsCreate extends ApiCommand<typeof ServiceAccountsCreate> {
  static summary = 'Create an instance service account, or one of a top-level group'
  static description = 'Without -g: POST /service_accounts (administrator). With -g: POST /groups/:id/service_accounts (Owner of the top-level group). Every field is optional: the name defaults to "Service account user", the username is generated (prefixed service_account_, or service_account_group_ in a group) and so is a no-reply e-mail address. The server answers 400 when the e-mail address is used by another user.'
  static examples = [
    '<%= config.bin %> service-accounts create --name "Release bot"',
    '<%= config.bin %> service-accounts create -g my-group --username deploy-bot --email deploy-bot@my-group.example.com',
  ]
  static flags = {...optionalAccountGroupFlag, ...accountFieldFlags}

  async run(): Promise<void> {
    await this.print(await createServiceAccount(this.api, this.flags.group, apiInput(this.flags, ['name', 'username', 'email'])))
  }
}
