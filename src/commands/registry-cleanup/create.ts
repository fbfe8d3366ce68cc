import {createPolicy, POLICY_SETTINGS} from '../../api/registry-cleanup.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class RegistryCleanupCreate extends ApiCommand<typeof RegistryCleanupCreate> {
  static summary = 'Create the virtual registry cleanup policy of a top-level group'
  static description =
    'POST /groups/:id/-/virtual_registries/cleanup/policy (group Owner). One policy per top-level group: a second one, or one on a subgroup, is refused by the server (400). --cadence is one of 1, 7, 14, 30, 90 days; --keep-n-days-after-download is 1 to 365.'
  static examples = [
    '<%= config.bin %> registry-cleanup create -g my-group --cadence 7 --keep-n-days-after-download 30 --enabled',
    '<%= config.bin %> registry-cleanup create -g 42 --cadence 30 --no-enabled --json',
  ]
  // a group has one policy: -q prints the group that -g takes
  static handle = 'group_id'
  static flags = {...requiredGroupFlag, ...flagsOf(POLICY_SETTINGS)}

  async run(): Promise<void> {
    await this.print(await createPolicy(this.api, this.flags.group, await this.read(POLICY_SETTINGS)))
  }
}
