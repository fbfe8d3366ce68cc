import {POLICY_SETTINGS, updatePolicy} from '../../api/registry-cleanup.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class RegistryCleanupUpdate extends ApiCommand<typeof RegistryCleanupUpdate> {
  static summary = "Change a group's virtual registry cleanup policy"
  static description =
    'PATCH /groups/:id/-/virtual_registries/cleanup/policy (group Owner). Needs at least one of --cadence (1, 7, 14, 30, 90), --enabled/--no-enabled, --keep-n-days-after-download (1-365), --notify-on-success/--no-notify-on-success, --notify-on-failure/--no-notify-on-failure.'
  static examples = ['<%= config.bin %> registry-cleanup update -g my-group --cadence 14', '<%= config.bin %> registry-cleanup update -g 42 --no-enabled --json']
  // a group has one policy: -q prints the group that -g takes
  static handle = 'group_id'
  static flags = {...requiredGroupFlag, ...flagsOf(POLICY_SETTINGS)}

  async run(): Promise<void> {
    const changes = await this.read(POLICY_SETTINGS)
    someChange(POLICY_SETTINGS, changes)
    await this.print(await updatePolicy(this.api, this.flags.group, changes))
  }
}
