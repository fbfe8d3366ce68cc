import * as Flags from '@oclif/core/flags'
import {updateProjectDeployKey} from '../../api/deploy-keys.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredProjectFlag} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class DeployKeysUpdate extends ApiCommand<typeof DeployKeysUpdate> {
  static summary = 'Change the title or push access of a project\'s deploy key'
  static description = 'PUT /projects/:id/deploy_keys/:key_id (Maintainer role). --can-push applies to this project only; the title is the key\'s own, in every project that uses it.'
  static examples = [
    '<%= config.bin %> deploy-keys update 12 -p my-group/my-project --can-push',
    '<%= config.bin %> deploy-keys update 12 -p 42 --title "CI (read only)" --no-can-push',
  ]
  static args = {key_id: idArg('KEY_ID', 'deploy key ID')}
  static flags = {
    ...requiredProjectFlag,
    title: Flags.string({description: 'new title'}),
    'can-push': Flags.boolean({description: 'allow (or, with --no-can-push, forbid) pushing to this project', allowNo: true}),
  }

  async run(): Promise<void> {
    atLeastOne(this.flags, ['title', 'can-push'])
    await this.print(await updateProjectDeployKey(this.api, this.flags.project, this.args.key_id, apiInput(this.flags, ['title', 'can-push'])))
  }
}
