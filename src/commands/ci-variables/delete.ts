import {deleteVariable, VARIABLE_KEY} from '../../api/ci-variables.js'
import {done} from '../../core/base/notes.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {CiVariableCommand, variableScopeFlags} from '../../topics/ci-variables.js'

export default class CiVariablesDelete extends CiVariableCommand<typeof CiVariablesDelete> {
  static summary = 'Delete a CI/CD variable of the instance, a project or a group'
  static description =
    'DELETE /admin/ci/variables/:key (the instance: administrator only), DELETE /projects/:id/variables/:key (-p) or DELETE /groups/:id/variables/:key (-g) (Maintainer role in the project, Owner in the group). Every pipeline of the instance, project or group loses the variable. A key that exists in several environment scopes needs --environment-scope to say which (the server answers 409 without it). Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> ci-variables delete OLD_TOKEN',
    '<%= config.bin %> ci-variables delete OLD_TOKEN --yes',
    '<%= config.bin %> ci-variables delete SITE_URL -p my-group/my-project --environment-scope staging --yes',
  ]
  static args = argsOf(VARIABLE_KEY)
  static flags = {...variableScopeFlags, ...yesFlag}

  async run(): Promise<void> {
    const {key} = await this.read(VARIABLE_KEY)
    const environmentScope = await this.environmentScope()
    await this.confirm(`delete ${this.variableThing(key, environmentScope, {quoted: false})}`)
    await deleteVariable(this.api, key, this.where, environmentScope)
    this.note(done('Deleted', this.variableThing(key, environmentScope)))
  }
}
