import * as Flags from '@oclif/core/flags'
import {createGroupMove} from '../../api/storage-moves.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredGroupFlag} from '../../core/flags.js'

export default class StorageMovesCreate extends ApiCommand<typeof StorageMovesCreate> {
  static summary = "Move a group's wiki repository to another storage"
  static description = 'POST /groups/:group_id/repository_storage_moves. Administrator only. Without --destination-storage-name the server picks one by storage weights. The repository is read-only until the move ends; follow it with `storage-moves wait`.'
  static examples = [
    '<%= config.bin %> storage-moves create -g 42 --destination-storage-name storage-2',
    '<%= config.bin %> storage-moves create -g my-group --json',
  ]
  static flags = {
    ...requiredGroupFlag,
    'destination-storage-name': Flags.string({description: 'storage to move to (default: chosen by storage weights)'}),
  }

  async run(): Promise<void> {
    await this.print(await createGroupMove(this.api, this.flags.group, apiInput(this.flags, ['destination-storage-name'])))
  }
}
