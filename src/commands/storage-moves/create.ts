import {createGroupMove, GROUP_MOVE} from '../../api/storage-moves.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class StorageMovesCreate extends ApiCommand<typeof StorageMovesCreate> {
  static summary = "Move a group's wiki repository to another storage"
  static description =
    'POST /groups/:group_id/repository_storage_moves. Administrator only. Without --destination-storage-name the server picks one by storage weights. The repository is read-only until the move ends; follow it with `storage-moves wait`.'
  static examples = ['<%= config.bin %> storage-moves create -g 42 --destination-storage-name storage-2', '<%= config.bin %> storage-moves create -g my-group --json']
  static flags = {
    ...requiredGroupFlag,
    ...flagsOf(GROUP_MOVE),
  }

  async run(): Promise<void> {
    await this.print(await createGroupMove(this.api, this.flags.group, await this.read(GROUP_MOVE)))
  }
}
