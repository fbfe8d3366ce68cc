import {listSshCertificates, SSH_CERTIFICATE_COLUMNS, SSH_CERTIFICATE_FIELDS} from '../../api/ssh-certificates.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredGroupFlag} from '../../core/input/flags.js'

export default class SshCertificatesList extends ApiCommand<typeof SshCertificatesList> {
  static summary = 'List the SSH certificate authorities of a top-level group'
  static description = 'GET /groups/:id/ssh_certificates (Owner of a top-level group; Premium and Ultimate, hosted offering).'
  static fields = SSH_CERTIFICATE_FIELDS
  static examples = ['<%= config.bin %> ssh-certificates list -g my-group', '<%= config.bin %> ssh-certificates list -g 42 --all --json']
  static columns = SSH_CERTIFICATE_COLUMNS
  static flags = {...requiredGroupFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listSshCertificates(this.flags.group))
  }
}
