import {getGroupMove} from '../../api/storage-moves.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, optionalGroupFlag} from '../../core/input/flags.js'

export default class StorageMovesGet extends ApiCommand<typeof StorageMovesGet> {
  static summary = 'Show one group repository storage move'
  static description =
    'GET /group_repository_storage_moves/:repository_storage_id, or GET /groups/:group_id/repository_storage_moves/:repository_storage_id with -g. Administrator only. States: initial, scheduled, started, replicated, finished, failed, cleanup failed.'
  static examples = ['<%= config.bin %> storage-moves get 17', '<%= config.bin %> storage-moves get 17 -g 42 --json']
  static args = {move_id: idArg('MOVE_ID', 'storage move ID')}
  static flags = {...optionalGroupFlag}

  async run(): Promise<void> {
    await this.print(await getGroupMove(this.api, this.args.move_id, this.flags.group))
  }
}
