import {BRANCH, deleteBranch} from '../../api/branches.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class BranchesDelete extends ApiCommand<typeof BranchesDelete> {
  static summary = 'Delete a branch'
  static description =
    'DELETE /projects/:id/repository/branches/:branch (Developer role at least); the server answers 204. The default branch and protected branches cannot be deleted: the server explains why (exit 6). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> branches delete feature-login -p my-group/my-project', '<%= config.bin %> branches delete release/2026-01 -p 42 --yes']
  static args = argsOf(BRANCH)
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {branch} = await this.read(BRANCH)
    await this.confirm(`delete branch "${branch}" of project ${this.flags.project}`)
    await deleteBranch(this.api, this.flags.project, branch)
    this.note(done('Deleted', thing('branch', branch, thing('project', this.flags.project))))
  }
}
