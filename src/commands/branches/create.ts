import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {createBranch, validBranchName} from '../../api/branches.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class BranchesCreate extends ApiCommand<typeof BranchesCreate> {
  static summary = 'Create a branch from a branch or a commit'
  static description = 'POST /projects/:id/repository/branches (Developer role at least); the server answers 201 with the branch. BRANCH may hold letters, digits, hyphens and underscores only, as the spec says; --ref is a branch name or a commit SHA.'
  static examples = [
    '<%= config.bin %> branches create feature-login -p my-group/my-project --ref main',
    '<%= config.bin %> branches create hotfix_42 -p 42 --ref 3f1c9e2a --json',
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
