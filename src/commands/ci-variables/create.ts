import {createVariable, VARIABLE_INPUTS} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {UsageError} from '../../core/command/errors.js'
import {fromFileFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {readInputRecords} from '../../core/input/records-file.js'

export default class CiVariablesCreate extends ApiCommand<typeof CiVariablesCreate> {
  static summary = 'Create an instance-level CI/CD variable, or many from a file'
  static description =
    'POST /admin/ci/variables. Administrator only. A taken key fails (400 "has already been taken"); `ci-variables set` creates or updates instead. Without --value or --value-file the value is asked for, masked, on a terminal. With --from-file, creates every variable of a JSON, YAML or CSV file (fields key, value, description, variable_type, masked, protected, raw); every record is checked before anything is sent, then several are created at a time and each is reported. The value is a secret input: the printed records, --verbose and --dry-run show it as [REDACTED] (`ci-variables get KEY` prints it).'
  static examples = [
    '<%= config.bin %> ci-variables create DEPLOY_REGION --value eu-west-1 --description "Default region"',
    '<%= config.bin %> ci-variables create KUBECONFIG --value-file ~/.kube/config --variable-type file --protected',
    '<%= config.bin %> ci-variables create --from-file variables.yaml',
  ]
  static args = argsOf(VARIABLE_INPUTS, {optional: true})
  static flags = {
    ...flagsOf(VARIABLE_INPUTS, {exclusive: ['from-file']}),
    ...fromFileFlags('variable'),
  }

  async run(): Promise<void> {
    if (this.flags['from-file']) {
      if (this.args.key !== undefined) throw new UsageError('KEY and --from-file do not go together: the file names the keys')
      const variables = await readInputRecords(this.flags['from-file'], VARIABLE_INPUTS)
      return this.fanOut({items: variables, name: v => v.key, work: v => createVariable(this.api, v), done: 'created'})
    }
    await this.print(await createVariable(this.api, await this.read(VARIABLE_INPUTS)))
  }
}
