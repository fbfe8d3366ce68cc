import {getVariable, VARIABLE_KEY} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class CiVariablesGet extends ApiCommand<typeof CiVariablesGet> {
  static summary = 'Show one instance-level CI/CD variable, value included'
  static description = 'GET /admin/ci/variables/:key. Administrator only. The value is shown even when the variable is masked (masking applies to job logs); a --verbose trace shows it as [REDACTED].'
  static examples = ['<%= config.bin %> ci-variables get DEPLOY_REGION', '<%= config.bin %> ci-variables get DEPLOY_REGION --json | jq -r .value']
  static args = argsOf(VARIABLE_KEY)

  async run(): Promise<void> {
    const {key} = await this.read(VARIABLE_KEY)
    await this.print(await getVariable(this.api, key))
  }
}
