import {getPolicy} from '../../api/registry-cleanup.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag} from '../../core/input/flags.js'

export default class RegistryCleanupGet extends ApiCommand<typeof RegistryCleanupGet> {
  static summary = "Show a group's virtual registry cleanup policy"
  static description = 'GET /groups/:id/-/virtual_registries/cleanup/policy. The group must be a top-level group; only its Owner may read the policy (403 below). Premium and Ultimate.'
  static examples = ['<%= config.bin %> registry-cleanup get -g my-group', '<%= config.bin %> registry-cleanup get -g 42 --json']
  // a group has one policy: -q prints the group that -g takes
  static handle = 'group_id'
  static flags = {...requiredGroupFlag}

  async run(): Promise<void> {
    await this.print(await getPolicy(this.api, this.flags.group))
  }
}
