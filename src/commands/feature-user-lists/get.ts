import {getUserList} from '../../api/feature-user-lists.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'

export default class FeatureUserListsGet extends ApiCommand<typeof FeatureUserListsGet> {
  static summary = 'Show one feature flag user list'
  static description = 'GET /projects/:id/feature_flags_user_lists/:iid (Developer role at least). IID is the number of the list within the project.'
  static examples = ['<%= config.bin %> feature-user-lists get 1 -p my-group/my-project', '<%= config.bin %> feature-user-lists get 3 -p 42 --json']
  // -q prints the IID: the other feature-user-lists commands take it, not the ID
  static handle = 'iid'
  static args = {iid: idArg('IID', 'user list IID (per project)')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getUserList(this.api, this.flags.project, this.args.iid))
  }
}
