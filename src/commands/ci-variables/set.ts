import {SCOPED_VALUE_INPUTS, setVariable} from '../../api/ci-variables.js'
import {done} from '../../core/base/notes.js'
import {argsOf, flagsOf, otherSpellingOf} from '../../core/input/input-flags.js'
import {sameInput} from '../../core/input/input-read.js'
import {CiVariableCommand, variableScopeFlags} from '../../topics/ci-variables.js'

// VALUE is another spelling of --value: a value comes after the name it sets, as in every `set`.
// The flags take a value of any length; the instance's limit is checked by variableFrom.
const VALUE = {arg: 'value'} as const

export default class CiVariablesSet extends CiVariableCommand<typeof CiVariablesSet> {
  static summary = 'Create a CI/CD variable of the instance, a project or a group, or update it when it exists'
  static description =
    "PUT /admin/ci/variables/:key, then POST /admin/ci/variables when the server answers 404 (the instance: administrator only); with -p or -g the same at /projects/:id/variables or /groups/:id/variables (Maintainer role in the project, Owner in the group). For scripts that run again: says on stderr whether the variable was created or updated. On an update the settings not given keep their value; on a create they take the API defaults. With --environment-scope, the key's variable of that environment scope is updated, or created there (it is read first, and nothing is written when the server answers another scope's: a group's update on the platform would fall back to the key's variable of another scope). The value is VALUE or --value, as `config set KEY VALUE` takes it (both only when they agree), or --value-file. A --masked value must be at least 8 characters on one line, of A-Z a-z 0-9 + / = - _ @ : . ~ only, or any character but white space with --raw (the platform's rule), checked before sending. --dry-run shows the PUT only. The printed record, --verbose and --dry-run show the value as [REDACTED] (`ci-variables get KEY` prints it)."
  static examples = [
    '<%= config.bin %> ci-variables set DEPLOY_REGION eu-west-1',
    '<%= config.bin %> ci-variables set DEPLOY_REGION --value eu-west-1 --description "where deploys go"',
    'vault read -field=password secret/registry | <%= config.bin %> ci-variables set REGISTRY_PASSWORD --value-file - --masked',
    '<%= config.bin %> ci-variables set SITE_URL https://review.example.com -p my-group/my-project --environment-scope "review/*"',
  ]
  static args = {...argsOf(SCOPED_VALUE_INPUTS), ...otherSpellingOf(SCOPED_VALUE_INPUTS.value, VALUE)}
  static flags = {...variableScopeFlags, ...flagsOf(SCOPED_VALUE_INPUTS)}

  async run(): Promise<void> {
    const values = await this.read(SCOPED_VALUE_INPUTS, sameInput(this.commandLine, SCOPED_VALUE_INPUTS.value, VALUE))
    const input = await this.variableFrom(values, this.args.value === undefined ? undefined : 'VALUE')
    const {action, variable} = await setVariable(this.api, input, this.where)
    this.note(done(action === 'created' ? 'Created' : 'Updated', this.variableThing(variable.key, input.environment_scope)))
    await this.print(variable)
  }
}
