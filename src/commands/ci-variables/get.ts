import {getVariable, VARIABLE_KEY} from '../../api/ci-variables.js'
import {argsOf} from '../../core/input/input-flags.js'
import {CiVariableCommand} from '../../topics/ci-variables.js'

export default class CiVariablesGet extends CiVariableCommand<typeof CiVariablesGet> {
  static summary = 'Show one CI/CD variable of the instance, a project or a group, value included'
  static description =
    'GET /admin/ci/variables/:key (the instance: administrator only), GET /projects/:id/variables/:key (-p) or GET /groups/:id/variables/:key (-g) (Maintainer role in the project, Owner in the group). A key that exists in several environment scopes of the project or group needs --environment-scope to say which (the server answers 409 without it). The value is shown even when the variable is masked (masking applies to job logs); a --verbose trace shows it as [REDACTED].'
  static examples = [
    '<%= config.bin %> ci-variables get DEPLOY_REGION',
    '<%= config.bin %> ci-variables get DEPLOY_REGION --json | jq -r .value',
    '<%= config.bin %> ci-variables get SITE_URL -p my-group/my-project --environment-scope production',
  ]
  static args = argsOf(VARIABLE_KEY)

  async run(): Promise<void> {
    const {key} = await this.read(VARIABLE_KEY)
    await this.print(await getVariable(this.api, key, this.where, await this.environmentScope()))
  }
}
