import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {GATE_KEYS, checkFeatureValue, gateTargetFlags, gateTargets, parseFeatureValue, setFeature, type GateKey} from '../../api/features.js'
import {ApiCommand} from '../../core/base-command.js'

export default class FeaturesSet extends ApiCommand<typeof FeaturesSet> {
  static summary = 'Set a feature flag gate: on, off, a percentage, or for some actors'
  static description = 'POST /features/:name. Administrator only (self-managed). VALUE true turns the flag on, false off; an integer 0-100 makes it conditional on a percentage of time (default) or, with --key percentage_of_actors, of actors. With --user, --group, --namespace, --project, --repository or --feature-group (gate targets here, not scopes; repeatable or comma lists, several kinds in one call) VALUE true or false enables or disables it for those actors only. The flag is created if absent; --force skips validation such as the YAML definition.'
  static examples = [
    '<%= config.bin %> features set new_navigation true',
    '<%= config.bin %> features set new_navigation 25 --key percentage_of_actors',
    '<%= config.bin %> features set new_navigation true --user alice,bob --group acme --project acme/website',
  ]
  static args = {
    name: Args.string({description: 'feature flag name', required: true}),
    value: Args.string({description: 'true, false, or a percentage 0-100', required: true}),
  }
  static flags = {
    key: Flags.string({description: 'which percentage an integer VALUE sets (API default: percentage_of_time)', options: [...GATE_KEYS]}),
    ...gateTargetFlags,
  }

  async run(): Promise<void> {
    const value = parseFeatureValue(this.args.value)
    const targets = gateTargets(this.flags)
    checkFeatureValue(value, this.flags.key, targets)
    await this.print(await setFeature(this.api, this.args.name, {value, key: this.flags.key as GateKey | undefined, force: this.flags.force, ...targets}))
  }
}
