import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {createBranch} from '../../api/branches.js'
import {validBranchName} from '../../api/branch-name.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class BranchesCreate extends ApiCommand<typeof BranchesCreate> {
  static summary = 'Create a branch from a branch or a commit'
  static description = 'POST /projects/:id/repository/branches (Developer role at least); the server answers 201 with the branch. BRANCH follows git\'s rules for branch names, as the platform does (`feature/x` and `release/2026-01` are fine; the spec\'s prose allows only letters, digits, - and _); --ref is a branch name or a commit SHA.'
  static examples = [
    '<%= config.bin %> branches create feature-login -p my-group/my-project --ref main',
    '<%= config.bin %> branches create hotfix_42 -p 42 --ref 3f1c9e2a --json',
    '<%= config.bin %> branches create release/2026-02 -p my-group/my-project --ref main',
  ]
  static args = {branch: Args.string({description: 'name of the new branch', required: true})}
  static flags = {
    ...requiredProjectFlag,
    ref: Flags.string({description: 'branch name or commit SHA to start from', required: true}),
  }

  async run(): Promise<void> {
    const branch = validBranchName(this.args.branch)
    await this.print(await createBranch(this.api, this.flags.project, branch, this.flags.ref))
  }
}
