import * as Flags from '@oclif/core/flags'
import {ITERATION_COLUMNS, ITERATION_WORDS, ITERATION_SEARCH_FIELDS, ITERATION_STATES, listIterations, type IterationListFilters} from '../../api/iterations.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {dateTimeFlag, listFlag, listFlags, requiredProjectFlag} from '../../core/flags.js'
import {ITERATION_FIELDS} from '../../api/iterations.js'

export default class IterationsList extends ApiCommand<typeof IterationsList> {
  static summary = 'List the iterations of a project\'s groups'
  static description = 'GET /projects/:id/iterations (Premium and Ultimate). Iterations belong to groups: this lists those of the project\'s group and its ancestors (--no-include-ancestors: the project\'s group only), and of descendant groups with --include-descendants. The state field is a number, 1 upcoming, 2 current, 3 closed: a table shows the word, json, yaml, csv and ndjson the number; --state opened means upcoming and current. Iterations made by a cadence have no title: --in cadence_title searches the cadence\'s title.'
  static fields = ITERATION_FIELDS
  static examples = [
    '<%= config.bin %> iterations list -p my-group/my-project --state current',
    '<%= config.bin %> iterations list -p 42 --search sprint --in title,cadence_title --json',
    '<%= config.bin %> iterations list -p 42 --state opened --no-include-ancestors',
  ]
  static columns = ITERATION_COLUMNS
  static words = ITERATION_WORDS
  static flags = {
    ...requiredProjectFlag,
    ...listFlags,
    state: Flags.string({description: 'which iterations (API default: all)', options: [...ITERATION_STATES]}),
    search: Flags.string({description: 'text to find (in titles unless --in says otherwise)'}),
    in: listFlag({description: 'where --search looks: title, cadence_title (repeatable or comma list; release 16.2)', options: [...ITERATION_SEARCH_FIELDS]}),
    'include-ancestors': Flags.boolean({description: 'include iterations of ancestor groups (API default: true)', allowNo: true}),
    'include-descendants': Flags.boolean({description: 'include iterations of descendant groups (API default: false)', allowNo: true}),
    'updated-before': dateTimeFlag({description: 'only iterations updated before this time'}),
    'updated-after': dateTimeFlag({description: 'only iterations updated after this time'}),
  }

  async run(): Promise<void> {
    const {flags} = this
    if (flags.in !== undefined && flags.search === undefined) throw new UsageError('--in says where --search looks: give --search too')
    const filters: IterationListFilters = {
      state: flags.state as IterationListFilters['state'], in: flags.in as IterationListFilters['in'],
      ...apiInput(flags, ['search', 'include-ancestors', 'include-descendants', 'updated-before', 'updated-after']),
    }
    await this.printList(listIterations(flags.project, filters))
  }
}
