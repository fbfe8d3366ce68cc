import {BRANCH, getBranch} from '../../api/branches.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class BranchesGet extends ApiCommand<typeof BranchesGet> {
  static summary = 'Show one branch and its last commit'
  static description = 'GET /projects/:id/repository/branches/:branch. Needs no token for a public repository. A name with a slash (release/1-0) is sent as one encoded segment.'
  static examples = ['<%= config.bin %> branches get main -p my-group/my-project', '<%= config.bin %> branches get release/2026-01 -p 42 --json']
  static args = argsOf(BRANCH)
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    const {branch} = await this.read(BRANCH)
    await this.print(await getBranch(this.api, this.flags.project, branch))
  }
}
