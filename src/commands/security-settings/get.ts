import {getSecuritySettings} from '../../api/security-settings.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {tokenOfAnother} from '../../topics/tokens.js'

export default class SecuritySettingsGet extends ApiCommand<typeof SecuritySettingsGet> {
  static summary = 'Show the security settings of a project'
  static description =
    'GET /projects/:id/security_settings (Developer role at least; Ultimate). A private project answers 404 to non-members; the platform answers 401 to a member below Developer, which forgectl reports as not allowed (exit 5) once the token is seen to be valid.'
  static examples = ['<%= config.bin %> security-settings get -p my-group/my-project', '<%= config.bin %> security-settings get -p 42 --json']
  // a project has one set of settings: -q prints the project that -p takes
  static handle = 'project_id'
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    // ee/lib/api/project_security_settings.rb says `unauthorized!` to a member without read_security_settings
    const project = this.flags.project
    await this.print(await tokenOfAnother(this.api, `reading the security settings of project ${project} needs the Developer role at least`, () => getSecuritySettings(this.api, project)))
  }
}
