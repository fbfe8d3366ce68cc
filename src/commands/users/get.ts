import {getUser, USER_COLUMNS, USER_FIELDS, USER_HANDLE, USER_TO_GET} from '../../api/users.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class UsersGet extends ApiCommand<typeof UsersGet> {
  static summary = 'Show a user by ID or username'
  static description =
    'GET /users/:id. A username is looked up first (GET /users?username=, exactly one match), as every --user does; a username no user has is not found (exit 3). Administrators see every field, others the public profile.'
  static fields = USER_FIELDS
  static columns = USER_COLUMNS
  static handle = USER_HANDLE
  static examples = ['<%= config.bin %> users get bob', '<%= config.bin %> users get 42 --json']
  static args = argsOf(USER_TO_GET)

  async run(): Promise<void> {
    const {user} = await this.read(USER_TO_GET)
    await this.print(await getUser(this.api, user))
  }
}
