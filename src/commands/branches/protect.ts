import {PROTECTED_BRANCH_COLUMNS, PROTECTED_BRANCH_WORDS, PROTECTION, protectBranch} from '../../api/branches.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class BranchesProtect extends ApiCommand<typeof BranchesProtect> {
  static summary = 'Protect a branch (or a wildcard such as release-*)'
  static description =
    'POST /projects/:id/protected_branches (Maintainer role); the server answers 201 with the protected branch, and the branch then shows protected: true. A branch already protected is a conflict (409, exit 6). Access levels default to Maintainers on the server.'
  static examples = [
    '<%= config.bin %> branches protect main -p my-group/my-project',
    '<%= config.bin %> branches protect "release-*" -p 42 --push-access-level 0 --merge-access-level developer --no-allow-force-push   # a role by its number or its word',
  ]
  static columns = PROTECTED_BRANCH_COLUMNS
  static words = PROTECTED_BRANCH_WORDS
  // -q prints the name (or wildcard) that `branches unprotect` takes, not the rule's ID
  static handle = 'name'
  static args = argsOf(PROTECTION)
  static flags = {...requiredProjectFlag, ...flagsOf(PROTECTION)}

  async run(): Promise<void> {
    await this.print(await protectBranch(this.api, this.flags.project, await this.read(PROTECTION)))
  }
}
