import {deleteProjectDeployKey} from '../../api/deploy-keys.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'

export default class DeployKeysDelete extends ApiCommand<typeof DeployKeysDelete> {
  static summary = 'Remove a deploy key from a project'
  static description =
    'DELETE /projects/:id/deploy_keys/:key_id (Maintainer role). The key stays in the other projects that use it; when this project was the last one, the key is deleted from the system. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> deploy-keys delete 12 -p my-group/my-project', '<%= config.bin %> deploy-keys delete 12 -p 42 --yes']
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`remove deploy key ${this.args.key_id} from project ${this.flags.project}`)
    await deleteProjectDeployKey(this.api, this.flags.project, this.args.key_id)
    this.note(done('Removed', `${thing('deploy key', this.args.key_id)} from ${thing('project', this.flags.project)}`))
  }
}
