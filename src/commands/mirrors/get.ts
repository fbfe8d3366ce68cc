import {getMirror} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsGet extends ApiCommand<typeof MirrorsGet> {
  static summary = 'Show one push mirror and its update status'
  static description =
    'GET /projects/:id/remote_mirrors/:mirror_id (Maintainer role). update_status is none, started, finished, failed or to_retry (a failed attempt to be tried again); a queued update leaves it as it was; last_error explains a failure. A member below Maintainer gets 401 from the server, told as the role it lacks (exit 5).'
  static examples = ['<%= config.bin %> mirrors get 7 -p my-group/my-project', '<%= config.bin %> mirrors get 7 -p 42 --json']
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await asMaintainer(this.api, this.flags.project, () => getMirror(this.api, this.flags.project, this.args.mirror_id)))
  }
}
