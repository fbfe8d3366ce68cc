import {ACCOUNT_SCOPE, listServiceAccounts, SERVICE_ACCOUNT_COLUMNS, SERVICE_ACCOUNT_FIELDS, SERVICE_ACCOUNT_ORDER} from '../../api/service-accounts.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ServiceAccountsList extends ApiCommand<typeof ServiceAccountsList> {
  static summary = 'List instance service accounts, or those of a top-level group'
  static description =
    "Without -g: GET /service_accounts (administrator; self-managed and dedicated). With -g: GET /groups/:id/service_accounts (Owner of the top-level group). Both answer records {id, username, name, public_email, email}, and unconfirmed_email while an address waits for confirmation. --sort is the server's order here, in the one spelling of a sort: [-]id or [-]username (sent as order_by and sort), or the platform's username_desc; asc|desc alone stays the direction of --order-by."
  static fields = SERVICE_ACCOUNT_FIELDS
  static examples = [
    '<%= config.bin %> service-accounts list',
    '<%= config.bin %> service-accounts list -g my-group --sort -username   # newest usernames first: order_by=username&sort=desc',
    '<%= config.bin %> service-accounts list -g 42 --all --json',
  ]
  static sortIsApiInput = true
  static flags = {...flagsOf(ACCOUNT_SCOPE), ...listFlags, ...flagsOf(SERVICE_ACCOUNT_ORDER)}

  async run(): Promise<void> {
    const {id: group, ...options} = await this.read({...ACCOUNT_SCOPE, ...SERVICE_ACCOUNT_ORDER})
    await this.printList(listServiceAccounts(group, options), SERVICE_ACCOUNT_COLUMNS)
  }
}
