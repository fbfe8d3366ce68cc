import {getProject, PROJECT_COLUMNS, PROJECT_FIELDS, PROJECT_HANDLE, PROJECT_REF} from '../../api/projects.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class ProjectsGet extends ApiCommand<typeof ProjectsGet> {
  static summary = 'Show a project by ID or full path'
  static description = 'GET /projects/:id. A project the caller may not see is not found (exit 3), as the platform answers.'
  static fields = PROJECT_FIELDS
  static columns = PROJECT_COLUMNS
  static handle = PROJECT_HANDLE
  static examples = ['<%= config.bin %> projects get my-group/my-project', '<%= config.bin %> projects get 42 --columns id,default_branch,namespace.full_path']
  static args = argsOf(PROJECT_REF)

  async run(): Promise<void> {
    const {project} = await this.read(PROJECT_REF)
    await this.print(await getProject(this.api, project))
  }
}
