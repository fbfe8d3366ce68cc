import {getHook} from '../../api/hooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'

export default class HooksGet extends ApiCommand<typeof HooksGet> {
  static summary = 'Show one system hook'
  static description = 'GET /hooks/:id. Administrator only (self-managed). url_variables lists the keys only: the platform never returns their values, nor the secret token.'
  static examples = ['<%= config.bin %> hooks get 3', '<%= config.bin %> hooks get 3 --json | jq ".url_variables[].key"']
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}

  async run(): Promise<void> {
    await this.print(await getHook(this.api, this.args.hook_id))
  }
}
