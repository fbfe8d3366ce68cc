import {notAsAsked} from '../../api/deploy-key-add.js'
import {DEPLOY_KEY_CHANGES, updateProjectDeployKey} from '../../api/deploy-keys.js'
import {CliError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class DeployKeysUpdate extends ApiCommand<typeof DeployKeysUpdate> {
  static summary = "Change the title or push access of a project's deploy key"
  static description =
    "PUT /projects/:id/deploy_keys/:key_id (Maintainer role). --can-push applies to this project only; the title is the key's own, in every project that uses it, and the platform takes a new one only from an administrator or for a key no other project uses: when the answer shows the title kept, the key is printed and forgectl exits 1 saying so."
  static examples = ['<%= config.bin %> deploy-keys update 12 -p my-group/my-project --can-push', '<%= config.bin %> deploy-keys update 12 -p 42 --title "CI (read only)" --no-can-push']
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(DEPLOY_KEY_CHANGES),
  }

  async run(): Promise<void> {
    const changes = await this.read(DEPLOY_KEY_CHANGES)
    someChange(DEPLOY_KEY_CHANGES, changes)
    const key = await updateProjectDeployKey(this.api, this.flags.project, this.args.key_id, changes)
    await this.print(key)
    // the platform ignores a title it will not take (a key other projects use), answering 200
    const left = notAsAsked(key, changes)
    if (left) throw new CliError(`deploy key ${this.args.key_id} in project ${this.flags.project}: ${left}`)
  }
}
