import {getSettingsRecord, settingsOf} from '../../api/settings.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class SettingsGet extends ApiCommand<typeof SettingsGet> {
  static summary = 'Show the settings of a project or a group'
  static description =
    "GET /projects/:id or /groups/:id, shown as the settings `settings update` and a state file's `settings:` take (the edit endpoints' fields forgectl manages), with the record's ID and path."
  static examples = ['<%= config.bin %> settings get -p my-group/my-project', '<%= config.bin %> settings get -g my-group --json', '<%= config.bin %> settings get -p 42 --jq .merge_method']
  // a project or group has one set of settings: -q prints its ID
  static handle = 'id'
  static flags = {...projectOrGroupFlags}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    await this.print(settingsOf(scope.kind, await getSettingsRecord(this.api, scope)))
  }
}
