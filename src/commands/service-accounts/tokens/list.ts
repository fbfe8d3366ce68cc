import {accountIdArg, listServiceAccountTokens, requiredAccountGroupFlag, tokenFilterFlags, type ServiceAccountTokenFilters} from '../../../api/service-accounts.js'
import {TOKEN_COLUMNS} from '../../../api/tokens.js'
import {apiInput} from '../../../core/api-input.js'
import {ApiCommand} from '../../../core/base-command.js'
import {listFlags} from '../../../core/flags.js'
import {TOKEN_FIELDS} from '../../../api/tokens.js'

const FILTERS = ['created-after', 'created-before', 'expires-after', 'expires-before', 'last-used-after', 'last-used-before', 'revoked', 'search', 'sort', 'state'] as const

export default class ServiceAccountsTokensList extends ApiCommand<typeof ServiceAccountsTokensList> {
  static summary = 'List the personal access tokens of a group service account'
  static description = 'GET /groups/:id/service_accounts/:user_id/personal_access_tokens (Owner of the top-level group). Times are ISO 8601, expiry dates YYYY-MM-DD; --sort is the API\'s order here. Token values are never listed.'
  static fields = TOKEN_FIELDS
  static examples = [
    '<%= config.bin %> service-accounts tokens list 58 -g my-group --state active',
    '<%= config.bin %> service-accounts tokens list 58 -g my-group --expires-before 2026-07-01 --sort expires_asc',
    '<%= config.bin %> service-accounts tokens list 58 -g 42 --last-used-before 2026-01-01T00:00:00Z --no-revoked --json',
  ]
  static columns = TOKEN_COLUMNS
  static args = {user_id: accountIdArg()}
  static flags = {...requiredAccountGroupFlag, ...listFlags, ...tokenFilterFlags}

  async run(): Promise<void> {
    const filters = apiInput(this.flags, FILTERS) as ServiceAccountTokenFilters
    await this.printList(listServiceAccountTokens(this.flags.group, this.args.user_id, filters))
  }
}
