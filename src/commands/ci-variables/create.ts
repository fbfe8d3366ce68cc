import * as Flags from '@oclif/core/flags'
import {createVariable, optionalKeyArg, settingFlags, validKey, valueFlags, variableFromFlags, variableFromRecord} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/base-command.js'
import {runBulk} from '../../core/bulk.js'
import {UsageError} from '../../core/errors.js'
import {checkRecords, readRecords} from '../../core/records-file.js'

const SINGLE = ['value', 'value-file', 'description', 'variable-type', 'masked', 'protected', 'raw']

export default class CiVariablesCreate extends ApiCommand<typeof CiVariablesCreate> {
  static summary = 'Create an instance-level CI/CD variable, or many from a file'
  static description = 'POST /admin/ci/variables. Administrator only. A taken key fails (400 "has already been taken"); `ci-variables set` creates or updates instead. With --from-file, creates every variable of a JSON, YAML or CSV file (fields key, value, description, variable_type, masked, protected, raw); every record is checked before anything is sent, then several are created at a time and each is reported.'
  static examples = [
    '<%= config.bin %> ci-variables create DEPLOY_REGION --value eu-west-1 --description "Default region"',
    '<%= config.bin %> ci-variables create KUBECONFIG --value-file ~/.kube/config --variable-type file --protected',
    '<%= config.bin %> ci-variables create --from-file variables.yaml',
  ]
  static args = {key: optionalKeyArg()}
  static flags = {
    ...valueFlags,
    ...settingFlags,
    'from-file': Flags.string({description: 'create every variable listed in a .json, .yaml or .csv file (- for JSON on stdin)', exclusive: SINGLE}),
    concurrency: Flags.integer({description: 'variables created at once with --from-file', default: 8, min: 1, max: 32}),
  }

  async run(): Promise<void> {
    if (this.flags['from-file']) {
      if (this.args.key !== undefined) throw new UsageError('KEY and --from-file do not go together: the file names the keys')
      const variables = checkRecords(await readRecords(this.flags['from-file']), variableFromRecord)
      return this.reportBulk(await runBulk(variables, v => v.key, v => createVariable(this.api, v), this.flags.concurrency))
    }
    const key = validKey(await this.need(this.args.key, 'KEY'))
    const variable = await variableFromFlags(key, this.flags, (value, name) => this.need(value, name))
    await this.print(await createVariable(this.api, variable))
  }
}
