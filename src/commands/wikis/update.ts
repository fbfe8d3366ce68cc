import {updateWikiPage, WIKI_PAGE_CHANGES} from '../../api/wikis.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WikisUpdate extends ApiCommand<typeof WikisUpdate> {
  static summary = "Change a wiki page's content, title or format"
  static description =
    "PUT /projects/:id/wikis/:slug or /groups/:id/wikis/:slug (Developer role at least). Needs --content (or --content-file), --title or --format; a new title moves the page to a new slug (a title without a directory keeps the page's own, a leading / moves it to the top). Without --format the page's format is read first and kept: the platform would otherwise make it Markdown. Each change keeps the earlier version readable with `wikis get --version`."
  static examples = ['<%= config.bin %> wikis update home -p my-group/my-project --content-file home.md', '<%= config.bin %> wikis update docs/setup -g my-group --title docs/installation']
  static args = argsOf(WIKI_PAGE_CHANGES)
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(WIKI_PAGE_CHANGES),
  }

  async run(): Promise<void> {
    const changes = await this.read(WIKI_PAGE_CHANGES)
    // lib/api/wikis.rb: at_least_one_of content, title, format
    someChange({title: WIKI_PAGE_CHANGES.title, content: WIKI_PAGE_CHANGES.content, format: WIKI_PAGE_CHANGES.format}, changes)
    await this.print(await updateWikiPage(this.api, scopeOf(this.flags), changes))
  }
}
