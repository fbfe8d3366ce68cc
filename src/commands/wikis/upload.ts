import {ATTACHMENT_COLUMNS, uploadWikiAttachment, WIKI_ATTACHMENT} from '../../api/wikis.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WikisUpload extends ApiCommand<typeof WikisUpload> {
  static summary = "Upload a file to a wiki's attachments"
  static description =
    'POST /projects/:id/wikis/attachments or /groups/:id/wikis/attachments as multipart/form-data (Developer role at least). The file is streamed from disk. Prints the stored path and a Markdown link to paste into a page.'
  static examples = ['<%= config.bin %> wikis upload diagram.png -p my-group/my-project', '<%= config.bin %> wikis upload manual.pdf -g my-group --branch docs --json']
  static columns = ATTACHMENT_COLUMNS
  // -q prints where the file landed in the wiki repository
  static handle = 'file_path'
  static args = argsOf(WIKI_ATTACHMENT)
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(WIKI_ATTACHMENT),
  }

  async run(): Promise<void> {
    await this.print(await uploadWikiAttachment(this.api, scopeOf(this.flags), await this.read(WIKI_ATTACHMENT)))
  }
}
