import {FEATURE_SWITCH, setFeature} from '../../api/features.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class FeaturesEnable extends ApiCommand<typeof FeaturesEnable> {
  static summary = 'Turn a feature flag on, for everyone or for some actors'
  static description =
    'Shorthand for `features set NAME true`: POST /features/:name with value true. Administrator only (self-managed). Turns the flag on for everyone; with gate targets (--user, --group, ...) it is enabled for those actors only; gate targets are repeatable or comma lists, several kinds in one call.'
  static examples = ['<%= config.bin %> features enable new_navigation', '<%= config.bin %> features enable new_navigation --user alice --group acme,opensource --json']
  static args = argsOf(FEATURE_SWITCH)
  static flags = flagsOf(FEATURE_SWITCH)

  async run(): Promise<void> {
    await this.print(await setFeature(this.api, {...(await this.read(FEATURE_SWITCH)), value: true}))
  }
}
