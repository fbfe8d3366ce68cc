import {setVariable, VARIABLE_INPUTS} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {argsOf, flagsOf, otherSpellingOf} from '../../core/input/input-flags.js'
import {sameInput} from '../../core/input/input-read.js'
import {done, thing} from '../../core/output/notes.js'

// VALUE is another spelling of --value: a value comes after the name it sets, as in every `set`
const VALUE = {arg: 'value'} as const

export default class CiVariablesSet extends ApiCommand<typeof CiVariablesSet> {
  static summary = 'Create an instance-level CI/CD variable, or update it when it exists'
  static description =
    'PUT /admin/ci/variables/:key, then POST /admin/ci/variables when the server answers 404. Administrator only. For scripts that run again: says on stderr whether the variable was created or updated. On an update the settings not given keep their value; on a create they take the API defaults. The value is VALUE or --value, as `config set KEY VALUE` takes it (both only when they agree), or --value-file. --dry-run shows the PUT only. The printed record, --verbose and --dry-run show the value as [REDACTED] (`ci-variables get KEY` prints it).'
  static examples = [
    '<%= config.bin %> ci-variables set DEPLOY_REGION eu-west-1',
    '<%= config.bin %> ci-variables set DEPLOY_REGION --value eu-west-1 --description "where deploys go"',
    'vault read -field=password secret/registry | <%= config.bin %> ci-variables set REGISTRY_PASSWORD --value-file - --masked',
  ]
  static args = {...argsOf(VARIABLE_INPUTS), ...otherSpellingOf(VARIABLE_INPUTS.value, VALUE)}
  static flags = flagsOf(VARIABLE_INPUTS)

  async run(): Promise<void> {
    const input = await this.read(VARIABLE_INPUTS, sameInput(this.commandLine, VARIABLE_INPUTS.value, VALUE))
    const {action, variable} = await setVariable(this.api, input)
    this.note(done(action === 'created' ? 'Created' : 'Updated', thing('instance CI/CD variable', variable.key)))
    await this.print(variable)
  }
}
