import {enableProjectDeployKey} from '../../api/deploy-keys.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'

export default class DeployKeysEnable extends ApiCommand<typeof DeployKeysEnable> {
  static summary = 'Enable an existing deploy key in another project'
  static description =
    'POST /projects/:id/deploy_keys/:key_id/enable (Maintainer role): the key, by ID, is used by this project too (read-only until `deploy-keys update --can-push`). The key must be one you can reach: enabled in a project you maintain, or a public key of the instance.'
  static examples = ['<%= config.bin %> deploy-keys enable 12 -p my-group/other-project', '<%= config.bin %> deploy-keys enable 12 -p 43 --json']
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await enableProjectDeployKey(this.api, this.flags.project, this.args.key_id))
  }
}
