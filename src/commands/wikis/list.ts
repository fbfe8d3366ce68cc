import * as Flags from '@oclif/core/flags'
import {WIKI_COLUMNS, listWikiPages} from '../../api/wikis.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/flags.js'
import {scopeOf} from '../../core/scope.js'
import {WIKI_FIELDS} from '../../api/wikis.js'

export default class WikisList extends ApiCommand<typeof WikisList> {
  static summary = 'List the wiki pages of a project or a group'
  static description = 'GET /projects/:id/wikis or /groups/:id/wikis (Guest role at least; group wikis are Premium and Ultimate). Page content is included only with --with-content.'
  static fields = WIKI_FIELDS
  static examples = [
    '<%= config.bin %> wikis list -p my-group/my-project',
    '<%= config.bin %> wikis list -g my-group --with-content --json',
  ]
  static columns = WIKI_COLUMNS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    'with-content': Flags.boolean({description: 'include each page\'s content', allowNo: true}),
  }

  async run(): Promise<void> {
    await this.printList(listWikiPages(scopeOf(this.flags), apiInput(this.flags, ['with-content'])))
  }
}
