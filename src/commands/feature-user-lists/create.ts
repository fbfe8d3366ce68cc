import {createUserList, NEW_USER_LIST} from '../../api/feature-user-lists.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class FeatureUserListsCreate extends ApiCommand<typeof FeatureUserListsCreate> {
  static summary = 'Create a feature flag user list'
  static description = 'POST /projects/:id/feature_flags_user_lists (Developer role at least). --user-xids takes external user IDs, repeatable or as a comma list; they are sent comma-separated.'
  static examples = [
    '<%= config.bin %> feature-user-lists create -p my-group/my-project --name beta-testers --user-xids user-1,user-2',
    '<%= config.bin %> feature-user-lists create -p 42 --name staff --user-xids alice@example.com --user-xids bob@example.com --json',
  ]
  // -q prints the IID: the other feature-user-lists commands take it, not the ID
  static handle = 'iid'
  static flags = {...requiredProjectFlag, ...flagsOf(NEW_USER_LIST)}

  async run(): Promise<void> {
    await this.print(await createUserList(this.api, this.flags.project, await this.read(NEW_USER_LIST)))
  }
}
