import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {downloadExport, pollExport} from '../../api/vuln-export.js'
import {ApiError, CliError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {checkTarget} from '../../core/transfer/no-overwrite.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'
import {checkNoRecordFlags, saveFlags, saveOptions} from '../../core/transfer/save-flags.js'
import {ownExport, savedMessage} from '../../topics/vuln-export.js'

export default class VulnExportDownload extends ApiCommand<typeof VulnExportDownload> {
  static summary = 'Download a finished vulnerability export'
  static description =
    "GET /security/vulnerability_exports/:id/download, streamed to FILE through a temporary file (never a partial file under FILE); a folder or no FILE saves vulnerabilities-<id>.csv (or .pdf) there; - writes to stdout. An existing file is kept unless --clobber is given (exit 2, before any request). The server answers 404 until the export is finished (exit 3): --wait waits for it first. Only the export's author can download it."
  static examples = [
    '<%= config.bin %> vuln-export download 12 report.csv',
    '<%= config.bin %> vuln-export download 12 reports/ --wait --wait-timeout 900',
    '<%= config.bin %> vuln-export download 12 - | grep critical',
  ]
  static args = {
    export_id: idArg('EXPORT_ID', 'vulnerability export ID'),
    file: Args.string({description: 'where to save it: a file (its folder must exist), a folder (vulnerabilities-<id>.<format> in it), or - for stdout (default: the current folder)'}),
  }
  static timeoutIsWaitLimit = true
  static flags = {
    wait: Flags.boolean({description: 'wait until the export is finished before downloading'}),
    ...saveFlags,
    ...waitFlags,
  }

  async run(): Promise<void> {
    const {export_id: id, file = '.'} = this.args
    checkNoRecordFlags(this.shared)
    await checkTarget(file, this.flags.clobber)
    const format = this.flags.wait ? (await ownExport(id, () => waitFor(() => pollExport(this.api, id), waitOptions(this.io, this.flags, `vulnerability export ${id}`)))).format : undefined
    try {
      const message = savedMessage(id, await ownExport(id, () => downloadExport(this.api, id, file, {format, ...saveOptions(this.flags, this.connection)})))
      if (message) this.note(message)
    } catch (error) {
      // "404 when the export is unfinished or does not exist": the one case a user can do something about
      if (!(error instanceof ApiError && error.status === 404 && !this.flags.wait)) throw error
      throw new CliError(`${error.message}; an export can be downloaded once it is finished: --wait waits for it`, error.exitCode)
    }
  }
}
