import {BULK_MOVE, scheduleMoves} from '../../api/storage-moves.js'
import {UsageError} from '../../core/base/errors.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class StorageMovesSchedule extends ApiCommand<typeof StorageMovesSchedule> {
  static summary = 'Move every repository of one type off a storage'
  static description =
    'POST /project_repository_storage_moves, /snippet_repository_storage_moves or /group_repository_storage_moves. Administrator only. Schedules moves of all repositories of that type on the source storage; the server answers 202 Accepted. Without --destination-storage-name the server picks by storage weights. Asks for confirmation on a terminal; pass --yes in scripts. Afterwards, check that no project remains: `forgectl api GET "/projects?repository_storage=NAME"`.'
  static examples = [
    '<%= config.bin %> storage-moves schedule --type project --source-storage-name default --destination-storage-name storage-2',
    '<%= config.bin %> storage-moves schedule --type group --source-storage-name legacy --yes',
  ]
  static flags = {
    ...flagsOf(BULK_MOVE),
    ...yesFlag,
  }

  async run(): Promise<void> {
    const input = await this.read(BULK_MOVE)
    const {type, source_storage_name: source, destination_storage_name: destination} = input
    // the platform takes it (202; no rule in lib/api/*_repository_storage_moves.rb) and turns every
    // repository read-only for a move onto the storage it is already on: nothing to gain, so refused here
    if (destination === source) throw new UsageError('--destination-storage-name must differ from --source-storage-name: a move onto the same storage changes nothing')
    await this.confirm(`move every ${type} repository on storage "${source}" to ${destination === undefined ? 'a storage chosen by weights' : `"${destination}"`}`)
    const result = await scheduleMoves(this.api, input)
    this.note(done('Scheduled', `moves of every ${type} repository on ${thing('storage', source)}`))
    await this.print(result)
  }
}
