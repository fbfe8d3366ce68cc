import {createWikiPage, NEW_WIKI_PAGE} from '../../api/wikis.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WikisCreate extends ApiCommand<typeof WikisCreate> {
  static summary = 'Create a wiki page'
  static description =
    'POST /projects/:id/wikis or /groups/:id/wikis (Developer role at least). The slug comes from the title: spaces become hyphens, and a title such as docs/setup puts the page in a directory. A title already used, whatever its case, is refused by the server (exit 6).'
  static examples = [
    '<%= config.bin %> wikis create -p my-group/my-project --title "Release process" --content-file release.md',
    '<%= config.bin %> wikis create -g my-group --title docs/setup --content "= Setup" --format asciidoc',
    'cat notes.md | <%= config.bin %> wikis create -p 42 --title Notes --content-file -',
  ]
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(NEW_WIKI_PAGE),
  }

  async run(): Promise<void> {
    await this.print(await createWikiPage(this.api, scopeOf(this.flags), await this.read(NEW_WIKI_PAGE)))
  }
}
