import {listUsers, USER_COLUMNS, USER_FIELDS, USER_FILTERS, USER_HANDLE} from '../../api/users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class UsersList extends ApiCommand<typeof UsersList> {
  static summary = 'Find users by username or by name'
  static description =
    'GET /users (signed in). --username finds one user exactly (whatever its case); --search looks in usernames and names, and for administrators in e-mail addresses. Administrators see every field (e-mail, is_admin, ...), others the public profile. -q prints each username, as every --user takes it.'
  static fields = USER_FIELDS
  static columns = USER_COLUMNS
  static handle = USER_HANDLE
  static examples = ['<%= config.bin %> users list --username bob', '<%= config.bin %> users list --search smith --active', '<%= config.bin %> users list --blocked --all -q']
  static flags = {...listFlags, ...flagsOf(USER_FILTERS)}

  async run(): Promise<void> {
    await this.printList(listUsers(await this.read(USER_FILTERS)))
  }
}
