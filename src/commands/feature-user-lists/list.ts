import {listUserLists, USER_LIST_COLUMNS, USER_LIST_FIELDS, USER_LIST_FILTERS} from '../../api/feature-user-lists.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class FeatureUserListsList extends ApiCommand<typeof FeatureUserListsList> {
  static summary = "List a project's feature flag user lists"
  static description = 'GET /projects/:id/feature_flags_user_lists (Developer role at least).'
  static fields = USER_LIST_FIELDS
  static examples = ['<%= config.bin %> feature-user-lists list -p my-group/my-project', '<%= config.bin %> feature-user-lists list -p 42 --search beta --json']
  static columns = USER_LIST_COLUMNS
  // -q prints the IID: the other feature-user-lists commands take it, not the ID
  static handle = 'iid'
  static flags = {...requiredProjectFlag, ...listFlags, ...flagsOf(USER_LIST_FILTERS)}

  async run(): Promise<void> {
    await this.printList(listUserLists(this.flags.project, await this.read(USER_LIST_FILTERS)))
  }
}
