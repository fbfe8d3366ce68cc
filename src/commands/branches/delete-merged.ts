import {deleteMergedBranches} from '../../api/branches.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'

export default class BranchesDeleteMerged extends ApiCommand<typeof BranchesDeleteMerged> {
  static summary = 'Delete every branch merged into the default branch'
  static description =
    "DELETE /projects/:id/repository/merged_branches (Maintainer role); the server answers 202 and deletes all branches merged into the default branch except protected ones. Prints the server's answer. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> branches delete-merged -p my-group/my-project', '<%= config.bin %> branches delete-merged -p 42 --yes --json']
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete every branch of project ${this.flags.project} merged into its default branch`)
    const answer = await deleteMergedBranches(this.api, this.flags.project)
    this.note(done('Scheduled', `the deletion of the merged branches of ${thing('project', this.flags.project)}`, 'protected ones and the default branch are kept'))
    await this.print(answer)
  }
}
