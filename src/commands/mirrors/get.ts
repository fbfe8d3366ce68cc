import {getMirror} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'

export default class MirrorsGet extends ApiCommand<typeof MirrorsGet> {
  static summary = 'Show one push mirror and its update status'
  static description = 'GET /projects/:id/remote_mirrors/:mirror_id (Maintainer role). update_status is none, scheduled, started, finished or failed; last_error explains a failure.'
  static examples = ['<%= config.bin %> mirrors get 7 -p my-group/my-project', '<%= config.bin %> mirrors get 7 -p 42 --json']
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getMirror(this.api, this.flags.project, this.args.mirror_id))
  }
}
