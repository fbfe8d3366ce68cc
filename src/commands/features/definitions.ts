import {DEFINITION_COLUMNS, DEFINITION_FIELDS, listDefinitions} from '../../api/features.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'

export default class FeaturesDefinitions extends ApiCommand<typeof FeaturesDefinitions> {
  static summary = 'List the feature flag definitions the instance knows'
  static description = 'GET /features/definitions. Administrator only (self-managed). Each definition names its type, owning group, milestone and default state.'
  static fields = DEFINITION_FIELDS
  static examples = ['<%= config.bin %> features definitions', '<%= config.bin %> features definitions --all --json']
  static columns = DEFINITION_COLUMNS
  static flags = {...listFlags}

  async run(): Promise<void> {
    await this.printList(listDefinitions())
  }
}
