import {getSecuritySettings} from '../../api/security-settings.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'

export default class SecuritySettingsGet extends ApiCommand<typeof SecuritySettingsGet> {
  static summary = 'Show the security settings of a project'
  static description = 'GET /projects/:id/security_settings (Developer role at least; Ultimate). A private project answers 404 to non-members.'
  static examples = ['<%= config.bin %> security-settings get -p my-group/my-project', '<%= config.bin %> security-settings get -p 42 --json']
  // a project has one set of settings: -q prints the project that -p takes
  static handle = 'project_id'
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getSecuritySettings(this.api, this.flags.project))
  }
}
