import {checkBranchRegex, createMirror, NEW_MIRROR} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsCreate extends ApiCommand<typeof MirrorsCreate> {
  static summary = 'Add a push mirror to a project'
  static description =
    'POST /projects/:id/remote_mirrors (Maintainer role). Push mirroring is disabled unless --enabled is given; update_status starts as none. The URL, which may hold credentials, is sent to the server and shown as [REDACTED] in the printed mirror, in --verbose and in --dry-run; `mirrors get` shows it as the server keeps it.'
  static examples = [
    '<%= config.bin %> mirrors create -p my-group/my-project --url https://bot:TOKEN@backup.example.com/team/app.git --enabled',
    '<%= config.bin %> mirrors create -p 42 --url ssh://git@mirror.example.org/team/app.git --auth-method ssh_public_key --keep-divergent-refs',
    '<%= config.bin %> mirrors create -p 42 --url https://backup.example.com/app.git --mirror-branch-regex "^release/" --enabled',
  ]
  static flags = {...requiredProjectFlag, ...flagsOf(NEW_MIRROR)}

  async run(): Promise<void> {
    const mirror = await this.read(NEW_MIRROR)
    checkBranchRegex(mirror)
    await this.print(await asMaintainer(this.api, this.flags.project, () => createMirror(this.api, this.flags.project, mirror)))
  }
}
