import {BRANCH_COLUMNS, BRANCH_FIELDS, BRANCH_FILTERS, listBranches} from '../../api/branches.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {inputLabel} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class BranchesList extends ApiCommand<typeof BranchesList> {
  static summary = "List the branches of a project's repository"
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
    ...flagsOf(BRANCH_FILTERS),
  }

  async run(): Promise<void> {
    const filters = await this.read(BRANCH_FILTERS)
    // The API refuses both at once: "search, regex are mutually exclusive".
    if (filters.search !== undefined && filters.regex !== undefined)
      throw new UsageError(`${inputLabel(BRANCH_FILTERS.search)} and ${inputLabel(BRANCH_FILTERS.regex)} do not go together: give one of them`)
    await this.printList(listBranches(this.flags.project, filters))
  }
}
