import {deleteUrlVariable, URL_VARIABLE_KEY} from '../../../api/hooks.js'
import {done, thing} from '../../../core/base/notes.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {idArg, yesFlag} from '../../../core/input/flags.js'
import {argsOf} from '../../../core/input/input-flags.js'

export default class HooksUrlVariablesDelete extends ApiCommand<typeof HooksUrlVariablesDelete> {
  static summary = 'Delete a URL variable of a system hook'
  static description =
    'DELETE /hooks/:hook_id/url_variables/:key. Administrator only (self-managed). Exit 3 when the hook has no such variable. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> hooks url-variables delete 3 api_key', '<%= config.bin %> hooks url-variables delete 3 api_key --yes']
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID'), ...argsOf(URL_VARIABLE_KEY)}
  static flags = {...yesFlag}

  async run(): Promise<void> {
    const {key} = await this.read(URL_VARIABLE_KEY)
    await this.confirm(`delete URL variable ${key} of system hook ${this.args.hook_id}`)
    await deleteUrlVariable(this.api, this.args.hook_id, key)
    this.note(done('Deleted', thing('URL variable', key, thing('system hook', this.args.hook_id))))
  }
}
