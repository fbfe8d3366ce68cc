import {deleteVariable, VARIABLE_KEY} from '../../api/ci-variables.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'
import {done, thing} from '../../core/output/notes.js'

export default class CiVariablesDelete extends ApiCommand<typeof CiVariablesDelete> {
  static summary = 'Delete an instance-level CI/CD variable'
  static description = 'DELETE /admin/ci/variables/:key. Administrator only. Every pipeline of the instance loses the variable. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> ci-variables delete OLD_TOKEN', '<%= config.bin %> ci-variables delete OLD_TOKEN --yes']
  static args = argsOf(VARIABLE_KEY)
  static flags = {...yesFlag}

  async run(): Promise<void> {
    const {key} = await this.read(VARIABLE_KEY)
    await this.confirm(`delete instance CI/CD variable ${key}`)
    await deleteVariable(this.api, key)
    this.note(done('Deleted', thing('instance CI/CD variable', key)))
  }
}
