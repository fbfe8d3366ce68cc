import {createBranch, NEW_BRANCH} from '../../api/branches.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class BranchesCreate extends ApiCommand<typeof BranchesCreate> {
  static summary = 'Create a branch from a branch or a commit'
  static description =
    "POST /projects/:id/repository/branches (Developer role at least); the server answers 201 with the branch. BRANCH follows git's rules for branch names, as the platform does (`feature/x` and `release/2026-01` are fine; the spec's prose allows only letters, digits, - and _); --ref is a branch name or a commit SHA."
  static examples = [
    '<%= config.bin %> branches create feature-login -p my-group/my-project --ref main',
    '<%= config.bin %> branches create hotfix_42 -p 42 --ref 3f1c9e2a --json',
    '<%= config.bin %> branches create release/2026-02 -p my-group/my-project --ref main',
  ]
  static args = argsOf(NEW_BRANCH)
  static flags = {...requiredProjectFlag, ...flagsOf(NEW_BRANCH)}

  async run(): Promise<void> {
    await this.print(await createBranch(this.api, this.flags.project, await this.read(NEW_BRANCH)))
  }
}
