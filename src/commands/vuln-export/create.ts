import * as Flags from '@oclif/core/flags'
import {createExport, downloadExport, EXPORT_COLUMNS, exportScope, NEW_EXPORT, pollExport} from '../../api/vuln-export.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {optionalGroupFlag, optionalProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {withOptionalValue} from '../../core/input/optional-value.js'
import {checkTarget} from '../../core/transfer/no-overwrite.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'
import {checkNoRecordFlags, saveFlags, saveOptions} from '../../core/transfer/save-flags.js'
import {savedMessage} from '../../topics/vuln-export.js'

export default class VulnExportCreate extends ApiCommand<typeof VulnExportCreate> {
  static summary = 'Start a vulnerability export of a project, a group or your security dashboard'
  static description =
    'POST /security/projects/:id/vulnerability_exports (-p), /security/groups/:id/vulnerability_exports (-g), or /security/vulnerability_exports (neither: the projects selected in your security dashboard). Developer role at least on the project or group; any signed-in user for the dashboard. One export at a time per user and project or group: a second one while the first runs is refused with 429 (exit 7). PDF needs the vulnerabilities_pdf_export feature flag. --wait polls until the export is finished; --download [FILE] waits too, then streams the document to FILE (a folder or no FILE: vulnerabilities-<id>.csv or .pdf there; - for stdout). An existing file is kept unless --clobber is given (exit 2, checked before the export is started).'
  static examples = [
    '<%= config.bin %> vuln-export create -p my-group/my-project',
    '<%= config.bin %> vuln-export create -g my-group --wait --wait-timeout 900 --json',
    '<%= config.bin %> vuln-export create -p 42 --send-email --download reports/',
    '<%= config.bin %> vuln-export create -p 42 --format pdf --report-data-file charts.json --download report.pdf',
  ]
  static columns = EXPORT_COLUMNS
  static timeoutIsWaitLimit = true
  static flags = {
    ...optionalProjectFlag,
    ...optionalGroupFlag,
    ...flagsOf(NEW_EXPORT),
    wait: Flags.boolean({description: 'wait until the export is finished and print it'}),
    download: Flags.string({description: 'wait, then save the document to FILE (a folder or no FILE: vulnerabilities-<id>.<format> there; - for stdout)', helpValue: '[FILE]'}),
    ...saveFlags,
    ...waitFlags,
  }

  public async init(): Promise<void> {
    // a bare --download means "vulnerabilities-<id>.<format>, in the current folder"
    this.argv = withOptionalValue(this.argv, 'download', '.')
    await super.init()
  }

  async run(): Promise<void> {
    const {wait, download} = this.flags
    if (download !== undefined) checkNoRecordFlags(this.shared)
    const input = await this.read(NEW_EXPORT)
    const scope = exportScope(this.flags, input)
    // an export that could not be saved should not be started
    if (download !== undefined) await checkTarget(download, this.flags.clobber)
    const created = await createExport(this.api, scope, input)
    if (!wait && download === undefined) return this.print(created)
    this.note(done('Created', thing('vulnerability export', created.id)))
    const finished = await waitFor(() => pollExport(this.api, created.id), waitOptions(this.io, this.flags, `vulnerability export ${created.id}`))
    if (download === undefined) return this.print(finished)
    const message = savedMessage(created.id, await downloadExport(this.api, created.id, download, {format: finished.format, ...saveOptions(this.flags, this.connection)}))
    if (message) this.note(message)
  }
}
