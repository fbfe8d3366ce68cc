import {deleteHook} from '../../api/hooks.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, yesFlag} from '../../core/input/flags.js'

export default class HooksDelete extends ApiCommand<typeof HooksDelete> {
  static summary = 'Delete a system hook'
  static description = 'DELETE /hooks/:id. Administrator only (self-managed). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> hooks delete 3', '<%= config.bin %> hooks delete 3 --yes']
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}
  static flags = {...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete system hook ${this.args.hook_id}`)
    await deleteHook(this.api, this.args.hook_id)
    this.note(done('Deleted', thing('system hook', this.args.hook_id)))
  }
}
