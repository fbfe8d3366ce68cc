import {listMirrors, MIRROR_COLUMNS, MIRROR_FIELDS} from '../../api/mirrors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsList extends ApiCommand<typeof MirrorsList> {
  static summary = "List a project's push mirrors"
  static description = 'GET /projects/:id/remote_mirrors (Maintainer role). Credentials in the URLs are always scrubbed by the server.'
  static fields = MIRROR_FIELDS
  static examples = ['<%= config.bin %> mirrors list -p my-group/my-project', '<%= config.bin %> mirrors list -p 42 --json']
  static columns = MIRROR_COLUMNS
  static flags = {...requiredProjectFlag, ...listFlags}

  async run(): Promise<void> {
    await asMaintainer(this.api, this.flags.project, () => this.printList(listMirrors(this.flags.project)))
  }
}
