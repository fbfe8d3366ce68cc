import {accountTokenArgs, requiredAccountGroupFlag, rotateServiceAccountToken} from '../../../api/service-accounts.js'
import {printCreatedToken} from '../../../api/tokens.js'
import {apiInput} from '../../../core/api-input.js'
import {ApiCommand} from '../../../core/base-command.js'
import {dateFlag, yesFlag} from '../../../core/flags.js'

export default class ServiceAccountsTokensRotate extends ApiCommand<typeof ServiceAccountsTokensRotate> {
  static summary = 'Rotate a personal access token of a group service account'
  static description = 'POST /groups/:id/service_accounts/:user_id/personal_access_tokens/:token_id/rotate (Owner of the top-level group). Creates a new token, valid one week unless --expires-at says otherwise, and revokes the existing tokens. The new value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> service-accounts tokens rotate 58 301 -g my-group',
    'TOKEN=$(<%= config.bin %> service-accounts tokens rotate 58 301 -g my-group --expires-at 2026-09-30 --yes -q)',
  ]
  static args = accountTokenArgs()
  static flags = {
    ...requiredAccountGroupFlag,
    ...yesFlag,
    'expires-at': dateFlag({description: 'expiry date of the new token (default: one week from today)'}),
  }

  async run(): Promise<void> {
    await this.confirm(`rotate token ${this.args.token_id} of service account ${this.args.user_id} in group ${this.flags.group} (the existing tokens are revoked)`)
    const rotated = await rotateServiceAccountToken(this.api, this.flags.group, this.args.user_id, this.args.token_id, apiInput(this.flags, ['expires-at']))
    await printCreatedToken(this.printer, rotated)
  }
}
