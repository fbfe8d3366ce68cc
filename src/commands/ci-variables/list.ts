import {CI_VARIABLE_COLUMNS, CI_VARIABLE_FIELDS, listVariables} from '../../api/ci-variables.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {CiVariableCommand} from '../../topics/ci-variables.js'

export default class CiVariablesList extends CiVariableCommand<typeof CiVariablesList> {
  static summary = 'List the CI/CD variables of the instance, a project or a group'
  static description =
    "GET /admin/ci/variables (the instance: administrator only), GET /projects/:id/variables (-p) or GET /groups/:id/variables (-g) (Maintainer role in the project, Owner in the group). A project's or group's key may appear once per environment scope: their table shows the environment_scope column. The table leaves the values out; --json, -o yaml or `ci-variables get KEY` show them, a --verbose trace does not."
  static fields = CI_VARIABLE_FIELDS
  static examples = [
    '<%= config.bin %> ci-variables list',
    '<%= config.bin %> ci-variables list --all --json',
    '<%= config.bin %> ci-variables list --columns key,value -o csv',
    '<%= config.bin %> ci-variables list -p my-group/my-project',
    '<%= config.bin %> ci-variables list -g my-group --columns key,environment_scope,masked',
  ]
  static columns = CI_VARIABLE_COLUMNS
  static flags = {...projectOrGroupFlags, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listVariables(this.where))
  }
}
