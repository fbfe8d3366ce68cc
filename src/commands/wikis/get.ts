import {getWikiPage, WIKI_READ} from '../../api/wikis.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WikisGet extends ApiCommand<typeof WikisGet> {
  static summary = 'Show one wiki page'
  static description =
    'GET /projects/:id/wikis/:slug or /groups/:id/wikis/:slug (Guest role at least). SLUG may name a directory (docs/setup); it is sent as one encoded segment. --version reads an earlier version of the page by its SHA.'
  static examples = [
    '<%= config.bin %> wikis get home -p my-group/my-project',
    '<%= config.bin %> wikis get docs/setup -g my-group --render-html --json',
    '<%= config.bin %> wikis get home -p 42 --version 4f8a0c1e9b2d7a6c5e3f1b0d9c8a7e6f5d4c3b2a',
  ]
  static args = argsOf(WIKI_READ)
  static flags = {
    ...projectOrGroupFlags,
    ...flagsOf(WIKI_READ),
  }

  async run(): Promise<void> {
    await this.print(await getWikiPage(this.api, scopeOf(this.flags), await this.read(WIKI_READ)))
  }
}
