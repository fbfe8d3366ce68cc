import * as Args from '@oclif/core/args'
import {getBranch} from '../../api/branches.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class BranchesGet extends ApiCommand<typeof BranchesGet> {
  static summary = 'Show one branch and its last commit'
  static description = 'GET /projects/:id/repository/branches/:branch. Needs no token for a public repository. A name with a slash (release/1-0) is sent as one encoded segment.'
  static examples = [
    '<%= config.bin %> branches get main -p my-group/my-project',
    '<%= config.bin %> branches get release/2026-01 -p 42 --json',
  ]
  static args = {branch: Args.string({description: 'branch name', required: true})}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getBranch(this.api, this.flags.project, this.args.branch))
  }
}
