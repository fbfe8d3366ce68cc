import {EXPORT_COLUMNS, pollExport} from '../../api/vuln-export.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'
import {ownExport} from '../../topics/vuln-export.js'

export default class VulnExportWait extends ApiCommand<typeof VulnExportWait> {
  static summary = 'Wait until a vulnerability export is finished'
  static description =
    "Polls GET /security/vulnerability_exports/:id (202 while unfinished, 200 when finished) every --interval seconds, then prints the export. Exits 9 when the export ends failed, 8 when --wait-timeout passes first. A spinner shows on a terminal only. Only the export's author can read it."
  static examples = ['<%= config.bin %> vuln-export wait 12', '<%= config.bin %> vuln-export wait 12 --wait-timeout 1800 --interval 10 --json']
  static columns = EXPORT_COLUMNS
  static args = {export_id: idArg('EXPORT_ID', 'vulnerability export ID')}
  static timeoutIsWaitLimit = true
  static flags = {...waitFlags}

  async run(): Promise<void> {
    const {export_id: id} = this.args
    await this.print(await ownExport(id, () => waitFor(() => pollExport(this.api, id), waitOptions(this.io, this.flags, `vulnerability export ${id}`))))
  }
}
