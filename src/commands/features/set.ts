import {checkFeatureGate, FEATURE_GATE, setFeature} from '../../api/features.js'
import {warning} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class FeaturesSet extends ApiCommand<typeof FeaturesSet> {
  static summary = 'Set a feature flag gate: on, off, a percentage, or for some actors'
  static description =
    'POST /features/:name. Administrator only (self-managed). VALUE true turns the flag on, false off; an integer 1-99 makes it conditional on a percentage of time (default) or, with --key percentage_of_actors, of actors; 100 is on and 0 off, as the platform stores them (whatever --key says), and a percentage leaves the other gates of the flag as they are. With --user, --group, --namespace, --project, --repository or --feature-group (gate targets here, not scopes; repeatable or comma lists, several kinds in one call) VALUE true or false enables or disables it for those actors only. The flag is created if absent; --force skips validation such as the YAML definition.'
  static examples = [
    '<%= config.bin %> features set new_navigation true',
    '<%= config.bin %> features set new_navigation 25 --key percentage_of_actors',
    '<%= config.bin %> features set new_navigation true --user alice,bob --group acme --project acme/website',
  ]
  static args = argsOf(FEATURE_GATE)
  static flags = flagsOf(FEATURE_GATE)

  async run(): Promise<void> {
    const {gate, leftOutKey, whole} = checkFeatureGate(await this.read(FEATURE_GATE))
    if (leftOutKey !== undefined && whole)
      this.note(
        warning(`VALUE ${gate.value ? 100 : 0} turns the flag ${gate.value ? 'on' : 'off'} for everyone, as the platform stores it; it was sent as ${gate.value} and --key ${leftOutKey} left out`),
      )
    else if (leftOutKey !== undefined) this.note(warning(`--key ${leftOutKey} applies to a percentage VALUE only; it was left out`))
    await this.print(await setFeature(this.api, gate))
  }
}
