import {getPersonalAccessToken, TOKEN_COLUMNS, TOKEN_REF_DESCRIPTION} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idOrSelfArg} from '../../core/input/flags.js'

export default class TokensGet extends ApiCommand<typeof TokensGet> {
  static summary = 'Show a personal access token, or the one forgectl is using (self)'
  static description =
    "GET /personal_access_tokens/:id, or GET /personal_access_tokens/self for the token of the request (any scope may read itself: a CI job can check its own expiry). Someone else's token needs an administrator (404 otherwise). The value is never shown."
  static examples = ['<%= config.bin %> tokens get self', '<%= config.bin %> tokens get self --json | jq -r .expires_at', '<%= config.bin %> tokens get 301 --profile admin']
  static columns = [...TOKEN_COLUMNS, 'user_id', 'last_used_at']
  static args = {token_id: idOrSelfArg('TOKEN_ID', TOKEN_REF_DESCRIPTION)}

  async run(): Promise<void> {
    await this.print(await getPersonalAccessToken(this.api, this.args.token_id))
  }
}
