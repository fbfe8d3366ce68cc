import {getKey, KEY_COLUMNS} from '../../api/keys.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'

export default class KeysGet extends ApiCommand<typeof KeysGet> {
  static summary = 'Show an SSH key by ID, with its owner'
  static description = 'GET /keys/:id (administrator): the key record and the user who owns it.'
  static examples = ['<%= config.bin %> keys get 3', '<%= config.bin %> keys get 3 --json', '<%= config.bin %> keys get 3 --columns title,user.username,last_used_at']
  static columns = KEY_COLUMNS
  static args = {key_id: idArg('KEY_ID', 'SSH key ID')}

  async run(): Promise<void> {
    await this.print(await getKey(this.api, this.args.key_id))
  }
}
