import {listWikiPages, WIKI_COLUMNS, WIKI_FIELDS, WIKI_LIST_OPTIONS} from '../../api/wikis.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WikisList extends ApiCommand<typeof WikisList> {
  static summary = 'List the wiki pages of a project or a group'
  static description = 'GET /projects/:id/wikis or /groups/:id/wikis (Guest role at least; group wikis are Premium and Ultimate). Page content is included only with --with-content.'
  static fields = WIKI_FIELDS
  static examples = ['<%= config.bin %> wikis list -p my-group/my-project', '<%= config.bin %> wikis list -g my-group --with-content --json']
  static columns = WIKI_COLUMNS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    ...flagsOf(WIKI_LIST_OPTIONS),
  }

  async run(): Promise<void> {
    await this.printList(listWikiPages(scopeOf(this.flags), await this.read(WIKI_LIST_OPTIONS)))
  }
}
