import {checkSelfServiceScopes, createOwnToken, createUserToken, NEW_TOKEN, OPTIONAL_TOKEN_USER} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {flagsOf, otherSpellingOf} from '../../core/input/input-flags.js'
import {sameInput} from '../../core/input/input-read.js'
import {printCreatedToken} from '../../topics/tokens.js'

// USER_ID is another spelling of --user, as `service-accounts tokens create USER_ID` names the account
const USER_ID = {arg: 'user_id'} as const

export default class TokensCreate extends ApiCommand<typeof TokensCreate> {
  static summary = 'Create a personal access token for yourself, or for a user as an administrator'
  static description =
    'With --user (or USER_ID, as `service-accounts tokens create` takes it): POST /users/:user_id/personal_access_tokens (administrator). Without: POST /user/personal_access_tokens, a token for the caller, which accepts only the scopes orchestrator_proxy and self_rotate (others are refused before sending). Without --expires-at the server sets the maximum allowed lifetime. The token value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON; --quiet prints the value alone.'
  static examples = [
    '<%= config.bin %> tokens create --user 42 --name ci-deploy --scope api,read_repository --expires-at 2026-12-31',
    '<%= config.bin %> tokens create --name rotate-me --scope self_rotate --description "Rotates itself nightly"',
    'TOKEN=$(<%= config.bin %> tokens create -u 42 --name backup --scope read_repository --quiet)',
  ]
  static args = otherSpellingOf(OPTIONAL_TOKEN_USER.user_id, USER_ID)
  static flags = {...flagsOf(OPTIONAL_TOKEN_USER), ...flagsOf(NEW_TOKEN)}

  async run(): Promise<void> {
    const {user_id: user, ...token} = await this.read({...OPTIONAL_TOKEN_USER, ...NEW_TOKEN}, sameInput(this.commandLine, OPTIONAL_TOKEN_USER.user_id, USER_ID))
    if (user === undefined) checkSelfServiceScopes(token.scopes)
    const created = user === undefined ? await createOwnToken(this.api, token) : await createUserToken(this.api, user, token)
    await printCreatedToken(this.printer, created)
  }
}
