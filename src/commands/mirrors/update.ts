import {checkBranchRegex, MIRROR_CHANGES, updateMirror} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsUpdate extends ApiCommand<typeof MirrorsUpdate> {
  static summary = "Change a push mirror's settings"
  static description = 'PUT /projects/:id/remote_mirrors/:mirror_id (Maintainer role). The URL cannot be changed: delete the mirror and add it again.'
  static examples = [
    '<%= config.bin %> mirrors update 7 -p my-group/my-project --enabled',
    '<%= config.bin %> mirrors update 7 -p 42 --mirror-branch-regex "^(main|release/.*)$"',
    '<%= config.bin %> mirrors update 7 -p 42 --mirror-branch-regex ""',
  ]
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(MIRROR_CHANGES)}

  async run(): Promise<void> {
    const changes = await this.read(MIRROR_CHANGES)
    someChange(MIRROR_CHANGES, changes)
    checkBranchRegex(changes)
    await this.print(await asMaintainer(this.api, this.flags.project, () => updateMirror(this.api, this.flags.project, this.args.mirror_id, changes)))
  }
}
