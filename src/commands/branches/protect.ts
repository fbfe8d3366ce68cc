import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {PROTECTED_BRANCH_COLUMNS, PUSH_MERGE_LEVELS, UNPROTECT_LEVELS, protectBranch} from '../../api/branches.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

const LEVELS = '0 no one, 30 Developers + Maintainers, 40 Maintainers, 60 Admins'
const accessLevel = (levels: readonly string[], description: string) =>
  Flags.custom<number>({options: [...levels], parse: async input => Number(input)})({description: `${description} (${LEVELS})`})

export default class BranchesProtect extends ApiCommand<typeof BranchesProtect> {
  static summary = 'Protect a branch (or a wildcard such as release-*)'
  static description = 'POST /projects/:id/protected_branches (Maintainer role); the server answers 201 with the protected branch, and the branch then shows protected: true. A branch already protected is a conflict (409, exit 6). Access levels default to Maintainers on the server.'
  static examples = [
    '<%= config.bin %> branches protect main -p my-group/my-project',
    '<%= config.bin %> branches protect "release-*" -p 42 --push-access-level 0 --merge-access-level 30 --no-allow-force-push',
  ]
  static columns = PROTECTED_BRANCH_COLUMNS
  // -q prints the name (or wildcard) that `branches unprotect` takes, not the rule's ID
  static handle = 'name'
  static args = {branch: Args.string({description: 'branch name or wildcard', required: true})}
  static flags = {
    ...requiredProjectFlag,
    'push-access-level': accessLevel(PUSH_MERGE_LEVELS, 'who may push'),
    'merge-access-level': accessLevel(PUSH_MERGE_LEVELS, 'who may merge'),
    'unprotect-access-level': accessLevel(UNPROTECT_LEVELS, 'who may unprotect'),
    'allow-force-push': Flags.boolean({description: 'allow force pushes by those who may push', allowNo: true}),
    'code-owner-approval-required': Flags.boolean({description: 'require code owner approval to push (Premium)', allowNo: true}),
  }

  async run(): Promise<void> {
    await this.print(await protectBranch(this.api, this.flags.project, {
      name: this.args.branch,
      ...apiInput(this.flags, ['push-access-level', 'merge-access-level', 'unprotect-access-level', 'allow-force-push', 'code-owner-approval-required']),
    }))
  }
}
