import * as Flags from '@oclif/core/flags'
import {DEPLOY_KEY_COLUMNS, UNSCOPED_DEPLOY_KEY_COLUMNS, listInstanceDeployKeys, listProjectDeployKeys, listUserProjectDeployKeys} from '../../api/deploy-keys.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags} from '../../core/flags.js'

export default class DeployKeysList extends ApiCommand<typeof DeployKeysList> {
  static summary = 'List deploy keys of the instance, of a project, or of a user\'s projects'
  static description = 'Without -p or -u: GET /deploy_keys, every deploy key of the instance with the projects it can write to and read from (administrator; self-managed and dedicated only). With -p: GET /projects/:id/deploy_keys (Maintainer role). With -u: GET /users/:id_or_username/project_deploy_keys, the keys enabled in projects that you and that user both maintain.'
  static examples = [
    '<%= config.bin %> deploy-keys list --public',
    '<%= config.bin %> deploy-keys list -p my-group/my-project',
    '<%= config.bin %> deploy-keys list -u alice --all --json',
  ]
  static flags = {
    project: Flags.string({char: 'p', description: 'project ID or full path (group/sub/project)', exclusive: ['user']}),
    user: Flags.string({char: 'u', description: 'user ID or username', exclusive: ['project']}),
    public: Flags.boolean({description: 'instance list only: only public keys (API default: false)', allowNo: true, exclusive: ['project', 'user']}),
    ...listFlags,
  }

  async run(): Promise<void> {
    const {project, user} = this.flags
    if (project !== undefined) return this.printList(listProjectDeployKeys(project), DEPLOY_KEY_COLUMNS)
    if (user !== undefined) return this.printList(listUserProjectDeployKeys(user), UNSCOPED_DEPLOY_KEY_COLUMNS)
    await this.printList(listInstanceDeployKeys(apiInput(this.flags, ['public'])), UNSCOPED_DEPLOY_KEY_COLUMNS)
  }
}
