import {GROUP_SETTINGS, PROJECT_SETTINGS, settingsInputs, settingsOf, updateSettings} from '../../api/settings.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {projectOrGroupFlags} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {onlyFor, scopeOf} from '../../core/input/scope.js'

/** the flags one kind of scope takes and the other does not */
const onlyIn = (inputs: object, other: object) => Object.keys(inputs).filter(name => !(name in other))

export default class SettingsUpdate extends ApiCommand<typeof SettingsUpdate> {
  static summary = 'Change settings of a project or a group'
  static description =
    'PUT /projects/:id (Maintainer role at least; --visibility needs Owner) or PUT /groups/:id (Owner). At least one change; only the settings named are sent, the others stay as they are. Some flags are for projects only (--merge-method, the *-access-level flags, ...), others for groups only (--project-creation-level, ...): forgectl refuses one given for the other kind before any request.'
  static examples = [
    '<%= config.bin %> settings update -p my-group/my-project --merge-method ff --only-allow-merge-if-pipeline-succeeds',
    '<%= config.bin %> settings update -p 42 --no-remove-source-branch-after-merge --wiki-access-level disabled --dry-run',
    '<%= config.bin %> settings update -g my-group --project-creation-level maintainer --require-two-factor-authentication',
  ]
  static handle = 'id'
  static flags = {...projectOrGroupFlags, ...flagsOf(PROJECT_SETTINGS), ...flagsOf(GROUP_SETTINGS)}

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    const flags = this.flags as Record<string, unknown>
    onlyFor(
      scope,
      'projects',
      flags,
      onlyIn(PROJECT_SETTINGS, GROUP_SETTINGS).map(name => PROJECT_SETTINGS[name as keyof typeof PROJECT_SETTINGS].flag),
    )
    onlyFor(
      scope,
      'groups',
      flags,
      onlyIn(GROUP_SETTINGS, PROJECT_SETTINGS).map(name => GROUP_SETTINGS[name as keyof typeof GROUP_SETTINGS].flag),
    )
    const inputs = settingsInputs(scope.kind)
    const changes = await this.read(inputs)
    someChange(inputs, changes)
    await this.print(settingsOf(scope.kind, await updateSettings(this.api, scope, changes)))
  }
}
