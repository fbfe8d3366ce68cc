import * as Flags from '@oclif/core/flags'
import {BRANCH_COLUMNS, listBranches} from '../../api/branches.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags, requiredProjectFlag} from '../../core/flags.js'
import {BRANCH_FIELDS} from '../../api/branches.js'

export default class BranchesList extends ApiCommand<typeof BranchesList> {
  static summary = 'List the branches of a project\'s repository'
  static description = 'GET /projects/:id/repository/branches, sorted by name. Needs no token for a public repository; otherwise any member can list. --search and --regex cannot be used together.'
  static fields = BRANCH_FIELDS
  static examples = [
    '<%= config.bin %> branches list -p my-group/my-project',
    '<%= config.bin %> branches list -p 42 --search "^feature" --all --json',
    '<%= config.bin %> branches list -p 42 --regex "^(fix|hotfix)_" -o table',
  ]
  static columns = BRANCH_COLUMNS
  static flags = {
    ...requiredProjectFlag,
    ...listFlags,
    search: Flags.string({description: 'branch names containing this text; ^term for a prefix, term$ for a suffix', exclusive: ['regex']}),
    regex: Flags.string({description: 'branch names matching this RE2 expression', exclusive: ['search']}),
  }

  async run(): Promise<void> {
    await this.printList(listBranches(this.flags.project, apiInput(this.flags, ['search', 'regex'])))
  }
}
