import {listPersonalAccessTokens, OPTIONAL_TOKEN_USER, PERSONAL_TOKEN_FILTERS, TOKEN_COLUMNS, TOKEN_FIELDS} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {tokenRefusal} from '../../topics/token-refusal.js'

export default class TokensList extends ApiCommand<typeof TokensList> {
  static summary = "List personal access tokens: yours, or any user's as an administrator"
  static description =
    "GET /personal_access_tokens. Administrators see every token of the instance (--user narrows to one user); others see their own, and --user with another user's ID is refused (the server answers 401; forgectl checks that the token itself is valid and exits 5). Times are ISO 8601. Token values are never listed."
  static fields = TOKEN_FIELDS
  static examples = [
    '<%= config.bin %> tokens list --state active',
    '<%= config.bin %> tokens list --user 42 --last-used-before 2026-01-01T00:00:00Z --no-revoked --json',
    '<%= config.bin %> tokens list --search deploy --created-after 2026-01-01T00:00:00Z --all',
  ]
  static columns = TOKEN_COLUMNS
  static flags = {...flagsOf(OPTIONAL_TOKEN_USER), ...listFlags, ...flagsOf(PERSONAL_TOKEN_FILTERS)}

  async run(): Promise<void> {
    const filters = await this.read({...OPTIONAL_TOKEN_USER, ...PERSONAL_TOKEN_FILTERS})
    const user = filters.user_id
    try {
      await this.printList(listPersonalAccessTokens(filters))
    } catch (error) {
      throw await tokenRefusal(this.api, error, user, "list another user's tokens")
    }
  }
}
