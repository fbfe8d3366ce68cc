import {ACCOUNT_GROUP, ACCOUNT_TOKEN, findServiceAccountToken, rotateServiceAccountToken} from '../../../api/service-accounts.js'
import {rotationExpiry} from '../../../api/token-lifetime.js'
import {TOKEN_ROTATION} from '../../../api/tokens.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {yesFlag} from '../../../core/input/flags.js'
import {argsOf, flagsOf} from '../../../core/input/input-flags.js'
import {DRY_RUN_EXPIRY_NOTE, printCreatedToken, rotatedExpiryNote} from '../../../topics/tokens.js'

export default class ServiceAccountsTokensRotate extends ApiCommand<typeof ServiceAccountsTokensRotate> {
  static summary = 'Rotate a personal access token of a group service account'
  static description =
    "POST /groups/:id/service_accounts/:user_id/personal_access_tokens/:token_id/rotate (Owner of the top-level group). Creates a new token and revokes the rotated one; the account's other tokens stay valid (app/services/personal_access_tokens/rotate_service.rb). The new token keeps the old one's lifetime unless --expires-at says otherwise: forgectl finds the old token in the account's token list first and sends expires_at = today + (its expires_at - its created_at), at most 364 days, where the platform alone would give one week; a note says the new expiry and why. The new value is shown once: on a terminal on its own line with a warning; --json keeps it in the JSON. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = [
    '<%= config.bin %> service-accounts tokens rotate 58 301 -g my-group',
    'TOKEN=$(<%= config.bin %> service-accounts tokens rotate 58 301 -g my-group --expires-at 2026-09-30 --yes -q)',
  ]
  static args = argsOf(ACCOUNT_TOKEN)
  static flags = {...flagsOf(ACCOUNT_GROUP), ...yesFlag, ...flagsOf(TOKEN_ROTATION)}

  async run(): Promise<void> {
    const {id: group, user_id: account, token_id: token, ...rotation} = await this.read({...ACCOUNT_GROUP, ...ACCOUNT_TOKEN, ...TOKEN_ROTATION})
    await this.confirm(`rotate token ${token} of service account ${account} in group ${group} (only this token is revoked)`)
    const expiry = await rotationExpiry(rotation, () => findServiceAccountToken(this.api, group, account, token), this.shared['dry-run'] ?? false)
    if (expiry.notRead) this.note(DRY_RUN_EXPIRY_NOTE)
    const rotated = await rotateServiceAccountToken(this.api, group, account, token, expiry.input)
    await printCreatedToken(this.printer, rotated)
    this.note(rotatedExpiryNote(expiry, rotated))
  }
}
