import {ACCOUNT_GROUP, ACCOUNT_TOKEN, revokeServiceAccountToken} from '../../../api/service-accounts.js'
import {done, thing} from '../../../core/base/notes.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {yesFlag} from '../../../core/input/flags.js'
import {argsOf, flagsOf} from '../../../core/input/input-flags.js'

export default class ServiceAccountsTokensRevoke extends ApiCommand<typeof ServiceAccountsTokensRevoke> {
  static summary = 'Revoke a personal access token of a group service account'
  static description =
    'DELETE /groups/:id/service_accounts/:user_id/personal_access_tokens/:token_id (Owner of the top-level group); the server answers 204 and the token stops authenticating. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> service-accounts tokens revoke 58 301 -g my-group', '<%= config.bin %> service-accounts tokens revoke 58 301 -g 42 --yes']
  static args = argsOf(ACCOUNT_TOKEN)
  static flags = {...flagsOf(ACCOUNT_GROUP), ...yesFlag}

  async run(): Promise<void> {
    const {id: group, user_id: account, token_id: token} = await this.read({...ACCOUNT_GROUP, ...ACCOUNT_TOKEN})
    await this.confirm(`revoke token ${token} of service account ${account} in group ${group}`)
    await revokeServiceAccountToken(this.api, group, account, token)
    this.note(done('Revoked', thing('token', token)))
  }
}
