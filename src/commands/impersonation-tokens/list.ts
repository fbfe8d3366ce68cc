import * as Flags from '@oclif/core/flags'
import {TOKEN_COLUMNS, TOKEN_STATES, listImpersonationTokens, requiredUserIdFlag, type TokenState} from '../../api/tokens.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags} from '../../core/flags.js'
import {IMPERSONATION_TOKEN_FIELDS} from '../../api/tokens.js'

export default class ImpersonationTokensList extends ApiCommand<typeof ImpersonationTokensList> {
  static summary = 'List the impersonation tokens of a user'
  static description = 'GET /users/:user_id/impersonation_tokens (administrator). Token values are never listed: they are shown only when a token is created.'
  static fields = IMPERSONATION_TOKEN_FIELDS
  static examples = [
    '<%= config.bin %> impersonation-tokens list -u 42',
    '<%= config.bin %> impersonation-tokens list -u 42 --state active --all --json',
  ]
  static columns = TOKEN_COLUMNS
  static flags = {
    ...requiredUserIdFlag,
    ...listFlags,
    state: Flags.string({description: 'which tokens (API default: all)', options: [...TOKEN_STATES]}),
  }

  async run(): Promise<void> {
    await this.printList(listImpersonationTokens(this.flags.user, {state: this.flags.state as TokenState | undefined}))
  }
}
