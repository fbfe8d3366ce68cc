import {CI_VARIABLE_COLUMNS, CI_VARIABLE_FIELDS, listVariables} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'

export default class CiVariablesList extends ApiCommand<typeof CiVariablesList> {
  static summary = 'List the instance-level CI/CD variables'
  static description = 'GET /admin/ci/variables. Administrator only. The table leaves the values out; --json, -o yaml or `ci-variables get KEY` show them, a --verbose trace does not.'
  static fields = CI_VARIABLE_FIELDS
  static examples = ['<%= config.bin %> ci-variables list', '<%= config.bin %> ci-variables list --all --json', '<%= config.bin %> ci-variables list --columns key,value -o csv']
  static columns = CI_VARIABLE_COLUMNS
  static flags = {...listFlags}

  async run(): Promise<void> {
    await this.printList(listVariables())
  }
}
