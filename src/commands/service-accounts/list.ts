import * as Flags from '@oclif/core/flags'
import {
  ACCOUNT_ORDER_BY, GROUP_SERVICE_ACCOUNT_COLUMNS, SERVICE_ACCOUNT_COLUMNS, SORT_DIRECTIONS, listServiceAccounts, optionalAccountGroupFlag,
  type ServiceAccountListOptions,
} from '../../api/service-accounts.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {listFlags} from '../../core/flags.js'
import {SERVICE_ACCOUNT_FIELDS} from '../../api/service-accounts.js'

export default class ServiceAccountsList extends ApiCommand<typeof ServiceAccountsList> {
  static summary = 'List instance service accounts, or those of a top-level group'
  static description = 'Without -g: GET /service_accounts (administrator; self-managed and dedicated), records {id, username, name}. With -g: GET /groups/:id/service_accounts (Owner of the top-level group), records with their e-mail. --sort is the API\'s sort direction here.'
  static fields = SERVICE_ACCOUNT_FIELDS
  static examples = [
    '<%= config.bin %> service-accounts list',
    '<%= config.bin %> service-accounts list -g my-group --order-by username --sort asc',
    '<%= config.bin %> service-accounts list -g 42 --all --json',
  ]
  static flags = {
    ...optionalAccountGroupFlag,
    ...listFlags,
    'order-by': Flags.string({description: 'order by this field (API default: id)', options: [...ACCOUNT_ORDER_BY]}),
    sort: Flags.string({description: 'sort direction (API default: desc)', options: [...SORT_DIRECTIONS]}),
  }

  async run(): Promise<void> {
    const options = apiInput(this.flags, ['order-by', 'sort']) as ServiceAccountListOptions
    const columns = this.flags.group === undefined ? SERVICE_ACCOUNT_COLUMNS : GROUP_SERVICE_ACCOUNT_COLUMNS
    await this.printList(listServiceAccounts(this.flags.group, options), columns)
  }
}
