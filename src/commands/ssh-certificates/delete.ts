import {deleteSshCertificate} from '../../api/ssh-certificates.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredGroupFlag, yesFlag} from '../../core/input/flags.js'

export default class SshCertificatesDelete extends ApiCommand<typeof SshCertificatesDelete> {
  static summary = 'Delete an SSH certificate authority of a top-level group'
  static description =
    'DELETE /groups/:id/ssh_certificates/:id (Owner of a top-level group): certificates signed by that authority no longer give access. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> ssh-certificates delete 7 -g my-group', '<%= config.bin %> ssh-certificates delete 7 -g 42 --yes']
  static args = {cert_id: idArg('CERT_ID', 'SSH certificate ID')}
  static flags = {...requiredGroupFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete SSH certificate ${this.args.cert_id} of group ${this.flags.group}`)
    await deleteSshCertificate(this.api, this.flags.group, this.args.cert_id)
    this.note(done('Deleted', thing('SSH certificate', this.args.cert_id, thing('group', this.flags.group))))
  }
}
