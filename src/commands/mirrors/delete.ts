import {deleteMirror} from '../../api/mirrors.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsDelete extends ApiCommand<typeof MirrorsDelete> {
  static summary = 'Remove a push mirror'
  static description = 'DELETE /projects/:id/remote_mirrors/:mirror_id (Maintainer role); the server answers 204. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> mirrors delete 7 -p my-group/my-project', '<%= config.bin %> mirrors delete 7 -p 42 --yes']
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete mirror ${this.args.mirror_id} of project ${this.flags.project}`)
    await asMaintainer(this.api, this.flags.project, () => deleteMirror(this.api, this.flags.project, this.args.mirror_id))
    this.note(done('Deleted', thing('remote mirror', this.args.mirror_id, thing('project', this.flags.project))))
  }
}
