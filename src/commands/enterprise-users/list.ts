import * as Flags from '@oclif/core/flags'
import {ENTERPRISE_USER_COLUMNS, listEnterpriseUsers, topLevelGroupFlag, TWO_FACTOR_FILTERS} from '../../api/enterprise-users.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {dateTimeFlag, listFlags} from '../../core/flags.js'
import {ENTERPRISE_USER_FIELDS} from '../../api/enterprise-users.js'

export default class EnterpriseUsersList extends ApiCommand<typeof EnterpriseUsersList> {
  static summary = 'List the enterprise users of a top-level group'
  static description = 'GET /groups/:id/enterprise_users (Owner of the top-level group; the users need not be members). Filters combine.'
  static fields = ENTERPRISE_USER_FIELDS
  static examples = [
    '<%= config.bin %> enterprise-users list -g acme --two-factor disabled --active',
    '<%= config.bin %> enterprise-users list -g 10 --search smith --created-after 2026-01-01T00:00:00Z --all --json',
  ]
  static columns = ENTERPRISE_USER_COLUMNS
  static flags = {
    ...topLevelGroupFlag,
    ...listFlags,
    username: Flags.string({description: 'only the user with this username'}),
    search: Flags.string({description: 'match name, e-mail or username (partial values allowed)'}),
    active: Flags.boolean({description: 'only active users (the platform treats false as no filter)', allowNo: true}),
    blocked: Flags.boolean({description: 'only blocked users (the platform treats false as no filter)', allowNo: true}),
    'created-after': dateTimeFlag({description: 'only users created after this time'}),
    'created-before': dateTimeFlag({description: 'only users created before this time'}),
    'two-factor': Flags.string({description: 'only users with two-factor authentication enabled or disabled', options: [...TWO_FACTOR_FILTERS]}),
  }

  async run(): Promise<void> {
    const filters = apiInput(this.flags, ['username', 'search', 'active', 'blocked', 'created-after', 'created-before'])
    const twoFactor = this.flags['two-factor'] as (typeof TWO_FACTOR_FILTERS)[number] | undefined
    await this.printList(listEnterpriseUsers(this.flags.group, {...filters, two_factor: twoFactor}))
  }
}
