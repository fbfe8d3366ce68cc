import {EXPORT_COLUMNS, getExport} from '../../api/vuln-export.js'
import {info, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg} from '../../core/input/flags.js'
import {ownExport} from '../../topics/vuln-export.js'

export default class VulnExportGet extends ApiCommand<typeof VulnExportGet> {
  static summary = 'Show a vulnerability export and whether it is finished'
  static description =
    "GET /security/vulnerability_exports/:id. Only the export's author can read it: anyone else, an administrator too, gets 403 (exit 5). While the export is not finished the server answers 202 with the record: forgectl prints it and says so on stderr (exit 0); `vuln-export wait` waits for it."
  static examples = ['<%= config.bin %> vuln-export get 12', '<%= config.bin %> vuln-export get 12 --json']
  static columns = EXPORT_COLUMNS
  static args = {export_id: idArg('EXPORT_ID', 'vulnerability export ID')}

  async run(): Promise<void> {
    const {finished, export: record} = await ownExport(this.args.export_id, () => getExport(this.api, this.args.export_id))
    await this.print(record)
    if (!finished) this.note(info(`${thing('Vulnerability export', record.id)} is not finished yet (status ${record.status}); wait for it with \`${this.config.bin} vuln-export wait ${record.id}\``))
  }
}
