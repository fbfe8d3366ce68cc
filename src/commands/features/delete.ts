import {deleteFeature, FEATURE_NAME} from '../../api/features.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class FeaturesDelete extends ApiCommand<typeof FeaturesDelete> {
  static summary = "Remove a feature flag's gates"
  static description =
    'DELETE /features/:name. Administrator only (self-managed). The flag falls back to its default; the server answers the same whether or not a gate existed. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> features delete new_navigation', '<%= config.bin %> features delete new_navigation --yes']
  static args = argsOf(FEATURE_NAME)
  static flags = {...yesFlag}

  async run(): Promise<void> {
    const {name} = await this.read(FEATURE_NAME)
    await this.confirm(`remove every gate of feature flag "${name}"`)
    await deleteFeature(this.api, name)
    this.note(done('Removed', `the gates of ${thing('feature flag', name)}`, 'it is off for everyone'))
  }
}
