import * as Flags from '@oclif/core/flags'
import {rotationExpiry} from '../../api/token-lifetime.js'
import {describeTokenRef, getPersonalAccessToken, rotatePersonalAccessToken, SELF, TOKEN_COLUMNS, TOKEN_REF_DESCRIPTION, TOKEN_ROTATION} from '../../api/tokens.js'
import {CliError, UsageError} from '../../core/base/errors.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {profileHoldingToken, staleProfileNote, storeNewToken} from '../../core/config/stored-token.js'
import {idOrSelfArg, yesFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {printStoredSecret} from '../../core/output/secret.js'
import {DRY_RUN_EXPIRY_NOTE, printCreatedToken, rotatedExpiryNote, tokenOfAnother} from '../../topics/tokens.js'

export default class TokensRotate extends ApiCommand<typeof TokensRotate> {
  static summary = 'Rotate a personal access token, or the one forgectl is using (self)'
  static description =
    "POST /personal_access_tokens/:id/rotate, or POST /personal_access_tokens/self/rotate (works with a token that has only the self_rotate scope). The server revokes the old token at once and returns a new one with the same name and scopes. The new token keeps the old one's lifetime unless --expires-at says otherwise: forgectl reads the old token first (GET /personal_access_tokens/:id or /self) and sends expires_at = today + (its expires_at - its created_at), at most 364 days (364 for a token that never expired: the platform's year counts from its own day, which may be a day behind UTC's), where the platform alone would give one week; a note says the new expiry and why. A revoked token cannot be rotated (400); an expired one can. Someone else's token needs an administrator: to anyone else the server answers 401 (forgectl then checks its own token and says so: exit 5). The new value is shown once, as `tokens create` shows it (--quiet: the value alone). With self --update-profile the new value replaces the old one in the stored profile it came from (atomically), so that the next command keeps working, and stays off stdout unless --quiet; if storing fails the value is printed and the command exits 1. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = [
    '<%= config.bin %> tokens rotate self --update-profile --yes',
    'TOKEN=$(<%= config.bin %> tokens rotate self --yes --quiet)',
    '<%= config.bin %> tokens rotate 301 --expires-at 2026-09-30 --profile admin',
  ]
  static columns = TOKEN_COLUMNS
  static args = {token_id: idOrSelfArg('TOKEN_ID', TOKEN_REF_DESCRIPTION)}
  static flags = {
    ...yesFlag,
    ...flagsOf(TOKEN_ROTATION),
    'update-profile': Flags.boolean({description: 'with self: store the new token in the profile the current one came from'}),
  }

  async run(): Promise<void> {
    const ref = this.args.token_id
    const rotation = await this.read(TOKEN_ROTATION)
    if (this.flags['update-profile'] && ref !== SELF) throw new UsageError('--update-profile goes with self: it stores the new value of the token forgectl is using')
    // Checked before rotating: once the server has rotated, the old token is gone.
    const profile = this.flags['update-profile'] ? profileHoldingToken(this.connection, this.io.env) : undefined
    await this.confirm(`rotate ${describeTokenRef(ref)} and revoke its old value`)
    const refused = `personal access token ${ref} is not yours, or does not exist: only administrators can rotate other users' tokens`
    const expiry = await rotationExpiry(rotation, () => tokenOfAnother(this.api, refused, () => getPersonalAccessToken(this.api, ref)), this.shared['dry-run'] ?? false)
    if (expiry.notRead) this.note(DRY_RUN_EXPIRY_NOTE)
    const rotated = await tokenOfAnother(this.api, refused, () => rotatePersonalAccessToken(this.api, ref, expiry.input))
    if (profile === undefined || rotated.token === undefined) {
      await printCreatedToken(this.printer, rotated)
      this.note(rotatedExpiryNote(expiry, rotated))
      if (profile !== undefined) throw new CliError(`the server's answer holds no new token value: profile "${profile}" is unchanged`)
      const stale = ref === SELF ? staleProfileNote(this.connection, 'rotated') : undefined
      if (stale) this.note(stale)
      return
    }
    await storeNewToken(profile, rotated.token, () => printCreatedToken(this.printer, rotated), this.io)
    this.note(done('Stored', `the new token in ${thing('profile', profile)}`, 'the old one is revoked'))
    await printStoredSecret(this.printer, rotated, 'token', TOKEN_COLUMNS)
    this.note(rotatedExpiryNote(expiry, rotated))
  }
}
