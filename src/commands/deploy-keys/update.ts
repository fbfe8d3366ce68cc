import {DEPLOY_KEY_CHANGES, updateProjectDeployKey} from '../../api/deploy-keys.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredProjectFlag} from '../../core/flags.js'
import {someChange} from '../../core/input.js'
import {flagsOf} from '../../core/input-flags.js'

export default class DeployKeysUpdate extends ApiCommand<typeof DeployKeysUpdate> {
  static summary = "Change the title or push access of a project's deploy key"
  static description = "PUT /projects/:id/deploy_keys/:key_id (Maintainer role). --can-push applies to this project only; the title is the key's own, in every project that uses it."
  static examples = ['<%= config.bin %> deploy-keys update 12 -p my-group/my-project --can-push', '<%= config.bin %> deploy-keys update 12 -p 42 --title "CI (read only)" --no-can-push']
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(DEPLOY_KEY_CHANGES),
  }

  async run(): Promise<void> {
    const changes = await this.read(DEPLOY_KEY_CHANGES)
    someChange(DEPLOY_KEY_CHANGES, changes)
    await this.print(await updateProjectDeployKey(this.api, this.flags.project, this.args.key_id, changes))
  }
}
