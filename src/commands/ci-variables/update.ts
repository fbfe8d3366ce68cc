import {updateVariable, VARIABLE_INPUTS} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class CiVariablesUpdate extends ApiCommand<typeof CiVariablesUpdate> {
  static summary = 'Change an instance-level CI/CD variable'
  static description =
    'PUT /admin/ci/variables/:key. Administrator only. The API requires the value on every update (--value, or --value-file with - for standard input); the settings not given keep their current value. The printed record, --verbose and --dry-run show the value as [REDACTED] (`ci-variables get KEY` prints it).'
  static examples = [
    '<%= config.bin %> ci-variables update DEPLOY_REGION --value eu-central-1',
    '<%= config.bin %> ci-variables update REGISTRY_PASSWORD --value-file - --masked --protected < password.txt',
  ]
  static args = argsOf(VARIABLE_INPUTS)
  static flags = flagsOf(VARIABLE_INPUTS)

  async run(): Promise<void> {
    const variable = await this.read(VARIABLE_INPUTS)
    await this.print(await updateVariable(this.api, variable))
  }
}
