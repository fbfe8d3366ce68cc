import {ACCOUNT, ACCOUNT_GROUP, createServiceAccountToken} from '../../../api/service-accounts.js'
import {NEW_TOKEN} from '../../../api/tokens.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {argsOf, flagsOf, otherSpellingOf} from '../../../core/input/input-flags.js'
import {sameInput} from '../../../core/input/input-read.js'
import {printCreatedToken} from '../../../topics/tokens.js'

// -u, --user is another spelling of USER_ID, as `tokens create --user` names the account
const USER = {flag: 'user', char: 'u'} as const

export default class ServiceAccountsTokensCreate extends ApiCommand<typeof ServiceAccountsTokensCreate> {
  static summary = 'Create a personal access token for a group service account'
  static description =
    'POST /groups/:id/service_accounts/:user_id/personal_access_tokens (Owner of the top-level group). The account is USER_ID or -u/--user, as `tokens create --user` takes it. Without --expires-at the server sets the maximum lifetime. The value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON; --quiet prints the value alone.'
  static examples = [
    '<%= config.bin %> service-accounts tokens create 58 -g my-group --name deploy --scope api --expires-at 2026-12-31',
    'TOKEN=$(<%= config.bin %> service-accounts tokens create 58 -g my-group --name ci --scope read_repository -q)',
    '<%= config.bin %> service-accounts tokens create -g my-group --user 58 --name deploy --scope api',
  ]
  static args = argsOf(ACCOUNT)
  static flags = {...flagsOf(ACCOUNT_GROUP), ...otherSpellingOf(ACCOUNT.user_id, USER), ...flagsOf(NEW_TOKEN)}

  async run(): Promise<void> {
    const {id: group, user_id: account, ...token} = await this.read({...ACCOUNT_GROUP, ...ACCOUNT, ...NEW_TOKEN}, sameInput(this.commandLine, ACCOUNT.user_id, USER))
    await printCreatedToken(this.printer, await createServiceAccountToken(this.api, group, account, token))
  }
}
