import {ITERATION_COLUMNS, ITERATION_FIELDS, ITERATION_FILTERS, ITERATION_WORDS, listIterations} from '../../api/iterations.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class IterationsList extends ApiCommand<typeof IterationsList> {
  static summary = "List the iterations of a group, or of a project's groups"
  static description =
    "GET /projects/:id/iterations or /groups/:id/iterations (Premium and Ultimate). Iterations belong to groups: with -p this lists those of the project's group and its ancestors (--no-include-ancestors: the project's group only), with -g those of the group and its ancestors (--no-include-ancestors: the group's own); and of descendant groups with --include-descendants. The state field is a number, 1 upcoming, 2 current, 3 closed: a table shows the word, json, yaml, csv and ndjson the number; --state opened means upcoming and current. Iterations made by a cadence have no title: --in cadence_title searches the cadence's title."
  static fields = ITERATION_FIELDS
  static examples = [
    '<%= config.bin %> iterations list -p my-group/my-project --state current',
    '<%= config.bin %> iterations list -p 42 --search sprint --in title,cadence_title --json',
    '<%= config.bin %> iterations list -p 42 --state opened --no-include-ancestors',
    '<%= config.bin %> iterations list -g my-group --state current --no-include-ancestors',
  ]
  static columns = ITERATION_COLUMNS
  static words = ITERATION_WORDS
  static flags = {
    ...projectOrGroupFlags,
    ...listFlags,
    ...flagsOf(ITERATION_FILTERS),
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    const filters = await this.read(ITERATION_FILTERS)
    if (filters.in !== undefined && filters.search === undefined) throw new UsageError('--in says where --search looks: give --search too')
    await this.printList(listIterations(scope, filters))
  }
}
