import * as Args from '@oclif/core/args'
import {deleteBranch} from '../../api/branches.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class BranchesDelete extends ApiCommand<typeof BranchesDelete> {
  static summary = 'Delete a branch'
  static description = 'DELETE /projects/:id/repository/branches/:branch (Developer role at least); the server answers 204. The default branch and protected branches cannot be deleted: the server explains why (exit 6). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> branches delete feature-login -p my-group/my-project',
    '<%= config.bin %> branches delete release/2026-01 -p 42 --yes',
  ]
  static args = {branch: Args.string({description: 'branch name', required: true})}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete branch "${this.args.branch}" of project ${this.flags.project}`)
    await deleteBranch(this.api, this.flags.project, this.args.branch)
    this.note(done('Deleted', thing('branch', this.args.branch, thing('project', this.flags.project))))
  }
}
