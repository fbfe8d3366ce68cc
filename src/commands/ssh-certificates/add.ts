import {addSshCertificate, NEW_SSH_CERTIFICATE} from '../../api/ssh-certificates.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class SshCertificatesAdd extends ApiCommand<typeof SshCertificatesAdd> {
  static summary = 'Add an SSH certificate authority to a top-level group'
  static description =
    "POST /groups/:id/ssh_certificates (Owner of a top-level group). KEY is the public key of the certificate authority whose certificates may access the group's repositories; it is checked locally first, and a key already added to the group is refused by the server (another group may add the same one)."
  static examples = [
    '<%= config.bin %> ssh-certificates add -g my-group --title "Corporate CA" --key-file ca.pub',
    '<%= config.bin %> ssh-certificates add -g 42 --title "Build CA" --key "ssh-ed25519 AAAAC3Nza... ca@build"',
  ]
  static flags = {
    ...requiredGroupFlag,
    ...flagsOf(NEW_SSH_CERTIFICATE),
  }

  async run(): Promise<void> {
    await this.print(await addSshCertificate(this.api, this.flags.group, await this.read(NEW_SSH_CERTIFICATE)))
  }
}
