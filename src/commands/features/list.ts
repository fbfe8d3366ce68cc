import {FEATURE_COLUMNS, FEATURE_FIELDS, listFeatures} from '../../api/features.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'

export default class FeaturesList extends ApiCommand<typeof FeaturesList> {
  static summary = 'List the feature flags set on the instance, with their gates'
  static description = 'GET /features. Administrator only (self-managed). state is on, off or conditional; gates shows the boolean gate and any percentage or actor gates.'
  static fields = FEATURE_FIELDS
  static examples = ['<%= config.bin %> features list', '<%= config.bin %> features list --json', '<%= config.bin %> features list --sort name -o csv --columns name,state']
  static columns = FEATURE_COLUMNS
  static flags = {...listFlags}

  async run(): Promise<void> {
    await this.printList(listFeatures())
  }
}
