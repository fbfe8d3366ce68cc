import {FEATURE_SWITCH, setFeature} from '../../api/features.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class FeaturesDisable extends ApiCommand<typeof FeaturesDisable> {
  static summary = 'Turn a feature flag off, for everyone or for some actors'
  static description =
    'Shorthand for `features set NAME false`: POST /features/:name with value false. Administrator only (self-managed). Turns the flag off for everyone (every gate is cleared); with gate targets (--user, --group, ...) it is disabled for those actors only; gate targets are repeatable or comma lists, several kinds in one call.'
  static examples = ['<%= config.bin %> features disable new_navigation', '<%= config.bin %> features disable new_navigation --user alice --group acme,opensource --json']
  static args = argsOf(FEATURE_SWITCH)
  static flags = flagsOf(FEATURE_SWITCH)

  async run(): Promise<void> {
    await this.print(await setFeature(this.api, {...(await this.read(FEATURE_SWITCH)), value: false}))
  }
}
