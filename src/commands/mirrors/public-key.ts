import {getMirrorPublicKey} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsPublicKey extends ApiCommand<typeof MirrorsPublicKey> {
  static summary = 'Show the SSH public key of a mirror, to install on the target'
  static description = 'GET /projects/:id/remote_mirrors/:mirror_id/public_key (Maintainer role). Only mirrors with auth_method ssh_public_key have one; the server answers 404 for the others.'
  static examples = ['<%= config.bin %> mirrors public-key 7 -p my-group/my-project --json', '<%= config.bin %> mirrors public-key 7 -p 42 -o csv --columns public_key --no-header >> authorized_keys']
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await asMaintainer(this.api, this.flags.project, () => getMirrorPublicKey(this.api, this.flags.project, this.args.mirror_id)))
  }
}
