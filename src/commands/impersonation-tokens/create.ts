import {createImpersonationToken, NEW_IMPERSONATION_TOKEN, TOKEN_USER} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {printCreatedToken} from '../../topics/tokens.js'

export default class ImpersonationTokensCreate extends ApiCommand<typeof ImpersonationTokensCreate> {
  static summary = 'Create an impersonation token that acts on behalf of a user'
  static description =
    'POST /users/:user_id/impersonation_tokens (administrator). The token can make API calls and read and write repositories as the user, and the user does not see it on their settings page. --expires-at is required: the platform builds impersonation tokens without the default expiry other tokens get, and refuses one without a date. The value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON.'
  static examples = [
    '<%= config.bin %> impersonation-tokens create -u 42 --name support-session --scope api --expires-at 2026-06-30',
    '<%= config.bin %> impersonation-tokens create -u 42 --name audit --scope read_user,read_repository --expires-at 2026-03-31 --json',
  ]
  static flags = {...flagsOf(TOKEN_USER), ...flagsOf(NEW_IMPERSONATION_TOKEN)}

  async run(): Promise<void> {
    const {user_id: user, ...token} = await this.read({...TOKEN_USER, ...NEW_IMPERSONATION_TOKEN})
    await printCreatedToken(this.printer, await createImpersonationToken(this.api, user, token))
  }
}
