import {pollGroupMove} from '../../api/storage-moves.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, optionalGroupFlag} from '../../core/input/flags.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'

export default class StorageMovesWait extends ApiCommand<typeof StorageMovesWait> {
  static summary = 'Wait until a group repository storage move ends'
  static description =
    'Polls GET /group_repository_storage_moves/:id (or the -g form) until the move is finished, then prints it. Administrator only. Exits 9 when the move ends failed or cleanup failed, 8 when --wait-timeout passes first. A spinner shows on a terminal only.'
  static examples = ['<%= config.bin %> storage-moves wait 17', '<%= config.bin %> storage-moves wait 17 -g 42 --wait-timeout 1800 --interval 10 --json']
  static args = {move_id: idArg('MOVE_ID', 'storage move ID')}
  static timeoutIsWaitLimit = true
  static flags = {...optionalGroupFlag, ...waitFlags}

  async run(): Promise<void> {
    const {move_id: id} = this.args
    const move = await waitFor(() => pollGroupMove(this.api, id, this.flags.group), waitOptions(this.io, this.flags, `storage move ${id}`))
    await this.print(move)
  }
}
