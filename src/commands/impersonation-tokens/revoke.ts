import {revokeImpersonationToken, TOKEN_USER} from '../../api/tokens.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, yesFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ImpersonationTokensRevoke extends ApiCommand<typeof ImpersonationTokensRevoke> {
  static summary = 'Revoke an impersonation token'
  static description =
    'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id (administrator). The token becomes revoked (revoked=true, active=false) and stops authenticating at once. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> impersonation-tokens revoke 7 -u 42', '<%= config.bin %> impersonation-tokens revoke 7 -u 42 --yes']
  static args = {token_id: idArg('TOKEN_ID', 'impersonation token ID')}
  static flags = {...flagsOf(TOKEN_USER), ...yesFlag}

  async run(): Promise<void> {
    const {user_id: user} = await this.read(TOKEN_USER)
    await this.confirm(`revoke impersonation token ${this.args.token_id} of user ${user}`)
    await revokeImpersonationToken(this.api, user, this.args.token_id)
    this.note(done('Revoked', thing('impersonation token', this.args.token_id, thing('user', user))))
  }
}
