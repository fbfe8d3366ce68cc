import {getProjectDeployKey} from '../../api/deploy-keys.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'

export default class DeployKeysGet extends ApiCommand<typeof DeployKeysGet> {
  static summary = 'Show a deploy key of a project'
  static description = 'GET /projects/:id/deploy_keys/:key_id (Maintainer role), with can_push for this project and both fingerprints.'
  static examples = ['<%= config.bin %> deploy-keys get 12 -p my-group/my-project', '<%= config.bin %> deploy-keys get 12 -p 42 --json']
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getProjectDeployKey(this.api, this.flags.project, this.args.key_id))
  }
}
