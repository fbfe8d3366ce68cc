import {describeTokenRef, revokePersonalAccessToken, SELF, TOKEN_REF_DESCRIPTION} from '../../api/tokens.js'
import {done} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {staleProfileNote} from '../../core/config/stored-token.js'
import {idOrSelfArg, yesFlag} from '../../core/input/flags.js'

export default class TokensRevoke extends ApiCommand<typeof TokensRevoke> {
  static summary = 'Revoke a personal access token, or the one forgectl is using (self)'
  static description =
    "DELETE /personal_access_tokens/:id, or DELETE /personal_access_tokens/self (any scope may revoke itself); the server answers 204 and the token stops authenticating at once. Someone else's token needs an administrator. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> tokens revoke 301', '<%= config.bin %> tokens revoke self --yes']
  static args = {token_id: idOrSelfArg('TOKEN_ID', TOKEN_REF_DESCRIPTION)}
  static flags = {...yesFlag}

  async run(): Promise<void> {
    const ref = this.args.token_id
    await this.confirm(`revoke ${describeTokenRef(ref)}`)
    await revokePersonalAccessToken(this.api, ref)
    this.note(done('Revoked', describeTokenRef(ref)))
    const stale = ref === SELF ? staleProfileNote(this.connection, 'revoked') : undefined
    if (stale) this.note(stale)
  }
}
