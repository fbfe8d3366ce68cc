import {deleteWikiPage, WIKI_PAGE} from '../../api/wikis.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {scopeOf, scopeThing} from '../../core/input/scope.js'

export default class WikisDelete extends ApiCommand<typeof WikisDelete> {
  static summary = 'Delete a wiki page'
  static description =
    'DELETE /projects/:id/wikis/:slug or /groups/:id/wikis/:slug (Maintainer role at least: deleting needs admin_wiki); the server answers 204 with an empty body. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> wikis delete old-notes -p my-group/my-project', '<%= config.bin %> wikis delete docs/setup -g my-group --yes']
  static args = argsOf(WIKI_PAGE)
  static flags = {...projectOrGroupFlags, ...yesFlag}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    const {slug} = await this.read(WIKI_PAGE)
    await this.confirm(`delete wiki page "${slug}" of ${scopeThing(scope)}`)
    await deleteWikiPage(this.api, scope, slug)
    this.note(done('Deleted', thing('wiki page', slug, scopeThing(scope))))
  }
}
