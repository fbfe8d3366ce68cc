import {IMPERSONATION_TOKEN_FIELDS, IMPERSONATION_TOKEN_FILTERS, listImpersonationTokens, TOKEN_COLUMNS, TOKEN_USER} from '../../api/tokens.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ImpersonationTokensList extends ApiCommand<typeof ImpersonationTokensList> {
  static summary = 'List the impersonation tokens of a user'
  static description = 'GET /users/:user_id/impersonation_tokens (administrator). Token values are never listed: they are shown only when a token is created.'
  static fields = IMPERSONATION_TOKEN_FIELDS
  static examples = ['<%= config.bin %> impersonation-tokens list -u 42', '<%= config.bin %> impersonation-tokens list -u 42 --state active --all --json']
  static columns = TOKEN_COLUMNS
  static flags = {...flagsOf(TOKEN_USER), ...listFlags, ...flagsOf(IMPERSONATION_TOKEN_FILTERS)}

  async run(): Promise<void> {
    const {user_id: user, ...filters} = await this.read({...TOKEN_USER, ...IMPERSONATION_TOKEN_FILTERS})
    await this.printList(listImpersonationTokens(user, filters))
  }
}
