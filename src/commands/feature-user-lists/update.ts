import {USER_LIST_CHANGES, updateUserList} from '../../api/feature-user-lists.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class FeatureUserListsUpdate extends ApiCommand<typeof FeatureUserListsUpdate> {
  static summary = 'Rename a feature flag user list or replace its users'
  static description = 'PUT /projects/:id/feature_flags_user_lists/:iid (Developer role at least). --user-xids replaces the whole list of external user IDs.'
  static examples = [
    '<%= config.bin %> feature-user-lists update 1 -p my-group/my-project --name early-adopters',
    '<%= config.bin %> feature-user-lists update 1 -p 42 --user-xids user-1,user-2,user-9 --json',
  ]
  // -q prints the IID: the other feature-user-lists commands take it, not the ID
  static handle = 'iid'
  static args = {iid: idArg('IID', 'user list IID (per project)')}
  static flags = {...requiredProjectFlag, ...flagsOf(USER_LIST_CHANGES)}

  async run(): Promise<void> {
    const changes = await this.read(USER_LIST_CHANGES)
    someChange(USER_LIST_CHANGES, changes)
    await this.print(await updateUserList(this.api, this.flags.project, this.args.iid, changes))
  }
}
