import {listGroupMoves, MOVE_COLUMNS, MOVE_FIELDS} from '../../api/storage-moves.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, optionalGroupFlag} from '../../core/input/flags.js'

export default class StorageMovesList extends ApiCommand<typeof StorageMovesList> {
  static summary = 'List group repository storage moves'
  static description =
    'GET /group_repository_storage_moves (every group), or GET /groups/:group_id/repository_storage_moves with -g. Administrator only. Group moves carry the group wiki repositories, not the projects of the group.'
  static fields = MOVE_FIELDS
  static examples = ['<%= config.bin %> storage-moves list', '<%= config.bin %> storage-moves list -g 42 --json', '<%= config.bin %> storage-moves list --all -o csv --columns id,state,group.name']
  static columns = MOVE_COLUMNS
  static flags = {...optionalGroupFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listGroupMoves(this.flags.group))
  }
}
