import * as Args from '@oclif/core/args'
import {deleteFeature} from '../../api/features.js'
import {ApiCommand} from '../../core/base-command.js'
import {yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class FeaturesDelete extends ApiCommand<typeof FeaturesDelete> {
  static summary = "Remove a feature flag's gates"
  static description = 'DELETE /features/:name. Administrator only (self-managed). The flag falls back to its default; the server answers the same whether or not a gate existed. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> features delete new_navigation',
    '<%= config.bin %> features delete new_navigation --yes',
  ]
  static args = {name: Args.string({description: 'feature flag name', required: true})}
  static flags = {...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`remove every gate of feature flag "${this.args.name}"`)
    await deleteFeature(this.api, this.args.name)
    this.note(done('Removed', `the gates of ${thing('feature flag', this.args.name)}`, 'it is off for everyone'))
  }
}
