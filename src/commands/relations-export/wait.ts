import {assertRelationExported, exportPoller, RELATION_EXPORT_COLUMNS, RELATION_EXPORT_WORDS, STATUS_FILTER} from '../../api/relations-export.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'

export default class RelationsExportWait extends ApiCommand<typeof RelationsExportWait> {
  static summary = "Wait until a project's relations export ends"
  static description =
    "Polls GET /projects/:id/export_relations/status (Maintainer role at least) until every relation (or the one --relation names) is finished, every batch included, then prints the status entries. Exits 9 naming each relation that failed with the server's error, 8 when --wait-timeout passes first. It waits for the entries as they are: right after a start, use `start --wait`, which ignores the entries of an earlier export. A spinner shows on a terminal only."
  static examples = ['<%= config.bin %> relations-export wait -p my-group/my-project', '<%= config.bin %> relations-export wait -p 42 --relation issues --wait-timeout 900 --interval 5 --json']
  static columns = RELATION_EXPORT_COLUMNS
  static words = RELATION_EXPORT_WORDS
  static timeoutIsWaitLimit = true
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(STATUS_FILTER),
    ...waitFlags,
  }

  async run(): Promise<void> {
    const {project} = this.flags
    const {relation} = await this.read(STATUS_FILTER)
    if (relation) await assertRelationExported(this.api, project, relation)
    const what = relation ? `export of ${relation} in project ${project}` : `relations export of project ${project}`
    await this.print(await waitFor(exportPoller(this.api, project, {relation}), waitOptions(this.io, this.flags, what)))
  }
}
