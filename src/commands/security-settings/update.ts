import {SECURITY_SETTINGS_CHANGES, updateSecuritySettings} from '../../api/security-settings.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {tokenOfAnother} from '../../topics/tokens.js'

const SWITCH = SECURITY_SETTINGS_CHANGES.secret_push_protection_enabled.flag

export default class SecuritySettingsUpdate extends ApiCommand<typeof SecuritySettingsUpdate> {
  static summary = 'Turn secret push protection of a project on or off'
  static description =
    'PUT /projects/:id/security_settings (Maintainer role at least; Ultimate). The API requires secret_push_protection_enabled: give exactly one of --secret-push-protection-enabled and --no-secret-push-protection-enabled (on a terminal, forgectl asks when neither is given). The platform answers 401 to a member below Maintainer, which forgectl reports as not allowed (exit 5) once the token is seen to be valid.'
  static examples = [
    '<%= config.bin %> security-settings update -p my-group/my-project --secret-push-protection-enabled',
    '<%= config.bin %> security-settings update -p 42 --no-secret-push-protection-enabled --json',
  ]
  // a project has one set of settings: -q prints the project that -p takes
  static handle = 'project_id'
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(SECURITY_SETTINGS_CHANGES),
  }

  async run(): Promise<void> {
    // oclif keeps the last of `--x --no-x`; a contradiction is refused instead of guessed.
    if (this.argv.includes(`--${SWITCH}`) && this.argv.includes(`--no-${SWITCH}`)) {
      throw new UsageError(`give either --${SWITCH} or --no-${SWITCH}, not both`)
    }
    const project = this.flags.project
    const changes = await this.read(SECURITY_SETTINGS_CHANGES)
    // ee/lib/api/project_security_settings.rb says `unauthorized!` to a member without manage_security_settings
    await this.print(
      await tokenOfAnother(this.api, `changing the security settings of project ${project} needs the Maintainer role at least`, () => updateSecuritySettings(this.api, project, changes)),
    )
  }
}
