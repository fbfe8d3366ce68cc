import {deleteUserList} from '../../api/feature-user-lists.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'

export default class FeatureUserListsDelete extends ApiCommand<typeof FeatureUserListsDelete> {
  static summary = 'Delete a feature flag user list'
  static description = 'DELETE /projects/:id/feature_flags_user_lists/:iid (Developer role at least). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> feature-user-lists delete 1 -p my-group/my-project', '<%= config.bin %> feature-user-lists delete 1 -p 42 --yes']
  static args = {iid: idArg('IID', 'user list IID (per project)')}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete feature flag user list ${this.args.iid} of project ${this.flags.project}`)
    await deleteUserList(this.api, this.flags.project, this.args.iid)
    this.note(done('Deleted', thing('feature flag user list', this.args.iid, thing('project', this.flags.project))))
  }
}
