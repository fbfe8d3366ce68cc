import {getImpersonationToken, TOKEN_USER} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ImpersonationTokensGet extends ApiCommand<typeof ImpersonationTokensGet> {
  static summary = 'Show one impersonation token of a user'
  static description = 'GET /users/:user_id/impersonation_tokens/:impersonation_token_id (administrator). The value is not part of it: it was shown once, at creation.'
  static examples = ['<%= config.bin %> impersonation-tokens get 7 -u 42', '<%= config.bin %> impersonation-tokens get 7 -u 42 --json']
  static args = {token_id: idArg('TOKEN_ID', 'impersonation token ID')}
  static flags = {...flagsOf(TOKEN_USER)}

  async run(): Promise<void> {
    const {user_id: user} = await this.read(TOKEN_USER)
    await this.print(await getImpersonationToken(this.api, user, this.args.token_id))
  }
}
