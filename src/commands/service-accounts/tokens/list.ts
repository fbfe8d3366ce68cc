import {ACCOUNT, ACCOUNT_GROUP, listServiceAccountTokens} from '../../../api/service-accounts.js'
import {TOKEN_COLUMNS, TOKEN_FIELDS, TOKEN_FILTERS} from '../../../api/tokens.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {listFlags} from '../../../core/input/flags.js'
import {argsOf, flagsOf} from '../../../core/input/input-flags.js'

export default class ServiceAccountsTokensList extends ApiCommand<typeof ServiceAccountsTokensList> {
  static summary = 'List the personal access tokens of a group service account'
  static description =
    "GET /groups/:id/service_accounts/:user_id/personal_access_tokens (Owner of the top-level group). Times are ISO 8601, expiry dates YYYY-MM-DD; --sort is the API's order here. Token values are never listed."
  static fields = TOKEN_FIELDS
  static examples = [
    '<%= config.bin %> service-accounts tokens list 58 -g my-group --state active',
    '<%= config.bin %> service-accounts tokens list 58 -g my-group --expires-before 2026-07-01 --sort expires_asc',
    '<%= config.bin %> service-accounts tokens list 58 -g 42 --last-used-before 2026-01-01T00:00:00Z --no-revoked --json',
  ]
  static columns = TOKEN_COLUMNS
  static args = argsOf(ACCOUNT)
  static sortIsApiInput = true
  static flags = {...flagsOf(ACCOUNT_GROUP), ...listFlags, ...flagsOf(TOKEN_FILTERS)}

  async run(): Promise<void> {
    const {id: group, user_id: account, ...filters} = await this.read({...ACCOUNT_GROUP, ...ACCOUNT, ...TOKEN_FILTERS})
    await this.printList(listServiceAccountTokens(group, account, filters))
  }
}
