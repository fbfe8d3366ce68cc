import {FEATURE_COLUMNS, FEATURE_FIELDS, FEATURE_NAME, findFeature} from '../../api/features.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class FeaturesGet extends ApiCommand<typeof FeaturesGet> {
  static summary = 'Show one feature flag and its gates'
  static description =
    'GET /features, searched for NAME (the API has no read of one flag). Administrator only (self-managed). A flag without any gate is not listed there: exit 3; features definitions lists every flag the server knows.'
  static fields = FEATURE_FIELDS
  static columns = FEATURE_COLUMNS
  static examples = ['<%= config.bin %> features get new_navigation', '<%= config.bin %> features get new_navigation --json']
  static args = argsOf(FEATURE_NAME)

  async run(): Promise<void> {
    const {name} = await this.read(FEATURE_NAME)
    await this.print(await findFeature(this.api, name))
  }
}
