import {createImpersonationToken, NEW_TOKEN, TOKEN_USER} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {printCreatedToken} from '../../topics/tokens.js'

export default class ImpersonationTokensCreate extends ApiCommand<typeof ImpersonationTokensCreate> {
  static summary = 'Create an impersonation token that acts on behalf of a user'
  static description =
    'POST /users/:user_id/impersonation_tokens (administrator). The token can make API calls and read and write repositories as the user, and the user does not see it on their settings page. Without --expires-at the server sets the maximum lifetime (the spec lists expires_at as required but describes this default). The value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON.'
  static examples = [
    '<%= config.bin %> impersonation-tokens create -u 42 --name support-session --scope api --expires-at 2026-06-30',
    '<%= config.bin %> impersonation-tokens create -u 42 --name audit --scope read_user,read_repository --json',
  ]
  static flags = {...flagsOf(TOKEN_USER), ...flagsOf(NEW_TOKEN)}

  async run(): Promise<void> {
    const {user_id: user, ...token} = await this.read({...TOKEN_USER, ...NEW_TOKEN})
    await printCreatedToken(this.printer, await createImpersonationToken(this.api, user, token))
  }
}
