import * as Flags from '@oclif/core/flags'
import {EXPORT_OPTIONS, exportBaseline, exportPoller, RELATION_EXPORT_COLUMNS, RELATION_EXPORT_WORDS, startExport} from '../../api/relations-export.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'

export default class RelationsExportStart extends ApiCommand<typeof RelationsExportStart> {
  static summary = "Start an export of a project's relations, one file per relation"
  static description =
    "POST /projects/:id/export_relations (Maintainer role at least); the server answers 202 and exports every top-level relation (labels, milestones, issues, merge_requests, ...) in the background. A start while an export runs exports again only the relations whose job has ended: the platform drops a job for a relation still queued or being exported. With --wait, reads GET /projects/:id/export_relations/status before the start, then polls it until every relation of this export has finished and prints the status entries, or exits 9 naming each relation that failed with the server's error (exit 8 when --wait-timeout passes first); entries of an earlier export, even one that ended in the second of the start, are not taken for the new one. A spinner shows on a terminal only. Used mainly by group migration by direct transfer; it cannot be combined with project import and export."
  static examples = ['<%= config.bin %> relations-export start -p my-group/my-project', '<%= config.bin %> relations-export start -p 42 --batched --wait --wait-timeout 1800 --interval 10']
  static columns = RELATION_EXPORT_COLUMNS
  static words = RELATION_EXPORT_WORDS
  static timeoutIsWaitLimit = true
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(EXPORT_OPTIONS),
    wait: Flags.boolean({description: 'wait until every relation is exported and print the status entries'}),
    ...waitFlags,
  }

  async run(): Promise<void> {
    const {project, wait} = this.flags
    const input = await this.read(EXPORT_OPTIONS)
    // the entries before the start tell this export's from an earlier one's; a dry run only shows the start
    const before = wait && !this.flags['dry-run'] ? await exportBaseline(this.api, project) : undefined
    const started = await startExport(this.api, project, input)
    this.note(done('Started', `the relations export of ${thing('project', project)}`))
    if (!before) return this.print(started.body)
    const poll = exportPoller(this.api, project, {since: started.startedAt, before})
    await this.print(await waitFor(poll, waitOptions(this.io, this.flags, `relations export of project ${project}`)))
  }
}
