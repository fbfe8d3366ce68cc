import {createVariable, SCOPED_VALUE_INPUTS} from '../../api/ci-variables.js'
import {UsageError} from '../../core/base/errors.js'
import {fanOut} from '../../core/command/fan-out.js'
import {fromFileFlags} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {CiVariableCommand, variableScopeFlags} from '../../topics/ci-variables.js'

export default class CiVariablesCreate extends CiVariableCommand<typeof CiVariablesCreate> {
  static summary = 'Create a CI/CD variable of the instance, a project or a group, or many from a file'
  static description =
    'POST /admin/ci/variables (the instance: administrator only), POST /projects/:id/variables (-p) or POST /groups/:id/variables (-g) (Maintainer role in the project, Owner in the group). A taken key fails (400 "has already been taken"); in a project or group a key may exist once per environment scope (--environment-scope, API default *). `ci-variables set` creates or updates instead. Without --value or --value-file the value is asked for, masked, on a terminal. A --masked value must be at least 8 characters on one line, of A-Z a-z 0-9 + / = - _ @ : . ~ only, or any character but white space with --raw (the platform\'s rule), checked before sending. With --from-file, creates every variable of a JSON, YAML or CSV file (fields key, value, description, variable_type, masked, protected, raw, and environment_scope for a project or group); every record is checked before anything is sent, then several are created at a time and each is reported. The value is a secret input: the printed records, --verbose and --dry-run show it as [REDACTED] (`ci-variables get KEY` prints it).'
  static examples = [
    '<%= config.bin %> ci-variables create DEPLOY_REGION --value eu-west-1 --description "Default region"',
    '<%= config.bin %> ci-variables create KUBECONFIG --value-file ~/.kube/config --variable-type file --protected',
    '<%= config.bin %> ci-variables create --from-file variables.yaml',
    '<%= config.bin %> ci-variables create SITE_URL -p my-group/my-project --environment-scope production --value https://www.example.com',
    '<%= config.bin %> ci-variables create -g my-group --from-file group-variables.csv',
  ]
  static args = argsOf(SCOPED_VALUE_INPUTS, {optional: true})
  static flags = {
    ...variableScopeFlags,
    ...flagsOf(SCOPED_VALUE_INPUTS, {exclusive: ['from-file']}),
    ...fromFileFlags('variable'),
  }

  async run(): Promise<void> {
    if (this.flags['from-file']) {
      if (this.args.key !== undefined) throw new UsageError('KEY and --from-file do not go together: the file names the keys')
      const variables = await this.variablesFromFile(this.flags['from-file'])
      return fanOut(this.commandContext, {
        items: variables,
        name: v => (v.environment_scope === undefined ? v.key : `${v.key} (${v.environment_scope})`),
        work: v => createVariable(this.api, v, this.where),
        done: 'created',
      })
    }
    await this.print(await createVariable(this.api, await this.variable(), this.where))
  }
}
