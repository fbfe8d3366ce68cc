import {HOOK_COLUMNS, HOOK_FIELDS, listHooks} from '../../api/hooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'

export default class HooksList extends ApiCommand<typeof HooksList> {
  static summary = 'List the system hooks'
  static description = 'GET /hooks. Administrator only (self-managed). The secret token of a hook is never returned, nor the values of its URL variables.'
  static fields = HOOK_FIELDS
  static examples = ['<%= config.bin %> hooks list', '<%= config.bin %> hooks list --columns id,url,branch_filter_strategy --all']
  static columns = HOOK_COLUMNS
  static flags = {...listFlags}

  async run(): Promise<void> {
    await this.printList(listHooks())
  }
}
