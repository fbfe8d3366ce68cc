import {getExportStatus, RELATION_EXPORT_COLUMNS, RELATION_EXPORT_WORDS, STATUS_FILTER} from '../../api/relations-export.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class RelationsExportStatus extends ApiCommand<typeof RelationsExportStatus> {
  static summary = 'Show the export status of each relation of a project'
  static description =
    "GET /projects/:id/export_relations/status (Maintainer role at least): one entry per relation with status 0 (started), 1 (finished) or -1 (failed), its error, updated_at, and for batched relations batches_count and each batch. A table shows the status as a word; json, yaml, csv and ndjson keep the API's number. --relation shows that relation's entry only (still a list)."
  static examples = ['<%= config.bin %> relations-export status -p my-group/my-project', '<%= config.bin %> relations-export status -p 42 --relation issues --json']
  static columns = RELATION_EXPORT_COLUMNS
  static words = RELATION_EXPORT_WORDS
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(STATUS_FILTER),
  }

  async run(): Promise<void> {
    const {relation} = await this.read(STATUS_FILTER)
    await this.print(await getExportStatus(this.api, this.flags.project, relation))
  }
}
