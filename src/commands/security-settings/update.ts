import * as Flags from '@oclif/core/flags'
import {PUSH_PROTECTION_CHOICES, updateSecuritySettings} from '../../api/security-settings.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {requiredProjectFlag} from '../../core/flags.js'

const SWITCH = 'secret-push-protection-enabled'

export default class SecuritySettingsUpdate extends ApiCommand<typeof SecuritySettingsUpdate> {
  static summary = 'Turn secret push protection of a project on or off'
  static description = 'PUT /projects/:id/security_settings (Maintainer role at least; Ultimate). The API requires secret_push_protection_enabled: give exactly one of --secret-push-protection-enabled and --no-secret-push-protection-enabled (on a terminal, forgectl asks when neither is given).'
  static examples = [
    '<%= config.bin %> security-settings update -p my-group/my-project --secret-push-protection-enabled',
    '<%= config.bin %> security-settings update -p 42 --no-secret-push-protection-enabled --json',
  ]
  // a project has one set of settings: -q prints the project that -p takes
  static handle = 'project_id'
  static flags = {
    ...requiredProjectFlag,
    [SWITCH]: Flags.boolean({description: 'reject pushes that contain secrets (--no-... to stop)', allowNo: true}),
  }

  async run(): Promise<void> {
    // oclif keeps the last of `--x --no-x`; a contradiction is refused instead of guessed.
    if (this.argv.includes(`--${SWITCH}`) && this.argv.includes(`--no-${SWITCH}`)) {
      throw new UsageError(`give either --${SWITCH} or --no-${SWITCH}, not both`)
    }
    const enabled = this.flags[SWITCH] ?? (await this.need(undefined, `--${SWITCH} or --no-${SWITCH}`, 'secret push protection', {choices: PUSH_PROTECTION_CHOICES})) === 'enable'
    await this.print(await updateSecuritySettings(this.api, this.flags.project, {secret_push_protection_enabled: enabled}))
  }
}
