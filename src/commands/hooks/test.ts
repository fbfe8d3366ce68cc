import {testHook} from '../../api/hooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'

export default class HooksTest extends ApiCommand<typeof HooksTest> {
  static summary = 'Send a test event to a system hook'
  static description =
    'POST /hooks/:id. Administrator only (self-managed). The server sends the hook a mock project creation event and answers with that payload (project_id, owner_email, owner_name, name, path, event_name), whatever the receiver did with it.'
  static examples = ['<%= config.bin %> hooks test 3', '<%= config.bin %> hooks test 3 --json']
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID')}

  async run(): Promise<void> {
    await this.print(await testHook(this.api, this.args.hook_id))
  }
}
