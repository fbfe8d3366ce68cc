import {SCOPED_VALUE_INPUTS, updateVariable} from '../../api/ci-variables.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {CiVariableCommand, variableScopeFlags} from '../../topics/ci-variables.js'

export default class CiVariablesUpdate extends CiVariableCommand<typeof CiVariablesUpdate> {
  static summary = 'Change a CI/CD variable of the instance, a project or a group'
  static description =
    "PUT /admin/ci/variables/:key (the instance: administrator only), PUT /projects/:id/variables/:key (-p) or PUT /groups/:id/variables/:key (-g) (Maintainer role in the project, Owner in the group). With --environment-scope only that scope's variable changes: forgectl reads it first (in a group the platform's update would fall back to the key's variable of another scope), a missing one is a 404, and nothing is written when the server answers another scope's. The value is required on every update (--value, or --value-file with - for standard input); the settings not given keep their current value. A key that exists in several environment scopes of the project or group needs --environment-scope to say which (the server answers 409 without it). A --masked value must be at least 8 characters on one line, of A-Z a-z 0-9 + / = - _ @ : . ~ only, or any character but white space with --raw (the platform's rule), checked before sending. The printed record, --verbose and --dry-run show the value as [REDACTED] (`ci-variables get KEY` prints it)."
  static examples = [
    '<%= config.bin %> ci-variables update DEPLOY_REGION --value eu-central-1',
    '<%= config.bin %> ci-variables update REGISTRY_PASSWORD --value-file - --masked --protected < password.txt',
    '<%= config.bin %> ci-variables update SITE_URL -p my-group/my-project --environment-scope staging --value https://staging.example.com',
  ]
  static args = argsOf(SCOPED_VALUE_INPUTS)
  static flags = {...variableScopeFlags, ...flagsOf(SCOPED_VALUE_INPUTS)}

  async run(): Promise<void> {
    await this.print(await updateVariable(this.api, await this.variable(), this.where))
  }
}
