import {DEPLOY_KEY_COLUMNS, DEPLOY_KEY_FILTERS, listInstanceDeployKeys, listProjectDeployKeys, listUserProjectDeployKeys, UNSCOPED_DEPLOY_KEY_COLUMNS} from '../../api/deploy-keys.js'
import {userInPath} from '../../api/users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, optionalProjectFlag, optionalUserFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class DeployKeysList extends ApiCommand<typeof DeployKeysList> {
  static summary = "List deploy keys of the instance, of a project, or of a user's projects"
  static description =
    'Without -p or -u: GET /deploy_keys, every deploy key of the instance with the projects it can write to and read from (administrator; self-managed and dedicated only). With -p: GET /projects/:id/deploy_keys (Maintainer role). With -u: GET /users/:id_or_username/project_deploy_keys, the keys enabled in projects that you and that user both maintain.'
  static examples = ['<%= config.bin %> deploy-keys list --public', '<%= config.bin %> deploy-keys list -p my-group/my-project', '<%= config.bin %> deploy-keys list -u alice --all --json']
  static flags = {
    project: {...optionalProjectFlag.project, exclusive: ['user']},
    user: {...optionalUserFlag.user, description: 'user ID or username', exclusive: ['project']},
    ...flagsOf(DEPLOY_KEY_FILTERS, {exclusive: ['project', 'user']}),
    ...listFlags,
  }

  async run(): Promise<void> {
    const {project, user} = this.flags
    if (project !== undefined) return this.printList(listProjectDeployKeys(project), DEPLOY_KEY_COLUMNS)
    if (user !== undefined) return this.printList(listUserProjectDeployKeys(await userInPath(this.api, user)), UNSCOPED_DEPLOY_KEY_COLUMNS)
    await this.printList(listInstanceDeployKeys(await this.read(DEPLOY_KEY_FILTERS)), UNSCOPED_DEPLOY_KEY_COLUMNS)
  }
}
