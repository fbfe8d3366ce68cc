import {accountTokenArgs, requiredAccountGroupFlag, revokeServiceAccountToken} from '../../../api/service-accounts.js'
import {ApiCommand} from '../../../core/base-command.js'
import {yesFlag} from '../../../core/flags.js'
import {done, thing} from '../../../core/notes.js'

export default class ServiceAccountsTokensRevoke extends ApiCommand<typeof ServiceAccountsTokensRevoke> {
  static summary = 'Revoke a personal access token of a group service account'
  static description = 'DELETE /groups/:id/service_accounts/:user_id/personal_access_tokens/:token_id (Owner of the top-level group); the server answers 204 and the token stops authenticating. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> service-accounts tokens revoke 58 301 -g my-group',
    '<%= config.bin %> service-accounts tokens revoke 58 301 -g 42 --yes',
  ]
  static args = accountTokenArgs()
  static flags = {...requiredAccountGroupFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`revoke token ${this.args.token_id} of service account ${this.args.user_id} in group ${this.flags.group}`)
    await revokeServiceAccountToken(this.api, this.flags.group, this.args.user_id, this.args.token_id)
    this.note(done('Revoked', thing('token', this.args.token_id)))
  }
}
