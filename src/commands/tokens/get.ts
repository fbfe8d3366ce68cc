import {getPersonalAccessToken, TOKEN_COLUMNS, TOKEN_REF_DESCRIPTION} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idOrSelfArg} from '../../core/input/flags.js'
import {tokenOfAnother} from '../../topics/tokens.js'

export default class TokensGet extends ApiCommand<typeof TokensGet> {
  static summary = 'Show a personal access token, or the one forgectl is using (self)'
  static description =
    "GET /personal_access_tokens/:id, or GET /personal_access_tokens/self for the token of the request (any scope may read itself: a CI job can check its own expiry). Someone else's token needs an administrator: to anyone else the server answers 401 for it, and for an ID that does not exist (forgectl then checks that its own token is valid, and says the token is not yours to read: exit 5). The value is never shown."
  static examples = ['<%= config.bin %> tokens get self', '<%= config.bin %> tokens get self --json | jq -r .expires_at', '<%= config.bin %> tokens get 301 --profile admin']
  static columns = [...TOKEN_COLUMNS, 'user_id', 'last_used_at']
  static args = {token_id: idOrSelfArg('TOKEN_ID', TOKEN_REF_DESCRIPTION)}

  async run(): Promise<void> {
    const ref = this.args.token_id
    await this.print(
      await tokenOfAnother(this.api, `personal access token ${ref} is not yours, or does not exist: only administrators can read other users' tokens`, () => getPersonalAccessToken(this.api, ref)),
    )
  }
}
